import Glibc
import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterFuzzing
import SchemeRouterPlatform

/// Shared fixtures: manifests built from JSON text, temporary directories, the built products.
enum FuzzFixtures {
    /// The seed's TodoList manifest (a copy of Examples/TodoList/Schemes/todolist.json).
    static let todolistJSON = """
        {
          "CFBundleURLName": "com.acme.todolist",
          "CFBundleURLSchemes": ["todolist"],
          "routes": [
            {
              "name": "add", "path": "/", "rawQuery": "task", "fragment": "due",
              "parameters": {
                "due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
                "task": {"type": "string", "minLength": 1, "maxLength": 200}
              }
            }
          ]
        }
        """

    /// A manifest with every parameter type, query items (repeated, optional, form-decoded), a raw
    /// query, fragments, a catch-all and several hosts.
    static let kitchenSinkJSON = """
        {
          "CFBundleURLName": "com.example.notes",
          "CFBundleURLSchemes": ["notes", "x-notes"],
          "routes": [
            {"name": "show", "host": "note", "path": "/{id}", "query": {"highlight": "highlight", "tag": "tags"},
             "parameters": {"id": {"type": "integer", "min": 1, "max": 9999},
                            "highlight": {"type": "string", "maxLength": 40, "optional": true},
                            "tags": {"type": "string", "maxLength": 16, "repeated": true, "optional": true}}},
            {"name": "byUUID", "host": "uuid", "path": "/{uuid}", "fragment": "heading",
             "parameters": {"uuid": {"type": "uuid", "keywords": ["latest"]}, "heading": {"type": "string", "optional": true}}},
            {"name": "search", "host": "search", "path": "/", "query": {"q": "q", "page": "page", "exact": "exact", "sort": "sort", "since": "since"},
             "formDecoding": true, "unknownQueryItems": "ignore",
             "parameters": {"q": {"type": "string", "minLength": 1, "maxLength": 100},
                            "page": {"type": "integer", "min": 0, "max": 1000, "optional": true},
                            "exact": {"type": "boolean", "optional": true},
                            "sort": {"type": "enumeration", "values": ["date", "title", "size"], "optional": true},
                            "since": {"type": "date", "format": "yyyy-MM-dd", "optional": true, "keywords": ["today", "yesterday"]}}},
            {"name": "file", "host": "files", "path": "/docs/{rest...}", "parameters": {"rest": {"type": "remainder"}}},
            {"name": "at", "host": "at", "path": "/{when}", "parameters": {"when": {"type": "date", "format": "yyyyMMddTHH:mm:ss"}}}
          ]
        }
        """

    static func registry(_ json: String) throws -> SchemeRegistry {
        try SchemeRegistry(manifests: [try Manifest(json: Array(json.utf8), file: "test.json")])
    }

    static func grammar(_ registry: SchemeRegistry) -> RouteGrammar {
        RouteGrammar(registry.declarations.map { .init(schemes: $0.schemes.map(\.rawValue), routes: $0.manifest.routes) })
    }

    /// The package root (three levels above the test bundle in `.build/<triple>/<configuration>/`).
    static var packageRoot: String {
        var path = ChildProcess.currentExecutable() ?? ""
        for _ in 0..<4 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path
    }

    /// A product built next to the test bundle (`swift build --build-tests` builds every product).
    static func product(_ name: String) -> String {
        let executable = ChildProcess.currentExecutable() ?? ""
        let directory = executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]
        return directory + "/" + name
    }
}

/// A directory under /tmp that is removed when the value is dropped.
final class TemporaryDirectory: Sendable {
    let path: String

    init() {
        var template = Array("/tmp/schemerouter-fuzz-test-XXXXXX".utf8CString)
        let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(result != nil, "mkdtemp failed")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        _ = try? ChildProcess.run([Array("/bin/rm".utf8), Array("-rf".utf8), Array(path.utf8)], deadline: .seconds(30))
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// A target that records every input it sees (and fails on a planted pattern).
struct RecordingTarget: FuzzTarget {
    var inputs: [[UInt8]] = []
    var plant: [UInt8]? = nil

    mutating func execute(_ input: [UInt8]) -> FuzzExecution {
        inputs.append(input)
        if let plant, input.holds(plant) {
            return FuzzExecution(outcome: .init("planted", ""), failure: FuzzFailure(.crash, "planted", message: "planted"))
        }
        return FuzzExecution(outcome: .init("seen", String(input.count % 7)))
    }

    var tallies: [(String, Int)] { [("inputs", inputs.count)] }
}

/// SchemeRouter's own in-process target with one bug planted: any input holding `plant` fails
/// after the built-in oracles passed it.
struct PlantedBugTarget: FuzzTarget {
    var target: InProcessTarget
    let plant: [UInt8]

    mutating func execute(_ input: [UInt8]) -> FuzzExecution {
        var execution = target.execute(input)
        if execution.failure == nil, input.holds(plant) {
            execution.failure = FuzzFailure(.crash, "planted", message: "planted: \(FuzzFinding.printable(plant))")
        }
        return execution
    }

    var tallies: [(String, Int)] { target.tallies }
    var differential: DifferentialReport? { target.differential }
}

extension [UInt8] {
    /// Whether `bytes` occur in a row somewhere in this array.
    func holds(_ bytes: [UInt8]) -> Bool {
        guard count >= bytes.count else { return false }
        return (0...(count - bytes.count)).contains { self[$0..<$0 + bytes.count].elementsEqual(bytes) }
    }
}
