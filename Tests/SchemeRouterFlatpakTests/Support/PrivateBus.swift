import Glibc

import SchemeRouterPlatform

/// A session bus of one test's own: a real `dbus-daemon --session` listening on a socket in the
/// test's directory, whose only service directory is the test's, so nothing on the machine is
/// started by it. Flatpak's bus proxy serves the sandboxed apps from it. Stopped by
/// ``stop()`` (SIGTERM to its pid, waited for).
final class PrivateBus {
    /// `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let daemon: ChildProcess.Running

    /// Starts the daemon in `directory` with `environment` and waits for its address.
    init(directory: String, environment: [String]) throws {
        let config = directory + "/bus.conf"
        try FileSystem.makeDirectories(directory + "/services")
        try FileSystem.writeAtomically(Array("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory)</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(directory)/services</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """.utf8), to: config)
        let addressFile = directory + "/bus.address"
        guard let daemonPath = FlatpakRuntime.which("dbus-daemon") else { throw FlatpakTestFailure("dbus-daemon is not installed") }
        daemon = try ChildProcess.start(
            ["dbus-daemon", "--config-file=\(config)", "--nofork", "--print-address=1"].map { Array($0.utf8) },
            executable: daemonPath, environment: environment, output: .file(addressFile))
        // Standard error goes to the same file: the address is the line that starts with `unix:`.
        let addressLine = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("unix:") } }
        guard let printed = FileWatch.wait(for: addressFile, timeout: .seconds(20), until: { addressLine($0) != nil }) else {
            daemon.signal(SIGKILL)
            _ = daemon.wait(deadline: .seconds(10))
            throw FlatpakTestFailure("dbus-daemon printed no address within 20 s")
        }
        address = String(addressLine(printed) ?? "")
    }

    /// Stops the daemon and waits for it.
    func stop() {
        daemon.signal(SIGTERM)
        _ = daemon.wait(deadline: .seconds(10))
    }
}
