import ArgumentParser
import SchemeRouterSender
import Glibc
import SchemeRouter
import SchemeRouterDesktop
import SchemeRouterPlatform

/// `schemectl register`: make an app the desktop's handler of its manifest's schemes.
struct Register: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register an app as the desktop's handler of its URL schemes.",
        discussion: """
            Writes $XDG_DATA_HOME/applications/<CFBundleURLName>.desktop: the app's own desktop entry \
            with the keys SchemeRouter manages merged in, puts it first in the [Default Applications] line of each scheme \
            in $XDG_CONFIG_HOME/mimeapps.list (other lines, comments and groups are kept byte for byte), \
            and refreshes mimeinfo.cache with update-desktop-database when it is installed. Registering \
            twice changes nothing. `schemectl unregister NAME` removes exactly what this wrote.

            Document types (CFBundleDocumentTypes): the MIME types of every type of rank Owner, \
            Default or Alternate join MimeType (None: the app opens such files only when handed them), \
            Exec takes %U instead of %u, and each Owner type gets the app as its default in \
            mimeapps.list, as the schemes do (listed in X-SchemeRouter-Owns for unregister). The types the \
            app defines (UTExportedTypeDeclarations) go into the shared-mime-info package \
            $XDG_DATA_HOME/mime/packages/<CFBundleURLName>.xml (comment, sub-class-of, one glob per \
            extension), compiled with update-mime-database, so gio, xdg-mime and file managers \
            recognise such files by name.

            The app's entry is --desktop-entry FILE; else <CFBundleURLName>.desktop in the app's target \
            (the directory holding the manifest's Schemes/); else the file an earlier register wrote \
            (keys added to it since stay); else the app's file in $XDG_DATA_DIRS/applications; else a \
            minimal entry (NoDisplay=true). Everything in it is kept byte for byte — Name, Icon, \
            Categories, Keywords, Actions and their groups, localized keys, comments, other groups — \
            except the managed keys: Type, Name (when missing, or from --display-name), Exec, TryExec, \
            DBusActivatable, StartupNotify, StartupWMClass, X-GIO-NoFuse, Hidden, \
            X-SchemeRouter-Owns, X-SchemeRouter-BundleName, and MimeType and Actions, to which the schemes and the manifest's \
            actions (and document types) are added. X-SchemeRouter-Added records what was added, so the next register \
            replaces exactly that. A managed key the entry sets to another value (its own Exec, \
            DBusActivatable=true without --dbus-activatable, Hidden=true) is an error naming the file, \
            the line and the key; so is a file that breaks the Desktop Entry format.

            The desktop-file id is the CFBundleURLName plus .desktop; names never contain '-', which \
            desktop tools read as a subdirectory separator (see Docs/Desktop.md).

            With --dbus-activatable the desktop file also says DBusActivatable=true (launchers such as \
            gio and GNOME Shell call org.freedesktop.Application.Open on the session bus instead of \
            running Exec) and $XDG_DATA_HOME/dbus-1/services/<CFBundleURLName>.service lets the bus start \
            the app (Exec=<path> --gapplication-service). The manifest's actions become Actions= and \
            [Desktop Action] groups. Registering without the flag removes a service file register wrote \
            (see Docs/DBus.md).

            A relative --exec is made absolute against the current directory: the desktop file always \
            holds an absolute path (launchers run Exec from another directory).

            Example:
              schemectl register Examples/TodoList/Schemes/todolist.json --exec /usr/local/bin/todolist
              schemectl register Examples/TodoList/Schemes/todolist.json --exec ./todolist --dbus-activatable
              schemectl register app.json --exec /usr/bin/app --desktop-entry com.acme.app.desktop

            Exit status: 0 registered (or already registered); 64 usage error (an --exec path a desktop \
            file cannot hold, such as one with a control character); 65 invalid manifest, or the app's \
            desktop entry is invalid or conflicts with a managed key; 66 manifest or desktop entry \
            unreadable, or --exec missing or not executable; 73 a desktop file or MIME package that is \
            not ours has the app's id; 74 a file could not be written; 78 HOME unset.
            """
    )

    @Argument(help: "The app's manifest (e.g. Examples/TodoList/Schemes/todolist.json; an installed app prints its own with --manifest).")
    var manifest: String
    @Option(help: "The app's executable (a relative path is taken from the current directory).") var exec: String
    @Option(help: "The name desktop choosers show (default: the entry's own Name, else the CFBundleURLName).") var displayName: String?
    @Option(help: "The app's own desktop entry, which the managed keys are merged into (default: <target>/<CFBundleURLName>.desktop).")
    var desktopEntry: String?
    @Flag(help: "Let launchers open URLs over D-Bus (DBusActivatable=true and a D-Bus service file).")
    var dbusActivatable = false
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let loaded: Manifest
        do {
            let bytes = try ManifestFiles.read(manifest)
            loaded = try Manifest(json: bytes, file: manifest)
            _ = try SchemeDeclaration(loaded)
        } catch let error as ManifestFiles.Unreadable {
            throw DesktopErrorOutput.fail(error.description, code: "unreadable", status: ExitStatus.cannotRead.code, json: json)
        } catch {
            throw DesktopErrorOutput.fail("\(error)", code: "invalid-manifest", status: ExitStatus.invalidInput.code, json: json)
        }
        let executable = Self.absolute(exec)
        do {
            var handler = try HandlerDesktopFile(
                name: loaded.name, schemes: loaded.schemes, executable: executable, displayName: displayName)
            handler.busActivatable = dbusActivatable
            handler.actions = loaded.actions.map { DesktopAction(id: $0.name, title: $0.title) }
            handler.documentTypes = loaded.documentTypes
            handler.exportedTypes = loaded.exportedTypes
            let registrar = try DesktopRegistrar(environment: .current())
            let report = try registrar.register(handler, desktopEntry: desktopEntry ?? Self.targetEntry(manifest: manifest, name: loaded.name))
            print(json ? RegistrationOutput.json(report, name: loaded.name, registering: true).jsonText : RegistrationOutput.human(report, name: loaded.name, verb: "registered"))
        } catch let error as ExecLineError {
            throw DesktopErrorOutput.fail(error.description, code: "invalid-exec", status: ExitStatus.usage.code, json: json)
        } catch let error as RegistrationError {
            throw DesktopErrorOutput.fail(error, json: json)
        }
    }

    /// `<target>/<name>.desktop` when the manifest is in a target's `Schemes/` and that file exists.
    static func targetEntry(manifest: String, name: ReverseDNSName) -> String? {
        let directory = FileSystem.split(absolute(manifest)).directory
        let split = FileSystem.split(directory)
        guard split.name == "Schemes" else { return nil }
        let path = split.directory + "/" + DesktopFileID(name).rawValue
        return FileSystem.kind(of: path) == .missing ? nil : path
    }

    /// `path` made absolute against the current directory.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return (directory == "/" ? "" : directory) + "/" + relative
    }
}

