// The SchemeRouterGenerator build-tool plugin: for every manifest `Schemes/<name>.json` in a
// target, runs schemerouter-generator at every build to make `<Name>Request`, the app's request
// type (Docs/Generator.md).
import PackagePlugin

#if canImport(FoundationEssentials)
import struct FoundationEssentials.URL
#else
import struct Foundation.URL
#endif

@main
struct SchemeRouterGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { throw GeneratorPluginError.notSwift(target.name) }
        let manifests = target.sourceFiles.map(\.url).filter(Self.isManifest).sorted { $0.path < $1.path }
        guard !manifests.isEmpty else { throw GeneratorPluginError.noManifest(target.name, directory: target.directoryURL.path) }
        let tool = try context.tool(named: "schemerouter-generator")
        let package = context.package.directoryURL.path
        var typeNames: [String: URL] = [:]
        return try manifests.map { manifest in
            let typeName = Self.typeName(of: manifest)
            if let other = typeNames.updateValue(manifest, forKey: typeName) {
                throw GeneratorPluginError.sameTypeName(typeName, other.path, manifest.path)
            }
            let output = context.pluginWorkDirectoryURL.appending(path: typeName + ".swift")
            let path = manifest.path
            let display = path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
            return .buildCommand(
                displayName: "Generating \(typeName) from \(display)",
                executable: tool.url,
                arguments: [path, output.path, typeName, display],
                inputFiles: [manifest],
                outputFiles: [output])
        }
    }

    /// A manifest is a `*.json` file in a directory named `Schemes`.
    static func isManifest(_ file: URL) -> Bool {
        file.pathExtension == "json" && file.deletingLastPathComponent().lastPathComponent == "Schemes"
    }

    /// `notes.json` → `NotesRequest`, `todo-list.json` → `TodoListRequest`: the file's name in
    /// upper camel case (its ASCII letters and digits, a capital after each other character), then `Request`.
    static func typeName(of manifest: URL) -> String {
        var name = ""
        var capitalize = true
        for scalar in manifest.deletingPathExtension().lastPathComponent.unicodeScalars {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                capitalize = true
                continue
            }
            name += capitalize ? String(scalar).uppercased() : String(scalar)
            capitalize = false
        }
        if name.isEmpty || name.first!.isNumber { name = "App" + name }
        return name + "Request"
    }
}

/// Why the plugin cannot generate a target's request type.
enum GeneratorPluginError: Error, CustomStringConvertible {
    case notSwift(String)
    case noManifest(String, directory: String)
    case sameTypeName(String, String, String)

    var description: String {
        switch self {
        case .notSwift(let target):
            "SchemeRouterGenerator: target '\(target)' is not a Swift target; the plugin generates Swift"
        case .noManifest(let target, let directory):
            "SchemeRouterGenerator: target '\(target)' has no manifest: put it at \(directory)/Schemes/<name>.json"
        case .sameTypeName(let type, let first, let second):
            "SchemeRouterGenerator: \(first) and \(second) would both generate \(type): rename one"
        }
    }
}
