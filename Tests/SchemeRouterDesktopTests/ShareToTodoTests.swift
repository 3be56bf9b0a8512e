import SchemeRouter
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// The `share-to-todo` example: builds the URL, percent-encodes the task, names itself as the sender.
@Suite struct ShareToTodoTests {
    static func run(_ sandbox: Sandbox, _ arguments: [String]) throws -> ChildProcess.Result {
        let binary = try Binaries.path("share-to-todo")
        return try ChildProcess.run(binary, arguments: ["share-to-todo"] + arguments, environment: sandbox.environment.entries, deadline: .seconds(60))
    }

    @Test(arguments: [
        (["Buy", "milk", "&", "eggs"], "todolist://?Buy%20milk%20%26%20eggs#today"),
        (["--due", "202612241800", "Wrap #1 gift, 100% + bow"], "todolist://?Wrap%20%231%20gift%2C%20100%25%20%2B%20bow#202612241800"),
        (["ünï", "$(rm -rf ~)", "'quoted'", "\"x\""], "todolist://?%C3%BCn%C3%AF%20%24%28rm%20-rf%20~%29%20%27quoted%27%20%22x%22#today"),
    ])
    func sendsTheEncodedTaskAsItsSourceApplication(arguments: [String], url: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Recorder(in: sandbox, variables: ["SCHEMEROUTER_SOURCE_APPLICATION"])
        _ = try DesktopRegistrar(environment: sandbox.environment).register(
            try HandlerDesktopFile(name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: recorder.script))
        let output = try Self.run(sandbox, arguments)
        #expect(output.termination == .exited(0), "\(output.standardErrorText)")
        #expect(output.standardOutputText == "\(url): handled\n")
        #expect(recorder.arguments() == [url, "SCHEMEROUTER_SOURCE_APPLICATION=com.acme.sharetotodo"])
        // Every URL it builds passes the strict parser.
        #expect(throws: Never.self) { try SchemeURL(url) }
    }

    @Test func exitStatusesFollowTheVerdict() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try Self.run(sandbox, ["x"]).termination == .exited(10))
        #expect(try Self.run(sandbox, []).termination == .exited(64))
        #expect(try Self.run(sandbox, ["--due", "tomorrow", "x"]).termination == .exited(64))
        let recorder = try Recorder(in: sandbox, exitStatus: 1)
        _ = try DesktopRegistrar(environment: sandbox.environment).register(
            try HandlerDesktopFile(name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: recorder.script))
        let declined = try Self.run(sandbox, ["--json", "x"])
        #expect(declined.termination == .exited(1))
        #expect(declined.standardOutputText == "{\"url\": \"todolist://?x#today\", \"verdict\": \"declined\", \"message\": \"declined\"}\n")
        #expect(recorder.arguments() == ["todolist://?x#today"])
    }
}
