internal import Glibc
internal import SchemeRouter
internal import SchemeRouterSender

/// `status`'s look at the running primaries of the apps it examines: one that does not
/// acknowledge a request (stopped, stuck) and one that runs an executable replaced on disk since
/// it started (a rebuild or an upgrade) are reported with their fix. An app that is not running
/// is not a problem, and nothing is created (the runtime directory is only read).
public enum PrimaryCheck {
    /// The problems of the primaries of `files` (SchemeRouter apps only).
    public static func problems(_ files: [InstalledDesktopFile]) -> [Problem] {
        var problems: [Problem] = []
        for file in files {
            guard let name = file.entry.bundleName?.rawValue,
                access(RuntimeDirectory.path + "/" + name + ".sock", F_OK) == 0
            else { continue }
            let client: WakeClient
            do {
                guard let connected = try WakeClient.connect(to: name, connectTimeout: .milliseconds(500)) else { continue }
                client = connected
            } catch {
                problems.append(Problem(.error, "primary-unreachable", "\(name)'s primary cannot be reached: \(error)",
                    fix: "check the runtime directory \(RuntimeDirectory.path)"))
                continue
            }
            let pid = client.primaryProcessID
            if let path = client.replacedPrimaryExecutable {
                problems.append(Problem(
                    .warning, "replaced-executable",
                    "\(name)'s running primary (pid \(pid)) runs a replaced executable: \(path) was rebuilt or upgraded since it started",
                    fix: "schemectl lifecycle \(name) terminate  (the next URL starts the new version)"))
            }
            do {
                _ = try client.control(.state)
            } catch where error.exitStatus == .unresponsive {
                problems.append(Problem(
                    .error, "primary-unresponsive",
                    "\(name)'s primary (pid \(pid)) does not read its socket (stopped or stuck): URLs sent to it are not delivered",
                    fix: "kill -CONT \(pid)  (or, if it stays stuck, kill \(pid))"))
            } catch where error.exitStatus == .busy {
                problems.append(Problem(
                    .warning, "primary-busy",
                    "\(name)'s primary (pid \(pid)) sheds connections (busy: at its connection limit or out of descriptors): "
                        + "URLs sent now are refused, not delivered",
                    fix: "raise its descriptor limit (ulimit -n) or SCHEMEROUTER_MAX_CONNECTIONS, or find the client holding its connections"))
            } catch {
                problems.append(Problem(.error, "primary-unreachable", "\(name)'s primary (pid \(pid)): \(error)",
                    fix: "kill \(pid); the next URL starts a new primary"))
            }
        }
        return problems
    }
}
