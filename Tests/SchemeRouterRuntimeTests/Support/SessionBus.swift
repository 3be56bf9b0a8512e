import Glibc

/// A private session bus for one test: a real `dbus-daemon --session --nofork` with a config
/// written here, whose service directory is the sandbox's `$XDG_DATA_HOME/dbus-1/services`, and
/// which lets any uid connect (for the other-uid case). It listens on an abstract socket, so
/// `nobody` can reach it. Stopped (SIGTERM, waited for) when the value goes away.
final class SessionBus {
    let address: String
    let serviceDirectory: String
    private var daemon: ChildProcess
    private let root: String
    private let config: String
    private let environment: [String]
    private var runs = 0

    /// Starts the daemon with `environment` (what it passes to the apps it activates) and
    /// waits for it to print its address.
    /// - Parameter restartable: Listen on a fixed abstract socket and give the address without
    ///   the daemon's guid, so that ``restart()`` brings up a new daemon its clients can reach
    ///   again at the same address.
    init(root: String, environment: [String], restartable: Bool = false) throws(TestFailure) {
        self.root = root
        self.environment = environment
        serviceDirectory = root + "/data/dbus-1/services"
        var partial = ""
        for component in serviceDirectory.split(separator: "/") {
            partial += "/" + component
            mkdir(partial, 0o755)
        }
        config = root + "/session.conf"
        let listen = restartable ? "unix:abstract=schemerouter-test\(root)" : "unix:tmpdir=/tmp"
        TestFiles.write(config, """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(listen)</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(serviceDirectory)</servicedir>
              <policy context="default">
                <allow user="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """)
        let (started, printed) = try Self.startDaemon(config: config, environment: environment, outputPrefix: root + "/dbus-daemon")
        daemon = started
        address = restartable ? "unix:abstract=schemerouter-test\(root)" : printed
    }

    private static func startDaemon(
        config: String, environment: [String], outputPrefix: String
    ) throws(TestFailure) -> (ChildProcess, String) {
        let daemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"].map { Array($0.utf8) },
            environment: environment, outputPrefix: outputPrefix)
        let printed = try FileWatch.wait(for: daemon.stdoutPath, timeout: .seconds(20)) { $0.contains("\n") }
        return (daemon, String(printed.prefix { $0 != "\n" }))
    }

    /// Kills the daemon (SIGKILL) and starts a new one with the same configuration, on the same
    /// address when the bus is restartable.
    func restart() throws(TestFailure) {
        try kill9()
        runs += 1
        (daemon, _) = try Self.startDaemon(config: config, environment: environment, outputPrefix: root + "/dbus-daemon-\(runs)")
    }

    deinit {
        stop()
    }

    /// The daemon's pid.
    var pid: pid_t { daemon.pid }

    /// `DBUS_SESSION_BUS_ADDRESS=…`.
    var environmentEntry: String { "DBUS_SESSION_BUS_ADDRESS=\(address)" }

    /// Stops the daemon and waits for it.
    func stop() {
        guard ProcessWatch.isAlive(daemon.pid) else { return }
        kill(daemon.pid, SIGTERM)
        _ = try? daemon.wait(timeout: .seconds(10))
    }

    /// Kills the daemon (SIGKILL) without letting it say goodbye.
    func kill9() throws(TestFailure) {
        kill(daemon.pid, SIGKILL)
        _ = try daemon.wait(timeout: .seconds(10))
    }

    /// Starts a bus client (`gdbus`, `gapplication`, `gio`, `dbus-monitor`, `setpriv …`).
    func start(_ tool: String, _ arguments: [String], environment: [String]) throws(TestFailure) -> ChildProcess {
        runs += 1
        return try ChildProcess(
            tool, arguments.map { Array($0.utf8) }, environment: environment + [environmentEntry],
            outputPrefix: root + "/bus-client-\(runs)")
    }

    /// Runs a bus client to completion.
    func run(_ tool: String, _ arguments: [String], environment: [String]) throws(TestFailure) -> AppSandbox.Run {
        let process = try start(tool, arguments, environment: environment)
        let status = try process.wait(timeout: .seconds(30))
        return AppSandbox.Run(status: status, output: process.standardOutput, error: process.standardError)
    }

    /// `gdbus call` of a method of `org.freedesktop.Application` on `name`.
    func call(
        _ name: String, _ method: String, _ arguments: [String], environment: [String]
    ) throws(TestFailure) -> AppSandbox.Run {
        let path = "/" + name.split(separator: ".").joined(separator: "/")
        return try run(
            "/usr/bin/gdbus",
            ["call", "--session", "--dest", name, "--object-path", path, "--method", "org.freedesktop.Application.\(method)"]
                + arguments, environment: environment)
    }
}