/// `schemectl unregister`: undo `register`.
struct Unregister: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Remove what `schemectl register` wrote for an app.",
        discussion: """
            Deletes $XDG_DATA_HOME/applications/NAME.desktop (only if register wrote it for NAME), removes \
            NAME.desktop from the [Default Applications] lines it was put in (its schemes and its Owner \
            document types; restoring them byte for byte; a line or a group register created goes when \
            empty), deletes the MIME package $XDG_DATA_HOME/mime/packages/NAME.xml and recompiles the \
            MIME database, and refreshes mimeinfo.cache. \
            Nothing else in mimeapps.list changes. Unregistering an app that is not registered does nothing.

            Exit status: 0 removed (or nothing to remove); 64 usage error (NAME is not a valid \
            CFBundleURLName); 73 NAME.desktop or NAME.xml was not written by schemectl register for NAME (left alone); \
            74 a file could not be written; 78 HOME unset.
            """
    )

    @Argument(help: "The app's CFBundleURLName, e.g. com.acme.todolist.") var name: String
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let bundleName: ReverseDNSName
        do { bundleName = try ReverseDNSName(name) } catch { throw ValidationError("\(error)") }
        do {
            let registrar = try DesktopRegistrar(environment: .current())
            let report = try registrar.unregister(bundleName)
            print(json ? RegistrationOutput.json(report, name: bundleName).jsonText : RegistrationOutput.human(report, name: bundleName, verb: "unregistered"))
        } catch {
            throw DesktopErrorOutput.fail(error, json: json)
        }
    }
}

