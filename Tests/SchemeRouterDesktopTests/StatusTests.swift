import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// `status` (the doctor) against real files and the real xdg-mime.
@Suite struct StatusTests {
    @Test(arguments: [
        ([:], true),
        (["DISPLAY": ":0"], false),
        (["WAYLAND_DISPLAY": "wayland-0"], false),
        (["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"], false),
        (["XDG_CURRENT_DESKTOP": "KDE"], false),
        (["XDG_CURRENT_DESKTOP": "sway"], true),
        (["DISPLAY": ""], true),
        (["KDE_FULL_SESSION": "true"], false),
    ] as [([String: String], Bool)])
    func xdgOpenWithoutADisplayOrDesktopIsAWarning(variables: [String: String], warns: Bool) {
        let problem = XdgOpenReach.problem(ProcessEnvironment(variables))
        #expect((problem != nil) == warns)
        #expect(problem.map { $0.severity == .warning && $0.code == "xdg-open-cannot-deliver" } ?? true)
    }

    static let scheme = try! SchemeName("todolist")
    static let name = try! ReverseDNSName("com.acme.todolist")

    static func register(_ sandbox: Sandbox, at relative: String = "bin/todolist") throws -> String {
        let path = try RegistrarTests.executable(sandbox, relative)
        _ = try DesktopRegistrar(environment: sandbox.environment).register(try RegistrarTests.handler(path))
        return path
    }

    static func codes(_ status: SchemeStatus) -> [String] { status.problems.map(\.code) }

