internal import SchemeRouterPlatform
public import SchemeRouter

/// Registers a SchemeRouter app as the desktop's handler of its URL schemes, and removes it again.
///
/// `register` writes `$XDG_DATA_HOME/applications/<name>.desktop`: the app's own desktop entry
/// (``DesktopEntrySource``) with the keys SchemeRouter manages merged in
/// (``HandlerDesktopFile/merged(into:)``); it makes it the default for `x-scheme-handler/<scheme>` in `$XDG_CONFIG_HOME/mimeapps.list`
/// (``MimeAppsList/settingDefault(_:for:)``) and for the MIME types of its Owner-rank document
/// types, writes the types the app defines into its shared-mime-info package (``MimePackage``)
/// and compiles it with `update-mime-database`, and refreshes `mimeinfo.cache` with
/// `update-desktop-database` when that is installed. Every write is atomic and skipped when the
/// content would not change, so registering twice changes nothing. `unregister` removes exactly
/// what `register` wrote.
public struct DesktopRegistrar: Sendable {
    /// The environment the helper tools run with (and the XDG directories came from).
    public let environment: ProcessEnvironment
    /// Where files are written.
    public let directories: XDGDirectories

    /// A registrar for the XDG directories of `environment`.
    public init(environment: ProcessEnvironment) throws(RegistrationError) {
        self.environment = environment
        do { directories = try XDGDirectories(environment: environment) } catch { throw .directories(error) }
    }

    /// The path of the desktop file for `name`.
    public func desktopFilePath(for name: ReverseDNSName) -> String {
        directories.userApplications + "/" + DesktopFileID(name).rawValue
    }

    /// Registers `handler`.
    /// - Parameters:
    ///   - handler: What SchemeRouter needs in the app's desktop file.
    ///   - desktopEntry: The app's own desktop entry file. Without one, the file an earlier
    ///     `register` wrote is the entry, else the app's file in `$XDG_DATA_DIRS`, else a minimal
    ///     one (``DesktopEntrySource``).
    /// - Throws: ``RegistrationError`` before anything is written when the executable is missing
    ///   or not executable, a desktop file of the same id that is not ours exists, or the app's
    ///   entry cannot be read, breaks the format or contradicts a managed key, or a MIME package of
    ///   the app's name is not one `register` wrote.
    public func register(_ handler: HandlerDesktopFile, desktopEntry: String? = nil) throws(RegistrationError) -> RegistrationReport {
        switch FileSystem.kind(of: handler.executable) {
        case .missing: throw .executableMissing(path: handler.executable)
        case .regular where FileSystem.isExecutableFile(handler.executable): break
        default: throw .executableNotExecutable(path: handler.executable)
        }
        let path = desktopFilePath(for: handler.name)
        let existing = try read(path)
        if let existing { try checkOwnership(existing, path: path, name: handler.name) }
        let packagePath = MimePackage.path(for: handler.name, in: directories)
        let existingPackage = try readPackage(packagePath, name: handler.name)
        let source = source(desktopEntry, registered: existing == nil ? nil : path, id: handler.id)
        let bytes = try merge(handler, into: source, registered: existing).bytes
        var desktopChange = RegistrationReport.Change.unchanged
        if existing != bytes {
            do {
                try FileSystem.makeDirectories(directories.userApplications)
                try FileSystem.writeAtomically(bytes, to: path)
            } catch { throw .fileSystem(error) }
            desktopChange = existing == nil ? .created : .updated
        }
        let listPath = directories.userMimeAppsList
        let listBytes = try read(listPath)
        let before = MimeAppsList(bytes: listBytes ?? [])
        let after = before.settingDefault(handler.id, for: handler.defaultMimeTypes)
        var listChange = RegistrationReport.Change.unchanged
        var changed: [String] = []
        if after.bytes != before.bytes || listBytes == nil {
            do {
                try FileSystem.makeDirectories(directories.configHome)
                try FileSystem.writeAtomically(after.bytes, to: listPath)
            } catch { throw .fileSystem(error) }
            listChange = listBytes == nil ? .created : .updated
            changed = handler.defaultMimeTypes.filter { before.firstDefaultLine(for: $0)?.first != handler.id }
        }
        // An earlier register that failed after writing the desktop file leaves a cache to refresh,
        // so the cache is checked, not just this run's changes.
        let refresh = needsRefresh(handler) || desktopChange != .unchanged ? refreshDatabase() : .notNeeded
        let database = DesktopDatabase(directories: directories)
        // Other apps may offer the types the app only advertises; a rival matters where register sets the default.
        let competitors = handler.defaultMimeTypes.flatMap { database.claimants(of: $0) }.filter { $0.id != handler.id }
        var unique: [InstalledDesktopFile] = []
        for competitor in competitors where !unique.contains(competitor) { unique.append(competitor) }
        var report = RegistrationReport(
            desktopFile: path, desktopFileChange: desktopChange, mimeAppsList: listPath, mimeAppsListChange: listChange,
            changedMimeTypes: changed, databaseRefresh: refresh, competingClaimants: unique)
        report.desktopEntrySource = source
        report.defaultMimeTypes = handler.defaultMimeTypes
        report.mimePackage = packagePath
        report.mimePackageChange = try writePackage(
            handler.exportedTypes.isEmpty ? nil : MimePackage(name: handler.name, types: handler.exportedTypes), at: packagePath,
            existing: existingPackage)
        // A failed compile earlier leaves types the database does not know, so it is checked too.
        let unknown = handler.exportedTypes.contains { !MimeDatabase(directories: directories).knows($0.identifier.rawValue) }
        report.mimeDatabaseRefresh = report.mimePackageChange != .unchanged || unknown ? refreshMimeDatabase() : .notNeeded
        report.busServiceFile = busServicePath(for: handler.name)
        report.busServiceFileChange =
            handler.busActivatable
            ? try writeBusService(BusServiceFile(name: handler.name, executable: handler.executable))
            : try removeBusService(handler.name)
        return report
    }

