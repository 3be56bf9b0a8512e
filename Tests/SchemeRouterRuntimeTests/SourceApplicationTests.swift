import CSchemeRouterLinux
import CLibUV
import Foundation
import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// Who sent a URL, as `open` learns it (issue 6, "Who may knock"): the kernel's pid and uid for
/// the connection and the executable behind the pid (not claimed), or the name the sender
/// gives (claimed, with the kernel's pid and uid). LoadProbe's `loadprobe://whoami` writes what
/// its `open` got to the log; the trace's `open` line carries the same.
@Suite("Source application (real processes)")
struct SourceApplicationTests {
    /// One `whoami` line: `whoami name=… pid=… uid=… claimed=… annotation=…`.
    struct Whoami: Equatable, CustomStringConvertible {
        var name: String
        var pid: String
        var uid: String
        var claimed: String
        var annotation: String

        /// Parses the line by its markers (a name may contain spaces: `pid 42`).
        init?(_ line: Substring) {
            guard line.hasPrefix("whoami name=") else { return nil }
            var rest = String(line.dropFirst("whoami name=".count))
            var values: [String] = []
            for marker in [" pid=", " uid=", " claimed=", " annotation="] {
                guard let range = rest.range(of: marker) else { return nil }
                values.append(String(rest[..<range.lowerBound]))
                rest = String(rest[range.upperBound...])
            }
            values.append(rest)
            (name, pid, uid, claimed, annotation) = (values[0], values[1], values[2], values[3], values[4])
        }

        init(name: String, pid: String, uid: String, claimed: String, annotation: String) {
            (self.name, self.pid, self.uid, self.claimed, self.annotation) = (name, pid, uid, claimed, annotation)
        }

        var description: String { "name=\(name) pid=\(pid) uid=\(uid) claimed=\(claimed) annotation=\(annotation)" }
    }

    /// The source object of the trace's last `open` line.
    static func tracedSource(_ sandbox: ProbeSandbox) throws -> [String: Any] {
        let lines = TestFiles.read(sandbox.trace).split(separator: "\n")
        let opens = try lines.compactMap { line -> [String: Any]? in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["hook"] as? String == "open" ? object : nil
        }
        return try #require(opens.last?["source"] as? [String: Any], "the trace's open line has a source")
    }

    static var uid: String { String(getuid()) }

