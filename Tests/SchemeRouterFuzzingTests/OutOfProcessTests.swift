import SchemeRouter
import SchemeRouterFuzzing
import SchemeRouterPlatform
import Testing

/// `schemectl fuzz --target … --exec …` against real apps: FragileHandler's planted bugs are found
/// and minimised; TodoList gives nothing.
@Suite struct OutOfProcessTests {
    static let root = FuzzFixtures.packageRoot
    static let fragileManifest = root + "/Examples/FragileHandler/Schemes/fragile.json"

    static func fuzz(_ arguments: [String], deadline: Duration = .seconds(300)) throws -> ChildProcess.Result {
        try ChildProcess.run(([FuzzFixtures.product("schemectl"), "fuzz"] + arguments).map { Array($0.utf8) }, deadline: deadline)
    }

    /// The `"inputHex"` values of the findings with a signature, from the summary JSON.
    static func findingInputs(_ json: String, signature: String) -> [[UInt8]] {
        json.split(separator: "{\"oracle\": ").compactMap { finding -> [UInt8]? in
            guard finding.contains("\"signature\": \"\(signature)\"") else { return nil }
            guard let start = finding.split(separator: "\"inputHex\": \"", maxSplits: 1).dropFirst().first else { return nil }
            let hex = start.prefix { $0 != "\"" }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
                guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            return bytes
        }
    }

    /// Both planted bugs, found by wake within a bounded number of inputs, each minimised: the
    /// division by zero to exactly `fragile:stats?count=0`, the hang to a `note` URL whose anchor
    /// is one character past the 64 the handler copes with.
    @Test func findsFragileHandlersPlantedBugs() throws {
        let findings = TemporaryDirectory()
        let result = try Self.fuzz([
            "--target", Self.fragileManifest, "--exec", FuzzFixtures.product("fragile-handler"), "--delivery", "wake",
            "--seed", "1", "--iterations", "3000", "--timeout", "300ms", "--stop-after", "2", "--json", "--findings", findings.path,
        ])
        let json = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(result.termination == .exited(1), "\(String(decoding: result.standardError, as: UTF8.self))")
        #expect(json.contains("\"stopReason\": \"stopped after 2 findings\""))

        #expect(Self.findingInputs(json, signature: "crash:SIGILL:route=stats") == [Array("fragile:stats?count=0".utf8)])
        #expect(json.contains("Fatal error: Division by zero"))

        let hangs = Self.findingInputs(json, signature: "hang:route=note")
        try #require(hangs.count == 1)
        let registry = try SchemeRegistry(manifests: [try Manifest(json: try FuzzFiles.read(Self.fragileManifest), file: "fragile.json")])
        let match = try registry.route(try SchemeURL(bytes: hangs[0]))
        #expect(match.route.name == "note")
        #expect(try match.parameters.string("anchor").unicodeScalars.count == 65)

        // One file per distinct failure, each with its reproduce command.
        let files = try FuzzFiles.files(in: findings.path)
        #expect(files.count == 2)
        for file in files {
            let text = String(decoding: try FuzzFiles.read(file), as: UTF8.self)
            #expect(text.contains("reproduce: \(FuzzFixtures.product("schemectl")) fuzz --target \(Self.fragileManifest) --exec "))
            #expect(text.contains("--replay \(file)\n"))
        }
    }

    /// By cold launch: the crash reproduces from its minimised input, and a sound input passes.
    @Test func replaysByColdLaunch() throws {
        let arguments = ["--target", Self.fragileManifest, "--exec", FuzzFixtures.product("fragile-handler"), "--delivery", "launch"]
        let crash = try Self.fuzz(arguments + ["--replay-hex", Array("fragile:stats?count=0".utf8).map { String($0, radix: 16) }.joined()])
        #expect(crash.termination == .exited(1))
        #expect(String(decoding: crash.standardOutput, as: UTF8.self).contains("FAILS crash:SIGILL:route=stats: the app died by SIGILL on an input delivered by cold launch"))
        let sound = try Self.fuzz(arguments + ["--replay-hex", Array("fragile:stats?count=2&total=9".utf8).map { String($0, radix: 16) }.joined()])
        #expect(sound.termination == .exited(0))
        #expect(String(decoding: sound.standardOutput, as: UTF8.self).contains("passes (launch: handled route=stats)"))
    }

