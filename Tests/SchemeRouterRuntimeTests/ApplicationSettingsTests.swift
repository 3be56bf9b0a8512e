import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// `Application.main(settings:)`: the app's deadlines and limits, each overridden by its
/// `SCHEMEROUTER_*` variable when the operator sets one.
@Suite("Application settings")
struct ApplicationSettingsTests {
    @Test("the app's settings apply when no variable is set")
    func appSettings() throws {
        var app = ApplicationSettings()
        app.launchDeadline = .seconds(2)
        app.hookDeadline = .milliseconds(750)
        app.backgroundDeadline = .seconds(1)
        app.backgroundTaskAllowance = .seconds(10)
        app.maximumConnections = 16
        app.maximumBufferedBytes = 1 << 20
        let settings = try RuntimeSettings(app, environment: { _ in nil })
        #expect(settings.launchDeadline == .seconds(2))
        #expect(settings.hookDeadline == .milliseconds(750))
        #expect(settings.backgroundDeadline == .seconds(1))
        #expect(settings.backgroundTaskAllowance == .seconds(10))
        #expect(settings.replyTimeout == .seconds(27), "the launch deadline plus 25 s")
        #expect(settings.maximumConnections == 16)
        #expect(settings.maximumBufferedBytes == 1 << 20)
    }

    @Test("a variable that is set overrides the app's value; the others keep the app's")
    func environmentOverrides() throws {
        var app = ApplicationSettings()
        app.hookDeadline = .seconds(1)
        app.launchDeadline = .seconds(3)
        app.replyTimeout = .seconds(9)
        let environment = ["SCHEMEROUTER_HOOK_DEADLINE_MS": "250", "SCHEMEROUTER_MAX_CONNECTIONS": "4"]
        let settings = try RuntimeSettings(app, environment: { environment[$0] })
        #expect(settings.hookDeadline == .milliseconds(250))
        #expect(settings.maximumConnections == 4)
        #expect(settings.launchDeadline == .seconds(3))
        #expect(settings.replyTimeout == .seconds(9))
    }

    @Test("a malformed variable is still a usage error naming it")
    func malformedVariable() {
        #expect(throws: RuntimeError.self) {
            try RuntimeSettings(ApplicationSettings(), environment: { $0 == "SCHEMEROUTER_HOOK_DEADLINE_MS" ? "soon" : nil })
        }
    }

    @Test("settings that cannot work are named")
    func problems() {
        #expect(ApplicationSettings().problem == nil)
        var negative = ApplicationSettings()
        negative.hookDeadline = .seconds(-1)
        #expect(negative.problem == "ApplicationSettings.hookDeadline is negative")
        var noConnections = ApplicationSettings()
        noConnections.maximumConnections = 0
        #expect(noConnections.problem == "ApplicationSettings.maximumConnections is less than 1")
        var tiny = ApplicationSettings()
        tiny.maximumBufferedBytes = 1024
        #expect(tiny.problem == "ApplicationSettings.maximumBufferedBytes is less than one frame (65544)")
    }
}
