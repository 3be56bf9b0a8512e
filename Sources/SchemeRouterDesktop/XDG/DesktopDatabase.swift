internal import SchemeRouterPlatform
/// The installed desktop files and MIME associations of one set of XDG directories, read the
/// way the MIME Applications Associations specification describes.
///
/// Nothing is cached: every call reads the files again, so a lookup always sees the current state.
public struct DesktopDatabase: Sendable {
    /// The directories looked in.
    public let directories: XDGDirectories

    /// A database over `directories`.
    public init(directories: XDGDirectories) { self.directories = directories }

    /// A database over the XDG directories of `environment`.
    public init(environment: ProcessEnvironment) throws(XDGError) {
        directories = try XDGDirectories(environment: environment)
    }

    // MARK: - Desktop files

    /// The installed file with id `id`: the first one in the precedence order of the
    /// `applications` directories (`$XDG_DATA_HOME` first). An id with `-` also matches a file
    /// in a subdirectory (`acme-todo.desktop` is `acme/todo.desktop`). A `Hidden=true` file hides the id.
    public func desktopFile(_ id: DesktopFileID) -> InstalledDesktopFile? {
        for directory in directories.applicationDirectories {
            guard let path = Self.locate(id.rawValue, in: directory) else { continue }
            guard let bytes = try? RegularFile.readIfExists(path) else { continue }
            let file = InstalledDesktopFile(id: id, path: path, entry: DesktopEntry(bytes: bytes))
            return file.entry.isHidden ? nil : file
        }
        return nil
    }

    /// The path of the file with id `id` directly in or below `directory`, or `nil`.
    static func locate(_ id: String, in directory: String) -> String? {
        let direct = directory + "/" + id
        if case .regular = FileSystem.kind(of: direct) { return direct }
        var index = id.startIndex
        while let dash = id[index...].firstIndex(of: "-") {
            let subdirectory = directory + "/" + id[id.startIndex..<dash]
            if FileSystem.kind(of: subdirectory) == .directory,
                let found = locate(String(id[id.index(after: dash)...]), in: subdirectory)
            {
                return found
            }
            index = id.index(after: dash)
        }
        return nil
    }

    /// Every installed desktop file (the first of each id, in precedence order), with the paths
    /// of lower-precedence files the first one shadows.
    public func allDesktopFiles() -> [InstalledDesktopFile] {
        var seen = Set<DesktopFileID>()
        var result: [InstalledDesktopFile] = []
        for directory in directories.applicationDirectories {
            for (relative, path) in Self.desktopFiles(below: directory, prefix: "") {
                let id = DesktopFileID(relativePath: relative)
                guard seen.insert(id).inserted, let bytes = try? RegularFile.readIfExists(path) else { continue }
                result.append(InstalledDesktopFile(id: id, path: path, entry: DesktopEntry(bytes: bytes)))
            }
        }
        return result
    }

    static func desktopFiles(below directory: String, prefix: String) -> [(relative: String, path: String)] {
        var result: [(relative: String, path: String)] = []
        for (name, isDirectory) in FileSystem.entries(of: directory) {
            if isDirectory {
                result += desktopFiles(below: directory + "/" + name, prefix: prefix + name + "/")
            } else if name.hasSuffix(".desktop") {
                result.append((prefix + name, directory + "/" + name))
            }
        }
        return result
    }

    /// Every installed, launchable desktop file whose `MimeType` lists `mimeType`: the apps that
    /// claim it. More than one claimant means the choice rests on `mimeapps.list`.
    public func claimants(of mimeType: String) -> [InstalledDesktopFile] {
        allDesktopFiles().filter { $0.isLaunchable && $0.entry.handles(mimeType) }
    }

    // MARK: - mimeapps.list

    /// The `mimeapps.list` files that exist, in lookup order.
    public func mimeAppsLists() -> [(location: MimeAppsListLocation, list: MimeAppsList)] {
        directories.mimeAppsLists.compactMap { location in
            guard let bytes = try? RegularFile.readIfExists(location.path) else { return nil }
            return (location, MimeAppsList(bytes: bytes))
        }
    }