    @Test("a woken URL's source is the sending process as the kernel reports it: its pid, uid and executable, not claimed")
    func kernelReportedSource() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch()
        let sender = try sandbox.spawn(["loadprobe://whoami"])
        #expect(try sender.wait() == 0, "\(sender.standardError)")
        let seen = try #require(sandbox.logLines().compactMap(Whoami.init).last)
        #expect(seen == Whoami(name: sandbox.probe, pid: String(sender.pid), uid: Self.uid, claimed: "false", annotation: "-"))
        let traced = try Self.tracedSource(sandbox)
        #expect(traced["name"] as? String == sandbox.probe)
        #expect(traced["pid"] as? Int == Int(sender.pid))
        #expect(traced["uid"] as? Int == Int(getuid()))
        #expect(traced["claimed"] as? Bool == false)
    }

    @Test("a name the sender claims is marked claimed; the pid and uid are still the kernel's")
    func claimedSource() throws {
        let sandbox = try ProbeSandbox()
        try sandbox.launch()
        let sender = try sandbox.spawn(
            ["loadprobe://whoami"], environment: ["SCHEMEROUTER_SOURCE_APPLICATION=com.example.claimer", "SCHEMEROUTER_ANNOTATION=note"])
        #expect(try sender.wait() == 0, "\(sender.standardError)")
        let seen = try #require(sandbox.logLines().compactMap(Whoami.init).last)
        #expect(seen == Whoami(name: "com.example.claimer", pid: String(sender.pid), uid: Self.uid, claimed: "true", annotation: "note"))
        let traced = try Self.tracedSource(sandbox)
        #expect(traced["name"] as? String == "com.example.claimer")
        #expect(traced["pid"] as? Int == Int(sender.pid))
        #expect(traced["claimed"] as? Bool == true)
    }

    @Test("a launch URL's source is the process that ran the invocation (here, the test runner), not claimed")
    func launchURLSource() throws {
        let sandbox = try ProbeSandbox()
        #expect(try sandbox.run(["loadprobe://whoami"]).status == 0)
        let seen = try #require(sandbox.logLines().compactMap(Whoami.init).last)
        let runner = try #require(PeerCredentials(pid: getpid(), uid: getuid()).executable)
        #expect(seen == Whoami(name: runner, pid: String(getpid()), uid: Self.uid, claimed: "false", annotation: "-"))
    }

    /// Why a gone sender's pid cannot be handed to a stranger here, or `nil` when it can.
    static let pidReuseUnavailable: String? = {
        guard getuid() == 0 else { return "hands a pid to another process through /proc/sys/kernel/ns_last_pid: needs root" }
        guard PidReuse.kernelHasPeerPidfd else {
            return "before Linux 6.5 (no SO_PEERPIDFD) the runtime cannot tell a reused pid from its sender (SECURITY.md)"
        }
        return nil
    }()

    /// A sender that sends its URL while the primary is busy launching and exits before it is
    /// accepted; `meanwhile` runs after it is gone (it may hand its pid to a stranger). Returns the
    /// sender's pid and what `open` was told about it.
    func goneSender(meanwhile: (pid_t) throws -> Void) throws -> (pid: pid_t, seen: Whoami) {
        let sandbox = try ProbeSandbox()
        let gate = sandbox.makeGate()
        let launcher = try sandbox.spawn(["--background"], environment: ["LOADPROBE_LAUNCH_GATE=\(gate)"])
        try sandbox.waitForLog { $0 == "launching" }
        // Connects while the primary is busy launching (the connection waits in the backlog),
        // sends its URL and exits without waiting for the verdict.
        let frame = RawSocket.open("loadprobe://whoami")
        let client = try ChildProcess(
            "/usr/bin/perl",
            ["-MSocket", "-e", Self.fireAndForget, sandbox.socketPath, Perl.hex(frame)].map { Array($0.utf8) },
            environment: ["PATH=/usr/bin:/bin"], outputPrefix: sandbox.root + "/client")
        #expect(try client.wait() == 0, "\(client.standardError)")
        try meanwhile(client.pid)
        sandbox.openGate(gate)
        #expect(try launcher.wait() == 0)
        try sandbox.waitForLog { $0.hasPrefix("whoami ") }
        return (client.pid, try #require(sandbox.logLines().compactMap(Whoami.init).last))
    }

    @Test("a sender that is gone before the primary accepts it: the pid is kept, named as a pid")
    func goneSenderIsNamedByPid() throws {
        let (pid, seen) = try goneSender { _ in }
        #expect(seen.pid == String(pid))
        #expect(seen.name == "pid \(pid)")
    }

    @Test(
        "a gone sender's pid taken by another process: the stranger's executable is not reported",
        .enabled(if: pidReuseUnavailable == nil, Comment(rawValue: pidReuseUnavailable ?? "")))
    func reusedPidIsNotTrusted() throws {
        var stranger: (pid: pid_t, input: Int32)?
        defer { stranger.map { PidReuse.stop($0) } }
        let (pid, seen) = try goneSender { pid in
            // Give its pid to a stranger (`cat`), as a busy system eventually would.
            stranger = PidReuse.spawn("/usr/bin/cat", withPid: pid)
            if stranger == nil { try Test.cancel("another process took pid \(pid) first, 50 times: the pid could not be handed over") }
        }
        #expect(seen.pid == String(pid))
        #expect(seen.name == "pid \(pid)", "the executable of the process that took the pid was reported: \(seen)")
    }

    /// Connects to ARGV[0], sends the hex bytes ARGV[1], exits.
    static let fireAndForget = """
        socket(my $s, AF_UNIX, SOCK_STREAM, 0) or die "socket: $!";
        connect($s, pack_sockaddr_un($ARGV[0])) or die "connect: $!";
        syswrite($s, pack("H*", $ARGV[1])) or die "write: $!";
        """
}

/// Handing a freed pid to a new process (`/proc/sys/kernel/ns_last_pid`, root only), to test
/// what the runtime makes of a reused pid.
enum PidReuse {
    /// Starts `executable` (reading a pipe, so it waits) as process `pid`, or `nil` when the pid
    /// cannot be arranged within a few attempts.
    static func spawn(_ executable: String, withPid pid: pid_t) -> (pid: pid_t, input: Int32)? {
        for _ in 0..<50 {
            let control = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC)
            guard control >= 0 else { return nil }
            let text = Array(String(pid - 1).utf8)
            let written = text.withUnsafeBytes { write(control, $0.baseAddress, $0.count) }
            close(control)
            guard written == text.count else { return nil }
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { return nil }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_adddup2(&actions, descriptors[0], 0)
            posix_spawn_file_actions_addclose(&actions, descriptors[1])
            var child: pid_t = 0
            var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
            let result = posix_spawn(&child, executable, &actions, nil, &arguments, nil)
            posix_spawn_file_actions_destroy(&actions)
            for pointer in arguments { free(pointer) }
            close(descriptors[0])
            guard result == 0 else {
                close(descriptors[1])
                return nil
            }
            if child == pid { return (child, descriptors[1]) }
            stop((child, descriptors[1]))
        }
        return nil
    }

    /// Ends a process started by ``spawn(_:withPid:)``.
    static func stop(_ process: (pid: pid_t, input: Int32)) {
        close(process.input)
        kill(process.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(process.pid, &status, 0)
    }

    /// Whether the kernel gives a pidfd for a socket's peer (`SO_PEERPIDFD`, Linux 6.5+).
    static var kernelHasPeerPidfd: Bool {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return false }
        defer { close(pair[0]); close(pair[1]) }
        let handle = schemerouter_peer_pidfd(pair[0])
        if handle >= 0 { close(handle) }
        return handle != -ENOPROTOOPT
    }
}
