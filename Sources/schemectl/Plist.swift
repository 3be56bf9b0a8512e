import ArgumentParser
import SchemeRouterSender
import SchemeRouter
import SchemeRouterDesktop

/// `schemectl plist`: Info.plist ↔ manifest.
struct Plist: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Convert between an Info.plist's URL and document types and a manifest.",
        subcommands: [PlistImport.self, PlistExport.self]
    )
}

/// `schemectl plist import Info.plist`.
struct PlistImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Print the manifest an Info.plist's CFBundleURLTypes and document types declare.",
        discussion: """
            Reads an XML, binary or OpenStep Info.plist. Each CFBundleURLTypes entry gives a \
            CFBundleURLName (else the plist's CFBundleIdentifier) and CFBundleURLSchemes; entries of \
            one name are merged. CFBundleDocumentTypes and UTExportedTypeDeclarations come along, \
            with Apple's UTIs turned into MIME types (a declaration's public.mime-type; the plist's own \
            UTImportedTypeDeclarations and well-known public types such as public.plain-text; \
            public.data and public.content are left out). A UTI without a MIME type is an error naming \
            its key path. The manifest (canonical JSON, with "routes": [] to fill in) goes to standard \
            output:
              schemectl plist import Info.plist > Sources/TodoList/Schemes/todolist.json

            Exit status: 0 printed; 64 usage error; 65 the plist is invalid or declares no usable URL \
            type (names with '-', reserved schemes, several names without --name, a role other than \
            Editor or Viewer, a UTI without a MIME type); 66 unreadable.
            """
    )

    @Argument(help: "The Info.plist.") var file: String
    @Option(help: "Which CFBundleURLName to take when the URL types name several apps.") var name: String?

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try ManifestFiles.read(file) } catch {
            throw DesktopErrorOutput.fail(error.description, code: "unreadable", status: ExitStatus.cannotRead.code, json: false)
        }
        do {
            print(try InfoPlist.manifest(fromPlist: bytes, file: file, name: name).jsonText, terminator: "")
        } catch {
            throw DesktopErrorOutput.fail(error.description, code: "invalid-plist", status: ExitStatus.invalidInput.code, json: false)
        }
    }
}

/// `schemectl plist export MANIFEST`.
struct PlistExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a property list with the CFBundleURLTypes and document types of a manifest.",
        discussion: """
            The XML property list's top-level dictionary holds CFBundleURLTypes (CFBundleURLName and \
            CFBundleURLSchemes), and the manifest's CFBundleDocumentTypes and \
            UTExportedTypeDeclarations (a defined type's UTTypeIdentifier is its MIME type, repeated \
            as public.mime-type): copy those keys and arrays into an app's Info.plist. \
            `schemectl plist import` reads it back to the same manifest, routes aside.

            Exit status: 0 printed; 64 usage error; 65 invalid manifest; 66 unreadable.
            """
    )

    @Argument(help: "The manifest.") var manifest: String

    func run() throws {
        do {
            let loaded = try Manifest(json: try ManifestFiles.read(manifest), file: manifest)
            print(InfoPlist.xml(for: loaded), terminator: "")
        } catch let error as ManifestFiles.Unreadable {
            throw DesktopErrorOutput.fail(error.description, code: "unreadable", status: ExitStatus.cannotRead.code, json: false)
        } catch {
            throw DesktopErrorOutput.fail("\(error)", code: "invalid-manifest", status: ExitStatus.invalidInput.code, json: false)
        }
    }
}
