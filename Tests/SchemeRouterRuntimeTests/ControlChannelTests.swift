import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// `schemectl lifecycle` and `app --quit` on the control channel.
@Suite("Control channel (real processes)")
struct ControlChannelTests {
    @Test("no primary: schemectl lifecycle and todolist --quit exit 8 (notRunning)")
    func notRunning() throws {
        let sandbox = try TodoSandbox()
        let state = try sandbox.lifecycle(["state"])
        #expect(state.status == 8)
        #expect(state.error.contains("not running"))
        #expect(try sandbox.run(["--quit"]).status == 8)
    }

    @Test("background, foreground and terminate run their hooks; commands not allowed in the state exit 9")
    func sequences() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["todolist://?x"]).status == 0)
        #expect(try sandbox.lifecycle(["foreground"]).status == 9, "already active")
        let background = try sandbox.lifecycle(["background"])
        #expect(background.status == 0)
        #expect(background.output == "com.acme.todolist: background\n")
        #expect(Array(sandbox.hooks().suffix(2)) == ["willResignActive", "didEnterBackground"])
        let refused = try sandbox.lifecycle(["background", "--json"])
        #expect(refused.status == 9)
        #expect(refused.output.contains("\"done\": false") && refused.output.contains("\"state\": \"background\""))
        #expect(try sandbox.lifecycle(["foreground"]).status == 0)
        #expect(Array(sandbox.hooks().suffix(2)) == ["willEnterForeground", "didBecomeActive"])
        let pid = try #require(sandbox.primaryPID)
        let terminate = try sandbox.lifecycle(["terminate"])
        #expect(terminate.status == 0)
        #expect(terminate.output == "com.acme.todolist: notRunning\n")
        try ProcessWatch.waitForExit(pid, timeout: .seconds(10))
        #expect(sandbox.hooks().last == "willTerminate")
    }

    @Test("connections still open when the app terminates are told error(terminated), never left hanging")
    func terminationTellsConnectedClients() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["--background"]).status == 0)
        let idle = try RawSocket(path: sandbox.socketPath)
        let partial = try RawSocket(path: sandbox.socketPath)
        partial.send(Array(RawSocket.open("todolist://?never").prefix(10)))
        try Self.stillServes(sandbox)
        #expect(try sandbox.quit().status == 0)
        #expect(try idle.receiveError().code == .terminated)
        #expect(try partial.receiveError().code == .terminated)
        #expect(try sandbox.items().isEmpty)
    }

    /// The primary answers a `state` request (so both raw connections above were accepted).
    static func stillServes(_ sandbox: TodoSandbox) throws {
        let socket = try RawSocket(path: sandbox.socketPath)
        socket.send(ControlRequest(request: 1, command: .state).frame.encoded)
        guard case .frame(let frame) = try socket.receive(), frame.type == .controlReply else {
            throw TestFailure("no control reply")
        }
    }

    @Test("a plain `todolist` brings a background primary to the foreground")
    func plainInvocationActivates() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["--background"]).status == 0)
        #expect(try sandbox.run([]).status == 0)
        #expect(Array(sandbox.hooks().suffix(2)) == ["willEnterForeground", "didBecomeActive"])
        #expect(try sandbox.lifecycle(["state"]).output == "com.acme.todolist: active\n")
    }

    @Test("usage errors exit 64")
    func usage() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["--bogus"]).status == 64)
        // URLs and files may be several; an option goes alone.
        let mixed = try sandbox.run(["todolist://add?title=a", "--background"])
        #expect(mixed.status == 64)
        #expect(mixed.error.contains("'--background' is an option: options go alone"), "\(mixed.error)")
        #expect(sandbox.hooks().isEmpty)
        #expect(try sandbox.lifecycle(["sideways"]).status == 64)
        #expect(try sandbox.run(["--list"], environment: []).status == 0)
    }
}