/// How `register` and `unregister` print their report.
enum RegistrationOutput {
    static func human(_ report: RegistrationReport, name: ReverseDNSName, verb: String) -> String {
        var lines: [String] = []
        let nothing = report.desktopFileChange == .absent && report.mimeAppsListChange != .updated && report.mimeAppsListChange != .removed
        lines.append(nothing ? "\(name) is not registered: nothing to remove" : "\(verb) \(name)")
        lines.append("  \(report.desktopFileChange.rawValue) \(report.desktopFile)")
        if verb == "registered" { lines.append("    from \(report.desktopEntrySource)") }
        var list = "  \(report.mimeAppsListChange.rawValue) \(report.mimeAppsList)"
        if !report.changedMimeTypes.isEmpty { list += " (\(report.changedMimeTypes.joined(separator: ", ")))" }
        lines.append(list)
        if let service = report.busServiceFile, report.busServiceFileChange != .absent {
            lines.append("  \(report.busServiceFileChange.rawValue) \(service)")
        }
        if let package = report.mimePackage, report.mimePackageChange != .absent {
            lines.append("  \(report.mimePackageChange.rawValue) \(package)")
        }
        if report.mimeDatabaseRefresh != .notNeeded { lines.append("  \(report.mimeDatabaseRefresh)") }
        lines.append("  \(report.databaseRefresh)")
        for claimant in report.competingClaimants {
            let claimed = claimant.entry.mimeTypes.filter { report.defaultMimeTypes.contains($0) }
            lines.append("  warning: \(claimant) also claims \(claimed.joined(separator: ", ")) (see schemectl status)")
        }
        return lines.joined(separator: "\n")
    }

    static func refresh(_ refresh: RegistrationReport.DatabaseRefresh) -> RegistrationJSON.Refresh {
        switch refresh {
        case .refreshed(let tool): .init(status: "refreshed", tool: tool, reason: nil)
        case .toolMissing: .init(status: "toolMissing", tool: nil, reason: nil)
        case .failed(let tool, let reason): .init(status: "failed", tool: tool, reason: reason)
        case .notNeeded: .init(status: "notNeeded", tool: nil, reason: nil)
        }
    }

    static func json(_ report: RegistrationReport, name: ReverseDNSName, registering: Bool = false) -> RegistrationJSON {
        RegistrationJSON(
            name: name.rawValue,
            desktopFile: .init(path: report.desktopFile, change: report.desktopFileChange.rawValue),
            desktopEntry: registering ? .init(source: report.desktopEntrySource.kind, path: report.desktopEntrySource.path) : nil,
            mimeAppsList: .init(
                path: report.mimeAppsList, change: report.mimeAppsListChange.rawValue, changedMimeTypes: report.changedMimeTypes),
            databaseRefresh: refresh(report.databaseRefresh),
            mimePackage: .init(path: report.mimePackage, change: report.mimePackageChange.rawValue),
            mimeDatabaseRefresh: refresh(report.mimeDatabaseRefresh),
            busServiceFile: .init(path: report.busServiceFile, change: report.busServiceFileChange.rawValue),
            competingClaimants: report.competingClaimants.map { .init(id: $0.id.rawValue, path: $0.path) })
    }
}
