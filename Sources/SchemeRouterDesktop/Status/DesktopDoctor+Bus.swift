internal import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouter

extension DesktopDoctor {
    /// The D-Bus activation checks of the `DBusActivatable` apps among `files`: the service file
    /// is there and its `Exec` runs an executable with `--gapplication-service`, a session bus
    /// is reachable (otherwise activation is unavailable, and why), and the bus name is not
    /// owned by another program.
    public func busProblems(_ files: [InstalledDesktopFile]) -> [Problem] {
        var problems: [Problem] = []
        for file in files where file.entry.boolean("DBusActivatable") {
            guard let name = file.entry.bundleName else { continue }
            let path = database.directories.dataHome + "/dbus-1/services/" + name.rawValue + ".service"
            guard let bytes = try? RegularFile.readIfExists(path) else {
                problems.append(Problem(
                    .error, "dbus-service-missing",
                    "\(file.path) says DBusActivatable=true but \(path) is missing: launchers cannot start \(name)",
                    fix: "schemectl register MANIFEST --exec /path/to/app --dbus-activatable"))
                continue
            }
            let service = BusServiceFile.parse(bytes)
            let read = service.exec.map(BusServiceFile.program(ofExec:))
            let program = try? read?.get()
            if service.name != name.rawValue {
                problems.append(Problem(
                    .error, "dbus-service-name", "\(path) has Name=\(service.name ?? "(none)"), not \(name)",
                    fix: "schemectl register MANIFEST --exec /path/to/app --dbus-activatable"))
            }
            let runsService = service.exec?.hasSuffix(" " + BusServiceFile.serviceArgument) == true
            if case .failure(let problem) = read {
                // What dbus-daemon reads is not what the file seems to say.
                problems.append(Problem(
                    .error, "dbus-service-exec", "\(path): Exec=\(service.exec ?? ""): \(problem)",
                    fix: "schemectl register MANIFEST --exec /path/to/app --dbus-activatable"))
            } else if !(runsService && program.map(FileSystem.isExecutableFile) == true) {
                problems.append(Problem(
                    .error, "dbus-service-exec",
                    "\(path): Exec=\(service.exec ?? "(none)") does not run an executable with \(BusServiceFile.serviceArgument)"
                        + (program.map { " (the bus would run \($0))" } ?? ""),
                    fix: "schemectl register MANIFEST --exec /path/to/app --dbus-activatable"))
            }
            switch busOwner(of: name.rawValue) {
            case .unavailable(let reason):
                problems.append(Problem(
                    .warning, "dbus-unavailable", "D-Bus activation is unavailable: \(reason); the socket door still works",
                    fix: "run inside a desktop session (dbus-daemon --session / dbus-user-session)"))
            case .owner(let executable) where program != nil && executable != program.map(Self.resolved):
                problems.append(Problem(
                    .error, "dbus-name-taken", "the bus name \(name) is owned by \(executable), not \(program ?? "")",
                    fix: "quit \(executable), or register the app under another CFBundleURLName"))
            case .owner, .none:
                break
            }
        }
        return problems
    }

    /// Who owns a bus name.
    enum BusOwner {
        case unavailable(String)
        case owner(String)
        case none
    }

    /// Asks the session bus (with `gdbus`) which process owns `name`.
    func busOwner(of name: String) -> BusOwner {
        let address = environment.variables["DBUS_SESSION_BUS_ADDRESS"]
        let runtime = environment.variables["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard address?.isEmpty == false || runtime.map({ FileSystem.kind(of: $0) == .other }) == true else {
            return .unavailable("no session bus (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)")
        }
        guard let gdbus = environment.which("gdbus") else {
            return .unavailable("gdbus is not installed, so the bus cannot be asked (apt-get install libglib2.0-bin)")
        }
        guard
            let result = try? ChildProcess.run(
                gdbus,
                arguments: [
                    gdbus, "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", name,
                ], environment: environment.entries, deadline: .seconds(10))
        else { return .unavailable("gdbus could not run") }
        let errorText = result.standardErrorText
        if result.termination != .exited(0) {
            if errorText.contains("NameHasNoOwner") { return .none }
            let line = errorText.split(separator: "\n").first.map(String.init) ?? result.termination.description
            return .unavailable("the session bus did not answer: \(line)")
        }
        // `(uint32 1234,)`
        let digits = result.standardOutputText.split(whereSeparator: { !$0.isNumber }).last.map(String.init)
        guard let digits, let pid = Int32(digits) else { return .none }
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/\(pid)/exe", &buffer, 4096)
        guard length > 0 else { return .owner("pid \(pid)") }
        return .owner(String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `path` with symbolic links resolved (the kernel reports a process's executable that way).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
