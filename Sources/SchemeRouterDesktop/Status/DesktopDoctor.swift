internal import SchemeRouterPlatform
public import SchemeRouter

/// `schemectl status`: who handles each scheme, who else claims it, whether xdg-mime agrees,
/// whether the handler can run, and which helper tools are missing — each problem with a fix.
public struct DesktopDoctor: Sendable {
    /// The environment the tools run with.
    public let environment: ProcessEnvironment
    /// The desktop database examined.
    public let database: DesktopDatabase

    /// A doctor for the XDG directories of `environment`.
    public init(environment: ProcessEnvironment) throws(XDGError) {
        self.environment = environment
        database = try DesktopDatabase(environment: environment)
    }

    /// The helper tools and where they are.
    public func tools() -> [HelperTool] { HelperTool.survey(environment) }

    /// Problems with the helper tools (all warnings: registration works without them).
    public func toolProblems() -> [Problem] {
        tools().filter { $0.path == nil }.map {
            Problem(
                .warning, "tool-missing", "\($0.command) is not installed: no \($0.purpose)",
                fix: "apt-get install \($0.package)")
        }
    }

    /// Problems of the session itself: `xdg-open` with no way to deliver (a warning: `gio open`
    /// and `schemectl open` still work).
    public func sessionProblems() -> [Problem] {
        XdgOpenReach.problem(environment).map { [$0] } ?? []
    }

    /// The desktop files written by `schemectl register`, across `XDG_DATA_HOME` and `XDG_DATA_DIRS`.
    public func registeredApps() -> [InstalledDesktopFile] {
        database.allDesktopFiles().filter { $0.entry.bundleName != nil && $0.isLaunchable }
    }

    /// Examines every scheme of the app `name` (its registered desktop file's `MimeType`).
    /// Returns `nil` when no desktop file of that id is installed.
    public func examine(app name: ReverseDNSName) -> [SchemeStatus]? {
        let id = DesktopFileID(name)
        guard let file = database.desktopFile(id) else { return nil }
        return Self.schemes(of: file).map { examine(scheme: $0, expecting: id) }
    }

    /// Examines one scheme. Without `expected`, the SchemeRouter app that claims the scheme is
    /// expected (when exactly one does).
    public func examine(scheme: SchemeName, expecting expected: DesktopFileID? = nil) -> SchemeStatus {
        let mimeType = HandlerDesktopFile.mimeType(for: scheme)
        let claimants = database.claimants(of: mimeType)
        let routers = claimants.filter { $0.entry.bundleName != nil }
        let expected = expected ?? (routers.count == 1 ? routers[0].id : nil)
        let handler = database.defaultHandler(for: mimeType)
        let xdgMime = queryXDGMime(mimeType)
        var problems: [Problem] = []

        if let handler {
            if let expected, handler.file.id != expected {
                problems.append(Problem(
                    .error, "other-default",
                    "\(mimeType) opens \(handler.file.id), not \(expected) (chosen by \(handler.source))",
                    fix: fixForOtherDefault(handler, expected: expected, mimeType: mimeType)))
            }
            problems += execProblems(handler.file)
        } else {
            problems.append(Problem(
                .error, "no-handler", "nothing opens \(mimeType)",
                fix: expected.flatMap(\.bundleName).map { "schemectl register <target>/Schemes/<manifest>.json --exec /path/to/app  (for \($0))" }
                    ?? "schemectl register MANIFEST --exec /path/to/app"))
        }
        if let expected, handler?.file.id != expected, let ours = database.desktopFile(expected) {
            problems += execProblems(ours)
        }

        let winner = handler?.file.id ?? expected
        let others = claimants.filter { $0.id != winner && $0.id != expected }
        if !others.isEmpty {
            problems.append(Problem(
                .warning, "competing-claimant",
                "\(others.map(\.description).joined(separator: ", ")) also claim\(others.count == 1 ? "s" : "") \(mimeType): "
                    + "without the default line, the desktop may hand URLs to \(others.count == 1 ? "it" : "them")",
                fix: others.map { "remove \($0.path) (or drop \(mimeType) from its MimeType)" }.joined(separator: "; ")))
        }

        if let handler, let answer = xdgMime, answer != handler.file.id.rawValue {
            problems.append(Problem(
                .error, "xdg-mime-disagrees",
                "xdg-mime query default \(mimeType) answers \(answer.isEmpty ? "nothing" : answer), "
                    + "so xdg-open and browsers that use it would not open \(handler.file.id)",
                fix: fixForXDGMime(handler, mimeType: mimeType)))
        }

        if let expected, let file = database.desktopFile(expected), file.path.hasPrefix(database.directories.userApplications + "/"),
            environment.which("update-desktop-database") != nil,
            !(database.mimeInfoCache(in: database.directories.userApplications, for: mimeType) ?? []).contains(expected)
        {
            problems.append(Problem(
                .warning, "stale-cache",
                "\(database.directories.userApplications)/mimeinfo.cache does not list \(expected) for \(mimeType)",
                fix: "update-desktop-database \(database.directories.userApplications)"))
        }

        for (location, list) in database.mimeAppsLists() where list.defaultLineCount(for: mimeType) > 1 {
            problems.append(Problem(
                .warning, "duplicate-default-lines",
                "\(location.path) has \(list.defaultLineCount(for: mimeType)) \(mimeType) lines under [Default Applications]: "
                    + "xdg-mime reads the first, GLib the last",
                fix: "keep one \(mimeType)= line in \(location.path)"))
        }

        return SchemeStatus(
            scheme: scheme, expected: expected, defaultHandler: handler, claimants: claimants, xdgMimeDefault: xdgMime,
            problems: problems.sorted { $0.severity < $1.severity })
    }

