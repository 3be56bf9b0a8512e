import SchemeRouter
import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// After `register`, the real `gio open` and `xdg-open` (and the library's `open`) hand a URL to
/// the registered handler as exactly one argument, byte for byte, and nothing in it is executed.
/// The handler here is a recording script; TodoListDeliveryTests does the same with the TodoList app.
@Suite struct DeliveryTests {
    /// URLs built to break a shell: `;`, `$(…)`, backticks, quotes, `|`, `&`, globs, raw and
    /// percent-encoded spaces. `PWNED` is replaced by a path in the sandbox that must never appear.
    static let hostileURLs = [
        "todolist://x?Quarterly%20Report#200806231300",
        "todolist://x?a;b;c#today",
        "todolist://x?$(touch$IFS'PWNED')",
        "todolist:?`touch PWNED`",
        "todolist://x?it's%20\"quoted\"&x=1|y>PWNED",
        "todolist://x?* ? [a] ~ #frag with spaces",
        "todolist:%u%U%f%%",
        "todolist://x?ünïcødé\\back\\slash",
    ]

    /// Registers a recorder for `todolist:` in a fresh sandbox.
    static func registered(_ sandbox: Sandbox, exitStatus: Int32 = 0, schemeRouterApp: Bool = true) throws -> Recorder {
        let recorder = try Recorder(in: sandbox, exitStatus: exitStatus)
        if schemeRouterApp {
            let handler = try HandlerDesktopFile(
                name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: recorder.script)
            _ = try DesktopRegistrar(environment: sandbox.environment).register(handler)
        } else {
            try sandbox.write(
                "[Desktop Entry]\nType=Application\nName=Recorder\nExec=\(recorder.script) %u\nMimeType=x-scheme-handler/todolist;\n",
                to: sandbox.userApplications + "/org.example.Recorder.desktop")
        }
        return recorder
    }

    static func url(_ template: String, _ sandbox: Sandbox) -> String { template.replacing("PWNED", with: sandbox.root + "/PWNED") }

    @Test(arguments: hostileURLs)
    func gioOpenDeliversTheURLExactly(template: String) throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox)
        let url = Self.url(template, sandbox)
        let gio = try sandbox.run("gio", ["open", url])
        #expect(gio.termination == .exited(0), "\(gio.standardErrorText)")
        #expect(recorder.arguments() == [url])
        #expect(!sandbox.exists(sandbox.root + "/PWNED"))
    }

    @Test(arguments: hostileURLs)
    func xdgOpenDeliversTheURLExactly(template: String) throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox)
        let url = Self.url(template, sandbox)
        // xdg-utils 1.1.3 looks scheme handlers up only with a display; any value will do.
        let xdg = try sandbox.run("xdg-open", [url], extra: ["DISPLAY": ":schemerouter-test"])
        #expect(xdg.termination == .exited(0), "\(xdg.standardErrorText)")
        #expect(recorder.arguments() == [url])
        #expect(!sandbox.exists(sandbox.root + "/PWNED"))
    }

    /// The library sends only valid URLs: the hostile ones that are valid RFC 3986.
    @Test(arguments: [
        "todolist://x?Quarterly%20Report#200806231300", "todolist://x?a;b;c#today", "todolist://x?$(touch$IFS'PWNED')",
        "todolist:?a%60touch%20PWNED%60", "todolist:%25u%25U",
    ])
    func libraryOpenDeliversTheURLExactlyAndWaitsForTheVerdict(template: String) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox)
        let url = Self.url(template, sandbox)
        let result = try URLOpener(environment: sandbox.environment).open(url)
        #expect(result.verdict == .handled)
        #expect(result.route == .launched)
        #expect(result.handler?.file.id.rawValue == "com.acme.todolist.desktop")
        #expect(recorder.arguments() == [url])
        #expect(!sandbox.exists(sandbox.root + "/PWNED"))
    }

    /// A handler installed under a path that needs every kind of Exec quoting is launched by
    /// gio and by the library with the URL intact (xdg-utils 1.1.3 cannot: see StatusTests).
    @Test(arguments: ["my apps", #"quote"d/it's"#, "dollar/$HOME/$(id)", #"back\slash"#, "semi;colon&amp|pipe/`tick`", "(paren)*?#~"])
    func handlersAtHostilePathsAreLaunched(directory: String) throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let gioRecorder = try Recorder(in: sandbox, name: "gio-recorder", directory: directory)
        let handler = try HandlerDesktopFile(
            name: try ReverseDNSName("com.acme.todolist"), schemes: [try SchemeName("todolist")], executable: gioRecorder.script)
        _ = try DesktopRegistrar(environment: sandbox.environment).register(handler)
        let url = "todolist://x?a;$(touch$IFS'\(sandbox.root)/PWNED')"
        #expect(try sandbox.run("gio", ["open", url]).termination == .exited(0))
        #expect(gioRecorder.arguments() == [url])

        let libraryRecorder = try Recorder(in: sandbox, name: "library-recorder", directory: directory)
        _ = try DesktopRegistrar(environment: sandbox.environment).register(
            try HandlerDesktopFile(name: handler.name, schemes: handler.schemes, executable: libraryRecorder.script))
        #expect(try URLOpener(environment: sandbox.environment).open(url).verdict == .handled)
        #expect(libraryRecorder.arguments() == [url])
        #expect(!sandbox.exists(sandbox.root + "/PWNED"))
    }

    @Test(arguments: [(Int32(1), DeliveryVerdict.declined), (3, .openFailed("the app's open threw")), (5, .launchTimedOut), (6, .terminated)])
    func theHandlersExitStatusIsTheVerdict(status: Int32, verdict: DeliveryVerdict) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox, exitStatus: status)
        #expect(try URLOpener(environment: sandbox.environment).open("todolist://x?a").verdict == verdict)
        #expect(recorder.arguments() == ["todolist://x?a"])
    }

    @Test func aForeignHandlerGetsTheURLWithoutAVerdict() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox, schemeRouterApp: false)
        let opener = try URLOpener(environment: sandbox.environment)
        #expect(opener.canOpen("todolist://x"))
        #expect(opener.open("todolist://x?a").verdict == .delivered)
        #expect(recorder.arguments() == ["todolist://x?a"])
    }

    @Test func malformedURLsAndMissingHandlersAreReportedNotSent() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let opener = try URLOpener(environment: sandbox.environment)
        #expect(!opener.canOpen("todolist://x"))
        #expect(opener.open("todolist://x").verdict == .noHandler(scheme: "todolist"))
        #expect(!opener.canOpen("todolist://x y"))
        #expect(opener.open("todolist://x y").verdict == .rejected(code: "space", offset: 12, message: "raw space: percent-encode it as %20"))
    }

    @Test func aMissingExecTargetIsALaunchFailure() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let recorder = try Self.registered(sandbox)
        _ = try ChildProcess.run("/bin/rm", arguments: ["rm", recorder.script], environment: [])
        let verdict = try URLOpener(environment: sandbox.environment).open("todolist://x").verdict
        guard case .launchFailed(let reason) = verdict else {
            Issue.record("expected launchFailed, got \(verdict)")
            return
        }
        #expect(reason.contains("does not exist"))
    }
}