    @Test func aHealthyRegistration() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        _ = try Self.register(sandbox)
        let doctor = try DesktopDoctor(environment: sandbox.environment)
        let statuses = try #require(doctor.examine(app: Self.name))
        #expect(statuses.count == 1)
        let status = statuses[0]
        #expect(status.problems == [])
        #expect(status.isHealthy)
        #expect(status.defaultHandler?.file.id.rawValue == "com.acme.todolist.desktop")
        #expect(status.xdgMimeDefault == "com.acme.todolist.desktop")
        #expect(doctor.validate(doctor.registeredApps()) == [])
        #expect(doctor.toolProblems() == [])
    }

    @Test func detectsACompetingClaimant() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        _ = try Self.register(sandbox)
        let rival = sandbox.systemApplications + "/org.rival.Todo.desktop"
        try sandbox.write(
            "[Desktop Entry]\nType=Application\nName=Rival\nExec=/bin/true %u\nMimeType=x-scheme-handler/todolist;\n", to: rival)
        let status = try DesktopDoctor(environment: sandbox.environment).examine(scheme: Self.scheme)
        let problem = try #require(status.problems.first { $0.code == "competing-claimant" })
        #expect(problem.severity == .warning)
        #expect(problem.message.contains("org.rival.Todo.desktop"))
        #expect(problem.fix.contains(rival))
        #expect(status.claimants.map(\.id.rawValue).sorted() == ["com.acme.todolist.desktop", "org.rival.Todo.desktop"])
        #expect(status.expected?.rawValue == "com.acme.todolist.desktop")
    }

    @Test func detectsACompetitorThatWon() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        _ = try Self.register(sandbox)
        try sandbox.write(
            "[Desktop Entry]\nType=Application\nName=Rival\nExec=/bin/true %u\nMimeType=x-scheme-handler/todolist;\n",
            to: sandbox.systemApplications + "/org.rival.Todo.desktop")
        // A desktop-specific list outranks ~/.config/mimeapps.list.
        let sandboxGNOME = Sandbox(copying: sandbox, extra: ["XDG_CURRENT_DESKTOP": "GNOME"])
        try sandbox.write("[Default Applications]\nx-scheme-handler/todolist=org.rival.Todo.desktop;\n", to: sandbox.configHome + "/gnome-mimeapps.list")
        let status = try DesktopDoctor(environment: sandboxGNOME.environment).examine(app: Self.name)![0]
        let problem = try #require(status.problems.first { $0.code == "other-default" })
        #expect(problem.severity == .error)
        #expect(problem.fix.contains("gnome-mimeapps.list"))
        #expect(!status.isHealthy)
    }

    @Test func detectsAMissingOrNonExecutableExecTarget() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = try Self.register(sandbox)
        let doctor = try DesktopDoctor(environment: sandbox.environment)
        _ = try ChildProcess.run("/bin/chmod", arguments: ["chmod", "-x", path], environment: [])
        var status = try #require(doctor.examine(app: Self.name)?.first)
        #expect(Self.codes(status).contains("exec-not-executable"))
        _ = try ChildProcess.run("/bin/rm", arguments: ["rm", path], environment: [])
        status = try #require(doctor.examine(app: Self.name)?.first)
        let problem = try #require(status.problems.first { $0.code == "exec-missing" })
        #expect(problem.severity == .error)
        #expect(problem.message.contains(path))
        #expect(!status.isHealthy)
    }

    /// xdg-utils 1.1.3 takes the first word of Exec without undoing quotes: a quoted path makes
    /// xdg-mime skip our [Default Applications] line and xdg-open fail, while GLib launches it.
    @Test func explainsWhatAQuotedExecPathCostsWithXDGUtils() throws {
        try Tools.require()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        _ = try Self.register(sandbox, at: "my apps/todolist")
        var status = try DesktopDoctor(environment: sandbox.environment).examine(scheme: Self.scheme)
        #expect(Self.codes(status) == ["exec-needs-quoting"])
        let xdgOpen = try sandbox.run("xdg-open", ["todolist://x"], extra: ["DISPLAY": ":schemerouter-test"])
        #expect(xdgOpen.termination != .exited(0))
        #expect(try sandbox.run("gio", ["open", "todolist://x"]).termination == .exited(0))

        // With only a rival in the system cache and ours not in a cache, xdg-mime answers the rival.
        _ = try FileSystem.remove(sandbox.userApplications + "/mimeinfo.cache")
        try sandbox.write(
            "[Desktop Entry]\nType=Application\nName=Rival\nExec=/bin/true %u\nMimeType=x-scheme-handler/todolist;\n",
            to: sandbox.systemApplications + "/org.rival.Todo.desktop")
        try sandbox.write("[MIME Cache]\nx-scheme-handler/todolist=org.rival.Todo.desktop;\n", to: sandbox.systemApplications + "/mimeinfo.cache")
        status = try DesktopDoctor(environment: sandbox.environment).examine(scheme: Self.scheme)
        #expect(status.defaultHandler?.file.id.rawValue == "com.acme.todolist.desktop")
        #expect(status.xdgMimeDefault == "org.rival.Todo.desktop")
        let problem = try #require(status.problems.first { $0.code == "xdg-mime-disagrees" })
        #expect(problem.severity == .error)
        #expect(problem.fix.contains("path without spaces"))
        #expect(Self.codes(status).contains("stale-cache"))
        #expect(Self.codes(status).contains("competing-claimant"))
    }

    @Test func nobodyHandlesAnUnregisteredScheme() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let status = try DesktopDoctor(environment: sandbox.environment).examine(scheme: Self.scheme)
        #expect(Self.codes(status) == ["no-handler"])
        #expect(try DesktopDoctor(environment: sandbox.environment).examine(app: Self.name) == nil)
    }

    @Test func reportsMissingTools() throws {
        let sandbox = try Sandbox(extra: ["PATH": "/nonexistent"])
        defer { sandbox.remove() }
        let problems = try DesktopDoctor(environment: sandbox.environment).toolProblems()
        #expect(problems.map(\.fix) == [
            "apt-get install xdg-utils", "apt-get install xdg-utils", "apt-get install desktop-file-utils",
            "apt-get install desktop-file-utils", "apt-get install libglib2.0-bin", "apt-get install shared-mime-info",
            "apt-get install libfile-mimeinfo-perl",
        ])
    }
}

extension Sandbox {
    /// The same directories with extra variables.
    init(copying other: Sandbox, extra: [String: String]) {
        var variables = other.environment.variables
        for (key, value) in extra { variables[key] = value }
        self.init(root: other.root, environment: ProcessEnvironment(variables))
    }
}
