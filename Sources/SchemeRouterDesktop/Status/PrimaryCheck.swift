internal import Glibc
internal import SchemeRouter
internal import SchemeRouterPlatform
internal import SchemeRouterSender

/// `status`'s look at the running primaries of the apps it examines: one that does not
/// acknowledge a request (stopped, stuck) and one that runs an executable replaced on disk since
/// it started (a rebuild or an upgrade) are reported with their fix. An app that is not running
/// is not a problem, and nothing is created (the runtime directory is only read). An app
/// installed as a Flatpak is looked for in `$XDG_RUNTIME_DIR/app/<app id>/` (as senders do); a primary whose pid
/// the kernel cannot give (it runs in another PID namespace) is named without one.
public enum PrimaryCheck {
    /// The problems of the primaries of `files` (SchemeRouter apps only).
    public static func problems(_ files: [InstalledDesktopFile]) -> [Problem] {
        var problems: [Problem] = []
        for file in files {
            guard let name = file.entry.bundleName?.rawValue else { continue }
            let flatpakApp = file.entry.flatpakAppID
            // Where senders look: the app's Flatpak directory when there is one, else the usual one.
            let shared = RuntimeDirectory.flatpakPath(appID: flatpakApp ?? name, environment: Sys.environment)
            let directory = shared.flatMap { FileSystem.kind(of: $0) == .directory ? $0 : nil } ?? RuntimeDirectory.path
            guard access(directory + "/" + name + ".sock", F_OK) == 0 else { continue }
            let client: WakeClient
            do {
                guard let connected = try WakeClient.connect(to: name, connectTimeout: .milliseconds(500), flatpakApp: flatpakApp)
                else { continue }
                client = connected
            } catch {
                problems.append(Problem(.error, "primary-unreachable", "\(name)'s primary cannot be reached: \(error)",
                    fix: "check the runtime directory \(directory)"))
                continue
            }
            // Never `kill 0` (the whole process group): without a pid the fix names the app.
            let pid = client.primaryProcessID
            let which = pid.map { " (pid \($0))" } ?? ""
            let stop = pid.map { "kill \($0)" } ?? flatpakApp.map { "flatpak kill \($0)" } ?? "schemectl lifecycle \(name) terminate"
            if let path = client.replacedPrimaryExecutable {
                problems.append(Problem(
                    .warning, "replaced-executable",
                    "\(name)'s running primary\(which) runs a replaced executable: \(path) was rebuilt or upgraded since it started",
                    fix: "schemectl lifecycle \(name) terminate  (the next URL starts the new version)"))
            }
            do {
                _ = try client.control(.state)
            } catch where error.exitStatus == .unresponsive {
                problems.append(Problem(
                    .error, "primary-unresponsive",
                    "\(name)'s primary\(which) does not read its socket (stopped or stuck): URLs sent to it are not delivered",
                    fix: pid.map { "kill -CONT \($0)  (or, if it stays stuck, kill \($0))" } ?? "\(stop)  (it is stopped or stuck)"))
            } catch where error.exitStatus == .busy {
                problems.append(Problem(
                    .warning, "primary-busy",
                    "\(name)'s primary\(which) sheds connections (busy: at its connection limit or out of descriptors): "
                        + "URLs sent now are refused, not delivered",
                    fix: "raise its descriptor limit (ulimit -n) or SCHEMEROUTER_MAX_CONNECTIONS, or find the client holding its connections"))
            } catch {
                problems.append(Problem(.error, "primary-unreachable", "\(name)'s primary\(which): \(error)",
                    fix: "\(stop); the next URL starts a new primary"))
            }
        }
        return problems
    }
}