    /// The default application for `mimeType`, found in the order of the MIME Applications
    /// Associations specification (§4 and §5):
    /// 1. each `mimeapps.list` in lookup order (`$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`,
    ///    `$XDG_DATA_HOME/applications`, `$XDG_DATA_DIRS/applications`; desktop-specific files
    ///    before the generic one): the first id of its `[Default Applications]` value that is
    ///    installed, launchable, associated with the type (by its `MimeType`, or an
    ///    `[Added Associations]` line of this or an earlier file) and not removed by the
    ///    `[Removed Associations]` of this or an earlier file (a file's additions and removals apply
    ///    from its own place in the order on, never to the files before it);
    /// 2. otherwise the most preferred association: `[Added Associations]` in lookup order,
    ///    then each `applications` directory's `mimeinfo.cache` (or, where a directory has none,
    ///    its desktop files' `MimeType` keys) in precedence order, without removed ones.
    ///
    /// Files are read one at a time and the search stops at the first default found, so the
    /// usual case — our line in `~/.config/mimeapps.list` — reads one list and one desktop file.
    public func defaultHandler(for mimeType: String) -> DefaultHandler? {
        var removed: [DesktopFileID] = []
        var added: [DesktopFileID] = []
        var addedIn: [String] = []
        func usable(_ id: DesktopFileID, alsoAdded: [DesktopFileID] = []) -> InstalledDesktopFile? {
            guard !removed.contains(id), let file = desktopFile(id), file.isLaunchable else { return nil }
            return file.entry.handles(mimeType) || added.contains(id) || alsoAdded.contains(id) ? file : nil
        }
        for location in directories.mimeAppsLists {
            guard let bytes = try? RegularFile.readIfExists(location.path) else { continue }
            let list = MimeAppsList(bytes: bytes)
            // [Added Associations] and [Removed Associations] count only in generic files.
            let addedHere = location.desktop == nil ? list.ids(for: mimeType, in: MimeAppsList.addedAssociations) : []
            if location.desktop == nil { removed += list.ids(for: mimeType, in: MimeAppsList.removedAssociations) }
            for id in list.ids(for: mimeType, in: MimeAppsList.defaultApplications) {
                if let file = usable(id, alsoAdded: addedHere) {
                    return DefaultHandler(file: file, source: .defaultApplications(list: location.path))
                }
            }
            for id in addedHere where !removed.contains(id) && !added.contains(id) {
                added.append(id)
                addedIn.append(location.path)
            }
        }
        for (index, id) in added.enumerated() {
            if let file = usable(id) { return DefaultHandler(file: file, source: .addedAssociations(list: addedIn[index])) }
        }
        for directory in directories.applicationDirectories {
            if let ids = mimeInfoCache(in: directory, for: mimeType) {
                for id in ids {
                    if let file = usable(id) {
                        return DefaultHandler(file: file, source: .mimeInfoCache(path: directory + "/mimeinfo.cache"))
                    }
                }
            } else {
                for (relative, _) in Self.desktopFiles(below: directory, prefix: "") {
                    if let file = usable(DesktopFileID(relativePath: relative)) {
                        return DefaultHandler(file: file, source: .desktopFile)
                    }
                }
            }
        }
        return nil
    }

    /// The ids `mimeinfo.cache` in `directory` lists for `mimeType` (nil when there is no cache).
    public func mimeInfoCache(in directory: String, for mimeType: String) -> [DesktopFileID]? {
        guard let bytes = try? RegularFile.readIfExists(directory + "/mimeinfo.cache") else { return nil }
        return KeyFile(bytes).entries(in: "MIME Cache").filter { $0.key == mimeType }
            .flatMap { DesktopEntryValue.list($0.value) }.map(DesktopFileID.init(foreign:))
    }
}