    /// Removes what ``register(_:desktopEntry:)`` wrote for `name`: its desktop file, its id
    /// from the `[Default Applications]` lines of the schemes that file declared and of the MIME
    /// types it lists in ``HandlerDesktopFile/ownedTypesKey`` (and of any other
    /// `x-scheme-handler/` line that names it), and its MIME package, then compiles the MIME
    /// database again. Nothing else is touched.
    /// - Throws: ``RegistrationError/foreignDesktopFile(path:bundleName:)`` when the file with the
    ///   app's id was not written by `register` for this app, ``RegistrationError/foreignMimePackage(path:)``
    ///   for a package of its name that `register` did not write.
    public func unregister(_ name: ReverseDNSName) throws(RegistrationError) -> RegistrationReport {
        let path = desktopFilePath(for: name)
        let id = DesktopFileID(name)
        let existing = try read(path)
        let packagePath = MimePackage.path(for: name, in: directories)
        let existingPackage = try readPackage(packagePath, name: name)
        var mimeTypes: [String] = []
        var owned: [String] = []
        if let existing {
            try checkOwnership(existing, path: path, name: name)
            // The app's own types in MimeType are not register's: it set defaults for its schemes
            // and its Owner types only, and listed those in X-SchemeRouter-Owns.
            let entry = DesktopEntry(bytes: existing)
            owned = entry.list(HandlerDesktopFile.ownedTypesKey)
            mimeTypes = entry.mimeTypes.filter { $0.hasPrefix("x-scheme-handler/") } + owned
        }
        let listPath = directories.userMimeAppsList
        let listBytes = try read(listPath)
        var listChange = RegistrationReport.Change.absent
        var changed: [String] = []
        if let listBytes {
            let before = MimeAppsList(bytes: listBytes)
            let ours = before.mimeTypes(defaulting: id).filter { $0.hasPrefix("x-scheme-handler/") || owned.contains($0) }
            for mimeType in ours where !mimeTypes.contains(mimeType) { mimeTypes.append(mimeType) }
            let after = before.removingDefault(id, for: mimeTypes)
            listChange = .unchanged
            if after.bytes != before.bytes {
                changed = mimeTypes.filter { before.ids(for: $0, in: MimeAppsList.defaultApplications).contains(id) }
                do {
                    if after.bytes.isEmpty {
                        try FileSystem.remove(listPath)
                        listChange = .removed
                    } else {
                        try FileSystem.writeAtomically(after.bytes, to: listPath)
                        listChange = .updated
                    }
                } catch { throw .fileSystem(error) }
            }
        }
        var desktopChange = RegistrationReport.Change.absent
        if existing != nil {
            do { try FileSystem.remove(path) } catch { throw .fileSystem(error) }
            desktopChange = .removed
        }
        let refresh = desktopChange == .removed ? refreshDatabase() : .notNeeded
        var report = RegistrationReport(
            desktopFile: path, desktopFileChange: desktopChange, mimeAppsList: listPath, mimeAppsListChange: listChange,
            changedMimeTypes: changed, databaseRefresh: refresh, competingClaimants: [])
        report.mimePackage = packagePath
        report.mimePackageChange = try writePackage(nil, at: packagePath, existing: existingPackage)
        report.mimeDatabaseRefresh = report.mimePackageChange == .removed ? refreshMimeDatabase() : .notNeeded
        report.busServiceFile = busServicePath(for: name)
        report.busServiceFileChange = try removeBusService(name)
        return report
    }

