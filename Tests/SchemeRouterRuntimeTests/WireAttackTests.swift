import Glibc
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The wake socket against bad input, idle clients and other users, with a real primary.
@Suite("Wake socket under bad input (real processes)")
struct WireAttackTests {
    /// A running primary in its own sandbox.
    static func runningPrimary(_ environment: [String] = []) throws -> TodoSandbox {
        let sandbox = try TodoSandbox(environment: environment)
        let launch = try sandbox.run(["--background"])
        guard launch.status == 0 else { throw TestFailure("launch failed: \(launch.error)") }
        return sandbox
    }

    /// Checks that the primary still serves a well-formed URL.
    static func stillServes(_ sandbox: TodoSandbox, _ task: String) throws {
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(RawSocket.open("todolist://?\(task)", request: 42))
        let verdict = try socket.receiveVerdict()
        #expect(verdict.request == 42 && verdict.verdict == .handled)
    }

    @Test(
        "a bad frame gets a typed error, the connection is closed, and the primary keeps serving",
        arguments: [
            (Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), WireErrorCode.badMagic),
            ([0x53, 0x52, 0x03, 0x01, 0, 0, 0, 0], .unsupportedVersion),
            ([0x53, 0x52, 0x01, 0x01, 0x7F, 0xFF, 0xFF, 0xFF], .frameTooLarge),
            ([0x53, 0x52, 0x01, 0x81, 0, 0, 0, 0], .unexpectedType),
            ([0x53, 0x52, 0x01, 0x01, 0, 0, 0, 5, 0x09, 0, 0, 0, 0], .malformed),
            ([0x53, 0x52, 0x01, 0x01, 0, 0, 0, 0], .malformed),
        ] as [([UInt8], WireErrorCode)])
    func badFrames(bytes: [UInt8], code: WireErrorCode) throws {
        let sandbox = try Self.runningPrimary()
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(bytes)
        #expect(try socket.receiveError().code == code)
        #expect(try socket.receive() == .endOfStream)
        try Self.stillServes(sandbox, "after")
        #expect(try sandbox.items().map(\.task) == ["after"])
    }

    @Test("a client that stops inside a frame gets error(truncated)")
    func truncated() throws {
        let sandbox = try Self.runningPrimary()
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(Array(RawSocket.open("todolist://?cut").dropLast(3)))
        socket.finishSending()
        let error = try socket.receiveError()
        #expect(error.code == .truncated)
        #expect(error.message.contains("ended after"))
        try Self.stillServes(sandbox, "after")
    }

    @Test("idle and dribbling clients are timed out without delaying anyone else")
    func idleAndSlowloris() throws {
        // 2 s: the dribbler's second piece must come before its timeout, after a whole delivery
        // (TodoList syncs its file) on a loaded machine; the waits below end with the timeouts.
        let sandbox = try Self.runningPrimary(["SCHEMEROUTER_IDLE_TIMEOUT_MS=2000"])
        let idle = try RawSocket(path: sandbox.socketPath)
        let dribbling = try RawSocket(path: sandbox.socketPath)
        let frame = RawSocket.open("todolist://?slow")
        dribbling.send(Array(frame.prefix(3)))
        try Self.stillServes(sandbox, "meanwhile")
        dribbling.send(Array(frame.dropFirst(3).prefix(3)))
        #expect(try idle.receiveError().code == .idleTimeout)
        let slow = try dribbling.receiveError()
        #expect(slow.code == .idleTimeout)
        #expect(slow.message.contains("6 bytes of an incomplete frame"))
        #expect(try sandbox.items().map(\.task) == ["meanwhile"])
    }

    @Test("at SCHEMEROUTER_MAX_CONNECTIONS the next client is answered busy (connectionLimit), unread, and nothing of it is delivered; once a slot frees a new connection is served")
    func connectionLimit() throws {
        let sandbox = try Self.runningPrimary(["SCHEMEROUTER_MAX_CONNECTIONS=2"])
        let first = try RawSocket(path: sandbox.socketPath)
        first.send(RawSocket.open("todolist://?one"))
        #expect(try first.receiveVerdict().verdict == .handled)
        let second = try RawSocket(path: sandbox.socketPath)
        second.send(RawSocket.open("todolist://?two"))
        #expect(try second.receiveVerdict().verdict == .handled)
        // Both slots are taken: the third client's URL is never read.
        let third = try RawSocket(path: sandbox.socketPath)
        third.send(RawSocket.open("todolist://?three"))
        guard case .frame(let frame) = try third.receive(), frame.type == .busy else { throw TestFailure("expected a busy frame") }
        #expect(frame.version == 2)
        #expect(try BusyMessage(payload: frame.payload).cause == .connectionLimit)
        #expect(try third.receive() == .endOfStream)
        second.send(RawSocket.open("todolist://?two-again", request: 2))
        #expect(try second.receiveVerdict().verdict == .handled)
        first.finishSending()
        #expect(try first.receive() == .endOfStream)
        // The primary forgot the first connection when it closed it (before it accepts again).
        let fourth = try RawSocket(path: sandbox.socketPath)
        fourth.send(RawSocket.open("todolist://?four"))
        #expect(try fourth.receiveVerdict().verdict == .handled)
        #expect(try sandbox.items().map(\.task) == ["one", "two", "two-again", "four"])
    }

    @Test("one persistent connection may pipeline many URLs: every verdict comes back, in order")
    func pipelined() throws {
        let sandbox = try Self.runningPrimary()
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send((1...20).flatMap { RawSocket.open("todolist://?p\($0)", request: UInt32($0)) })
        for request in 1...20 {
            let verdict = try socket.receiveVerdict()
            #expect(verdict.request == UInt32(request) && verdict.verdict == .handled)
        }
        #expect(try sandbox.items().map(\.task) == (1...20).map { "p\($0)" })
    }

    @Test("the primary serves only its own user: a client running as nobody is refused and logged")
    func otherUserRefused() throws {
        let nobody = try OtherUser.prefix()
        let sandbox = try TodoSandbox(environment: ["SCHEMEROUTER_NO_DETACH=1"])
        let primary = try sandbox.spawn(["--background"])
        try FileWatch.wait(forName: "com.acme.todolist.sock", in: sandbox.runtimeDirectory)
        // The runtime directory is private (0700) and the socket 0600, so another user cannot
        // even connect; to test the primary's own check, give nobody a way in: a hard link in a
        // directory it may enter, with the socket's mode opened up.
        let door = sandbox.root + "/door"
        mkdir(door, 0o755)
        chmod(sandbox.root, 0o711)
        #expect(link(sandbox.socketPath, door + "/s") == 0)
        // The socket is 0600 (connect(2) needs write permission): open it up for the test.
        chmod(door + "/s", 0o666)
        let frame = RawSocket.open("todolist://?intruder")
        let client = try ChildProcess(
            nobody[0], (nobody.dropFirst() + ["perl", "-MSocket", "-e", Perl.client, door + "/s", Perl.hex(frame)])
                .map { Array($0.utf8) },
            environment: ["PATH=/usr/bin:/bin"], outputPrefix: sandbox.root + "/nobody")
        let status = try client.wait()
        #expect(status == 0, "perl client exited \(status): \(client.standardError)")
        let reply = Perl.bytes(client.standardOutput)
        var decoder = FrameDecoder(accepting: [.error])
        decoder.append(reply)
        let error = try #require(try decoder.next())
        #expect(try ErrorMessage(payload: error.payload).code == .peerRefused)
        try FileWatch.wait(for: primary.stderrPath) { $0.contains("refused a connection from uid 65534") }
        try Self.stillServes(sandbox, "mine")
        #expect(try sandbox.items().map(\.task) == ["mine"])
        kill(primary.pid, SIGTERM)
        #expect(try primary.wait() == 0)
    }

    /// Another user (`nobody`) serves a socket, made in a directory it can write and moved to
    /// where the sandbox's primary would listen.
    static func squat(_ sandbox: TodoSandbox, as nobody: [String]) throws -> ChildProcess {
        let door = sandbox.root + "/door"
        mkdir(door, 0o777)
        chmod(door, 0o777)
        chmod(sandbox.root, 0o711)
        let squatter = try ChildProcess(
            nobody[0], (nobody.dropFirst() + ["perl", "-MSocket", "-e", Perl.server, door + "/s"])
                .map { Array($0.utf8) },
            environment: ["PATH=/usr/bin:/bin"], outputPrefix: sandbox.root + "/squatter")
        try FileWatch.wait(for: squatter.stdoutPath) { $0.contains("ready") }
        mkdir(sandbox.runtimeDirectory, 0o700)
        #expect(rename(door + "/s", sandbox.socketPath) == 0)
        return squatter
    }

    @Test("a sender never hands a URL to a socket served by another user (a squatter): exit 77, nothing sent")
    func squatterNotTrusted() throws {
        let nobody = try OtherUser.prefix()
        let sandbox = try TodoSandbox()
        let squatter = try Self.squat(sandbox, as: nobody)
        let run = try sandbox.run(["todolist://?secret"])
        #expect(run.status == 77)
        #expect(run.error.contains("runs as uid 65534"))
        #expect(try squatter.wait() == 0)
        #expect(squatter.standardOutput.contains("received 0"), "the squatter must receive nothing")
    }

    @Test("schemectl open refuses a squatting socket as the app does: exit 77, nothing sent")
    func squatterRefusedBySchemectl() throws {
        let nobody = try OtherUser.prefix()
        let sandbox = try TodoSandbox()
        let schemectl = try Executables.path("schemectl")
        let register = try ChildProcess(
            schemectl, ["register", #filePath.replacing("Tests/SchemeRouterRuntimeTests/WireAttackTests.swift", with: "Examples/TodoList/Schemes/todolist.json"), "--exec", sandbox.todolist].map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/register")
        #expect(try register.wait() == 0, "\(register.standardError)")
        let squatter = try Self.squat(sandbox, as: nobody)
        let open = try ChildProcess(
            schemectl, ["open", "todolist://?secret"].map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/open")
        #expect(try open.wait() == ExitStatus.runtimeDirectoryRefused.rawValue, "\(open.standardOutput)\(open.standardError)")
        #expect(open.standardOutput.contains("runs as uid 65534"))
        #expect(try squatter.wait() == 0)
        #expect(squatter.standardOutput.contains("received 0"), "the squatter must receive nothing")
    }
}

/// Small Perl programs (perl-base is part of every Debian system) for clients and servers
/// that must run as another user.
enum Perl {
    /// Connects to ARGV[0], sends the hex bytes ARGV[1], prints everything received as hex.
    /// (The primary may refuse and close before the bytes are sent: SIGPIPE is ignored.)
    static let client = """
        $SIG{PIPE} = "IGNORE";
        socket(my $s, AF_UNIX, SOCK_STREAM, 0) or die "socket: $!";
        connect($s, pack_sockaddr_un($ARGV[0])) or die "connect: $!";
        syswrite($s, pack("H*", $ARGV[1]));
        my $all = ""; while (sysread($s, my $buffer, 65536)) { $all .= $buffer }
        print unpack("H*", $all), "\\n";
        """

    /// Listens on ARGV[0], says "ready", accepts one connection and counts its bytes.
    static let server = """
        socket(my $s, AF_UNIX, SOCK_STREAM, 0) or die "socket: $!";
        bind($s, pack_sockaddr_un($ARGV[0])) or die "bind: $!";
        listen($s, 5) or die "listen: $!"; $| = 1; print "ready\\n";
        accept(my $c, $s) or die "accept: $!";
        my $n = 0; while (my $r = sysread($c, my $buffer, 65536)) { $n += $r }
        print "received $n\\n";
        """

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits: [Character] = hex.filter { $0 != "\n" }.map { $0 }
        var result: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            if let byte = UInt8(String([digits[index], digits[index + 1]]), radix: 16) { result.append(byte) }
            index += 2
        }
        return result
    }

}

/// Running part of a test as another user (`nobody`, uid 65534): sessions run as root, and root
/// passes every permission check.
enum OtherUser {
    /// The command prefix that runs a program as nobody: `setpriv --reuid=65534 --regid=65534
    /// --clear-groups`, or `runuser -u nobody --` when only that exists. Skips the test (with the
    /// reason) unless it runs as root, or when neither is installed.
    static func prefix() throws -> [String] {
        guard getuid() == 0 else {
            try Test.cancel("runs a client as another user (nobody): only root can switch users, and this runs as uid \(getuid())")
        }
        for path in ["/usr/bin/setpriv", "/bin/setpriv"] where access(path, X_OK) == 0 {
            return [path, "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        for path in ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"] where access(path, X_OK) == 0 {
            return [path, "-u", "nobody", "--"]
        }
        try Test.cancel("neither setpriv nor runuser is installed: cannot run a client as another user (nobody)")
    }
}