    /// The problems of a handler's `Exec` line and target.
    func execProblems(_ file: InstalledDesktopFile) -> [Problem] {
        guard let exec = file.entry.exec else {
            return [Problem(.error, "exec-missing-key", "\(file.path) has no Exec line", fix: reRegister(file))]
        }
        let arguments: [String]
        do { arguments = try ExecLine.arguments(exec: exec, url: "x:") } catch {
            return [Problem(.error, "exec-unreadable", "\(file.path): \(error)", fix: reRegister(file))]
        }
        let program = arguments[0]
        var problems: [Problem] = []
        let resolved = program.contains("/") ? program : environment.which(program)
        switch resolved.map(FileSystem.kind(of:)) ?? .missing {
        case .missing:
            problems.append(Problem(
                .error, "exec-missing", "the Exec target \(program) of \(file.id) does not exist", fix: reRegister(file)))
        case .regular where FileSystem.isExecutableFile(resolved ?? program): break
        case .regular:
            problems.append(Problem(
                .error, "exec-not-executable", "the Exec target \(program) of \(file.id) is not executable",
                fix: "chmod +x \(ExecLine.quote(program))"))
        default:
            problems.append(Problem(
                .error, "exec-not-executable", "the Exec target \(program) of \(file.id) is not a regular file",
                fix: reRegister(file)))
        }
        if let raw = file.entry.exec, DesktopEntryValue.unescape(raw).hasPrefix("\"") {
            problems.append(Problem(
                .warning, "exec-needs-quoting",
                "the Exec path of \(file.id) needs quoting, which xdg-utils 1.1.3 does not undo: xdg-open cannot launch it (gio can)",
                fix: "install the app at a path without spaces or shell characters and register again"))
        }
        return problems
    }

    private func reRegister(_ file: InstalledDesktopFile) -> String {
        if let name = file.entry.bundleName {
            return "schemectl register MANIFEST --exec /path/to/app  (the manifest of \(name); or schemectl unregister \(name))"
        }
        return "fix or remove \(file.path)"
    }

    private func fixForOtherDefault(_ handler: DefaultHandler, expected: DesktopFileID, mimeType: String) -> String {
        switch handler.source {
        case .defaultApplications(let list) where list != database.directories.userMimeAppsList:
            "remove the \(mimeType) line from \(list), or: xdg-mime default \(expected) \(mimeType)"
        default:
            expected.bundleName.map { _ in "schemectl register MANIFEST --exec /path/to/app  (sets the default again)" }
                ?? "xdg-mime default \(expected) \(mimeType)"
        }
    }

    private func fixForXDGMime(_ handler: DefaultHandler, mimeType: String) -> String {
        if let raw = handler.file.entry.exec, DesktopEntryValue.unescape(raw).hasPrefix("\"") {
            return "xdg-mime cannot run a quoted Exec path: install the app at a path without spaces or shell characters"
        }
        return "update-desktop-database \(database.directories.userApplications); xdg-mime default \(handler.file.id) \(mimeType)"
    }

    /// What `xdg-mime query default` answers, run with this environment (`nil` when unavailable).
    func queryXDGMime(_ mimeType: String) -> String? {
        guard let tool = environment.which("xdg-mime") else { return nil }
        guard
            let output = try? ChildProcess.run(
                tool, arguments: [tool, "query", "default", mimeType], environment: environment.entries, deadline: .seconds(15)),
            output.termination == .exited(0)
        else { return nil }
        return output.standardOutputText.trimmingBlanks.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// The schemes a desktop file claims (`x-scheme-handler/<scheme>` entries of its `MimeType`).
    static func schemes(of file: InstalledDesktopFile) -> [SchemeName] {
        file.entry.mimeTypes.compactMap { type in
            guard type.lowercased().hasPrefix("x-scheme-handler/") else { return nil }
            return try? SchemeName(String(type.dropFirst("x-scheme-handler/".count)))
        }
    }
}

extension DesktopDoctor {
    /// Runs `desktop-file-validate` on `files` (when installed); each failure is an error.
    public func validate(_ files: [InstalledDesktopFile]) -> [Problem] {
        guard let tool = environment.which("desktop-file-validate") else { return [] }
        return files.compactMap { file in
            guard let output = try? ChildProcess.run(
                tool, arguments: [tool, file.path], environment: environment.entries, deadline: .seconds(15))
            else { return nil }
            guard output.termination != .exited(0) else { return nil }
            let first = (output.standardOutputText + output.standardErrorText).split(separator: "\n").first.map(String.init) ?? ""
            return Problem(
                .error, "invalid-desktop-file", "\(file.path) does not pass desktop-file-validate: \(first)",
                fix: file.entry.bundleName.map { _ in "schemectl register MANIFEST --exec /path/to/app  (rewrites it)" }
                    ?? "fix or remove \(file.path)")
        }
    }
}