    /// Runs `update-desktop-database $XDG_DATA_HOME/applications` when it is installed. Never throws.
    public func refreshDatabase() -> RegistrationReport.DatabaseRefresh {
        refresh(with: "update-desktop-database", directories.userApplications)
    }

    /// Runs `update-mime-database $XDG_DATA_HOME/mime` when it is installed, compiling the
    /// packages in `mime/packages` into the database desktop tools read. Never throws.
    public func refreshMimeDatabase() -> RegistrationReport.DatabaseRefresh {
        refresh(with: "update-mime-database", directories.userMimeDirectory)
    }

    /// Runs `command directory` when both exist.
    private func refresh(with command: String, _ directory: String) -> RegistrationReport.DatabaseRefresh {
        guard let tool = environment.which(command) else { return .toolMissing(command) }
        guard FileSystem.kind(of: directory) == .directory else { return .notNeeded }
        do {
            let result = try ChildProcess.run(tool, arguments: [tool, directory], environment: environment.entries, deadline: .seconds(30))
            guard result.termination == .exited(0) else {
                let firstLine = result.standardErrorText.split(separator: "\n").first.map(String.init)
                return .failed(tool: tool, reason: firstLine ?? result.termination.description)
            }
            return .refreshed(tool: tool)
        } catch {
            return .failed(tool: tool, reason: error.description)
        }
    }

    /// The app's entry: `given`, else the file `register` wrote before, else the first
    /// `<id>` in `$XDG_DATA_DIRS/applications`, else none.
    private func source(_ given: String?, registered: String?, id: DesktopFileID) -> DesktopEntrySource {
        if let given { return .file(given) }
        if let registered { return .registered(registered) }
        for directory in directories.dataDirectories {
            let path = directory + "/applications/" + id.rawValue
            if FileSystem.kind(of: path) != .missing { return .installed(path) }
        }
        return .minimal
    }

    /// `handler` merged into the entry `source` names, read strictly.
    private func merge(_ handler: HandlerDesktopFile, into source: DesktopEntrySource, registered: [UInt8]?)
        throws(RegistrationError) -> DesktopFile
    {
        guard let path = source.path else { return handler.minimalFile }
        let bytes: [UInt8]
        if case .registered = source, let registered {
            bytes = registered
        } else {
            do { bytes = try RegularFile.read(path, limit: RegularFile.configurationLimit) } catch { throw .desktopEntryUnreadable(error) }
        }
        do { return try handler.merged(into: DesktopFile(bytes)) } catch { throw .invalidDesktopEntry(path: path, error) }
    }

    /// Whether this directory's `mimeinfo.cache` does not list `handler` for all its types.
    private func needsRefresh(_ handler: HandlerDesktopFile) -> Bool {
        let database = DesktopDatabase(directories: directories)
        return handler.mimeTypes.contains { mimeType in
            !(database.mimeInfoCache(in: directories.userApplications, for: mimeType) ?? []).contains(handler.id)
        }
    }

    /// The package at `path`, when there is one and `register` wrote it for `name`.
    /// - Throws: ``RegistrationError/foreignMimePackage(path:)`` for anyone else's.
    private func readPackage(_ path: String, name: ReverseDNSName) throws(RegistrationError) -> [UInt8]? {
        guard let bytes = try read(path) else { return nil }
        guard MimePackage.isWritten(bytes, for: name) else { throw .foreignMimePackage(path: path) }
        return bytes
    }

    /// Writes `package` at `path` (`nil`: removes the file there), unless it already holds it.
    private func writePackage(_ package: MimePackage?, at path: String, existing: [UInt8]?) throws(RegistrationError)
        -> RegistrationReport.Change
    {
        do {
            guard let package else {
                guard existing != nil else { return .absent }
                _ = try FileSystem.remove(path)
                return .removed
            }
            guard existing != package.bytes else { return .unchanged }
            try FileSystem.makeDirectories(FileSystem.split(path).directory)
            try FileSystem.writeAtomically(package.bytes, to: path)
            return existing == nil ? .created : .updated
        } catch { throw .fileSystem(error) }
    }

    private func read(_ path: String) throws(RegistrationError) -> [UInt8]? {
        do { return try RegularFile.readIfExists(path) } catch { throw .unreadable(error) }
    }

    private func checkOwnership(_ bytes: [UInt8], path: String, name: ReverseDNSName) throws(RegistrationError) {
        let entry = DesktopEntry(bytes: bytes)
        guard let owner = entry.string(DesktopEntry.bundleNameKey) else {
            throw .foreignDesktopFile(path: path, bundleName: nil)
        }
        guard owner == name.rawValue else { throw .foreignDesktopFile(path: path, bundleName: owner) }
    }
}