    /// TodoList, the seed's app, by cold launch and by wake: nothing to report.
    @Test func todoListHasNoFindings() throws {
        let findings = TemporaryDirectory()
        let result = try Self.fuzz([
            "--target", Self.root + "/Examples/TodoList/Schemes/todolist.json", "--exec", FuzzFixtures.product("todolist"), "--seed", "5",
            "--iterations", "300", "--json", "--findings", findings.path,
        ])
        let json = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(result.termination == .exited(0), "\(json)")
        #expect(json.contains("\"findings\": []"))
        #expect(json.contains("\"launch\": 300, \"wake\": 300"))
        #expect(json.contains("\"primary-starts\": 1"))
    }

    /// Without `--exec`, the handler registered for the manifest's scheme is attacked (here
    /// FragileHandler, registered with `schemectl register` in throwaway XDG directories).
    @Test func attacksTheRegisteredHandler() throws {
        let home = TemporaryDirectory()
        let environment = ChildProcess.environment(overriding: [
            "HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)/data", "XDG_CONFIG_HOME=\(home.path)/config",
            "XDG_DATA_DIRS=\(home.path)/system", "XDG_CONFIG_DIRS=\(home.path)/system-config",
        ])
        let schemectl = FuzzFixtures.product("schemectl")
        let register = try ChildProcess.run(
            [schemectl, "register", Self.fragileManifest, "--exec", FuzzFixtures.product("fragile-handler")].map { Array($0.utf8) },
            environment: environment, deadline: .seconds(60))
        #expect(register.termination == .exited(0), "\(String(decoding: register.standardError, as: UTF8.self))")
        let crash = Array("fragile:stats?count=0".utf8).map { String($0, radix: 16) }.joined()
        let result = try ChildProcess.run(
            [schemectl, "fuzz", "--target", Self.fragileManifest, "--delivery", "launch", "--replay-hex", crash].map { Array($0.utf8) },
            environment: environment, deadline: .seconds(60))
        let output = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(result.termination == .exited(1), "\(output) \(String(decoding: result.standardError, as: UTF8.self))")
        #expect(output.contains("fuzz: x-scheme-handler/fragile is handled by com.example.fragile.desktop"))
        #expect(output.contains("FAILS crash:SIGILL:route=stats"))
    }

    @Test func noRegisteredHandlerIsUnavailable() throws {
        let home = TemporaryDirectory()
        let environment = ChildProcess.environment(overriding: [
            "HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)/data", "XDG_CONFIG_HOME=\(home.path)/config",
            "XDG_DATA_DIRS=\(home.path)/system", "XDG_CONFIG_DIRS=\(home.path)/system-config",
        ])
        let result = try ChildProcess.run(
            [FuzzFixtures.product("schemectl"), "fuzz", "--target", Self.fragileManifest, "--iterations", "5"].map { Array($0.utf8) },
            environment: environment, deadline: .seconds(60))
        #expect(result.termination == .exited(69))
        #expect(String(decoding: result.standardError, as: UTF8.self).contains("no registered handler of x-scheme-handler/fragile"))
    }

    @Test func missingExecutableIsUnavailable() throws {
        let result = try Self.fuzz([
            "--target", Self.fragileManifest, "--exec", "/nonexistent/app", "--iterations", "10",
        ])
        #expect(result.termination == .exited(69))
    }

    /// The app embeds its manifest; the file next to it is the same, byte for byte.
    @Test func fragileHandlerEmbedsItsManifest() throws {
        let result = try ChildProcess.run(
            [Array(FuzzFixtures.product("fragile-handler").utf8), Array("--manifest".utf8)], deadline: .seconds(30))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == (try FuzzFiles.read(Self.fragileManifest)))
    }
}
