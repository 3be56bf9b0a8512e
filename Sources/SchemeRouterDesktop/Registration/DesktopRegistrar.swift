internal import SchemeRouterPlatform
public import SchemeRouter

/// Registers a SchemeRouter app as the desktop's handler of its URL schemes, and removes it again.
///
/// `register` writes `$XDG_DATA_HOME/applications/<name>.desktop`: the app's own desktop entry
/// (``DesktopEntrySource``) with the keys SchemeRouter manages merged in
/// (``HandlerDesktopFile/merged(into:)``); it makes it the default for `x-scheme-handler/<scheme>` in `$XDG_CONFIG_HOME/mimeapps.list`
/// (``MimeAppsList/settingDefault(_:for:)``), and refreshes `mimeinfo.cache` with
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
    /// - Parameter desktopEntry: The app's own desktop entry file. Without one, the file an
    ///   earlier `register` wrote is the entry, else the app's file in `$XDG_DATA_DIRS`, else a
    ///   minimal one (``DesktopEntrySource``).
    /// - Throws: ``RegistrationError`` before anything is written when the executable is missing
    ///   or not executable, a desktop file of the same id that is not ours exists, or the app's
    ///   entry cannot be read, breaks the format or contradicts a managed key.
    public func register(_ handler: HandlerDesktopFile, desktopEntry: String? = nil) throws(RegistrationError) -> RegistrationReport {
        switch FileSystem.kind(of: handler.executable) {
        case .missing: throw .executableMissing(path: handler.executable)
        case .regular where FileSystem.isExecutableFile(handler.executable): break
        default: throw .executableNotExecutable(path: handler.executable)
        }
        let path = desktopFilePath(for: handler.name)
        let existing = try read(path)
        if let existing { try checkOwnership(existing, path: path, name: handler.name) }
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
        let after = before.settingDefault(handler.id, for: handler.mimeTypes)
        var listChange = RegistrationReport.Change.unchanged
        var changed: [String] = []
        if after.bytes != before.bytes || listBytes == nil {
            do {
                try FileSystem.makeDirectories(directories.configHome)
                try FileSystem.writeAtomically(after.bytes, to: listPath)
            } catch { throw .fileSystem(error) }
            listChange = listBytes == nil ? .created : .updated
            changed = handler.mimeTypes.filter { before.firstDefaultLine(for: $0)?.first != handler.id }
        }
        // An earlier register that failed after writing the desktop file leaves a cache to refresh,
        // so the cache is checked, not just this run's changes.
        let refresh = needsRefresh(handler) || desktopChange != .unchanged ? refreshDatabase() : .notNeeded
        let database = DesktopDatabase(directories: directories)
        let competitors = handler.mimeTypes.flatMap { database.claimants(of: $0) }.filter { $0.id != handler.id }
        var unique: [InstalledDesktopFile] = []
        for competitor in competitors where !unique.contains(competitor) { unique.append(competitor) }
        var report = RegistrationReport(
            desktopFile: path, desktopFileChange: desktopChange, mimeAppsList: listPath, mimeAppsListChange: listChange,
            changedMimeTypes: changed, databaseRefresh: refresh, competingClaimants: unique)
        report.desktopEntrySource = source
        report.busServiceFile = busServicePath(for: handler.name)
        report.busServiceFileChange =
            handler.busActivatable
            ? try writeBusService(BusServiceFile(name: handler.name, executable: handler.executable))
            : try removeBusService(handler.name)
        return report
    }

    /// Removes what ``register(_:)`` wrote for `name`: its desktop file, and its id from the
    /// `[Default Applications]` lines of the schemes that file declared (and of any other
    /// `x-scheme-handler/` line that names it). Nothing else is touched.
    /// - Throws: ``RegistrationError/foreignDesktopFile(path:bundleName:)`` when the file with the
    ///   app's id was not written by `register` for this app.
    public func unregister(_ name: ReverseDNSName) throws(RegistrationError) -> RegistrationReport {
        let path = desktopFilePath(for: name)
        let id = DesktopFileID(name)
        let existing = try read(path)
        var mimeTypes: [String] = []
        if let existing {
            try checkOwnership(existing, path: path, name: name)
            // The app's own types in MimeType are not register's: it set defaults for its schemes only.
            mimeTypes = DesktopEntry(bytes: existing).mimeTypes.filter { $0.hasPrefix("x-scheme-handler/") }
        }
        let listPath = directories.userMimeAppsList
        let listBytes = try read(listPath)
        var listChange = RegistrationReport.Change.absent
        var changed: [String] = []
        if let listBytes {
            let before = MimeAppsList(bytes: listBytes)
            let ours = before.mimeTypes(defaulting: id).filter { $0.hasPrefix("x-scheme-handler/") }
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
        report.busServiceFile = busServicePath(for: name)
        report.busServiceFileChange = try removeBusService(name)
        return report
    }

    /// Runs `update-desktop-database $XDG_DATA_HOME/applications` when it is installed. Never throws.
    public func refreshDatabase() -> RegistrationReport.DatabaseRefresh {
        guard let tool = environment.which("update-desktop-database") else { return .toolMissing }
        guard FileSystem.kind(of: directories.userApplications) == .directory else { return .notNeeded }
        do {
            let result = try ChildProcess.run(
                tool, arguments: [tool, directories.userApplications], environment: environment.entries,
                deadline: .seconds(30))
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
