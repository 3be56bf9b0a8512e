// schemerouter-generator: an app's manifest → its request type (Swift source), run by the
// SchemeRouterGenerator build-tool plugin at every build. A manifest error is printed as a
// compiler diagnostic (`path:line:column: error: message [code]`) and fails the build.
import Glibc
import SchemeRouter

let usage = """
    usage: schemerouter-generator MANIFEST OUTPUT TYPE-NAME DISPLAY-PATH
      Reads the manifest at MANIFEST and writes the Swift source of TYPE-NAME, its request type,
      to OUTPUT; DISPLAY-PATH is the manifest's path as the app's messages name it.
    Exit status: 0 generated; 1 the manifest is invalid (diagnostics on standard error);
    64 usage; 66 a file could not be read or written.
    """

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4 else {
    GeneratorFiles.printError(arguments.first == "--help" ? usage : "schemerouter-generator: expected 4 arguments\n" + usage)
    exit(arguments.first == "--help" ? 0 : 64)
}
let (manifestPath, outputPath, typeName, displayPath) = (arguments[1], arguments[2], arguments[3], arguments[4])

let json: [UInt8]
do throws(GeneratorFiles.Failure) {
    json = try GeneratorFiles.read(manifestPath, limit: Manifest.maximumSize)
} catch {
    GeneratorFiles.printError("\(manifestPath):1:1: error: \(error) [unreadable]")
    exit(66)
}

let source: String
do throws(ManifestError) {
    let declaration = try SchemeDeclaration(Manifest(json: json, file: manifestPath))
    do throws(RequestTypeSource.UnusableName) {
        source = try RequestTypeSource(declaration: declaration, typeName: typeName, file: displayPath, json: json).source()
    } catch {
        let diagnostic = ManifestDiagnostic(.invalidValue(file: manifestPath, keyPath: error.keyPath, reason: error.message), json: json)
        GeneratorFiles.printError(diagnostic.description)
        exit(1)
    }
} catch {
    GeneratorFiles.printError(ManifestDiagnostic(error, json: json).description)
    exit(1)
}

do throws(GeneratorFiles.Failure) {
    try GeneratorFiles.write(source, to: outputPath)
} catch {
    GeneratorFiles.printError("schemerouter-generator: \(error)")
    exit(66)
}
