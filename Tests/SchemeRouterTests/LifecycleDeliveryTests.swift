import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: receiving URLs")
struct LifecycleDeliveryTests {
    @Test("a URL for an active app is opened alone")
    func whileActive() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        let verdict = try harness.controller.receive(try url(seedURLText))
        #expect(verdict == .handled)
        #expect(harness.delegate.events == [.open(seedURLText)])
        #expect(harness.controller.state == .active)
    }

    @Test("a URL wakes a background or suspended app: willEnterForeground, open, didBecomeActive",
          arguments: [AppState.background, .suspended])
    func wake(from state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        let verdict = try harness.controller.receive(try url("todolist://wake"))
        #expect(verdict == .handled)
        #expect(harness.delegate.events == [.willEnterForeground, .open("todolist://wake"), .didBecomeActive])
        #expect(harness.controller.state == .active)
    }

    @Test("a URL for an inactive app is opened alone and the app stays inactive")
    func whileInactive() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .inactive)
        let verdict = try harness.controller.receive(try url("todolist://x"))
        #expect(verdict == .handled)
        #expect(harness.delegate.events == [.open("todolist://x")])
        #expect(harness.controller.state == .inactive)
    }

    enum OpenBehaviour: Sendable, CaseIterable { case accept, decline, fail }

    @Test("open's answer becomes the verdict", arguments: OpenBehaviour.allCases)
    func verdicts(behaviour: OpenBehaviour) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .background)
        harness.delegate.openResult = { _, _ in
            switch behaviour {
            case .accept: true
            case .decline: false
            case .fail: throw OpenRefusal()
            }
        }
        let verdict = try harness.controller.receive(try url("todolist://x"))
        let expected: DeliveryVerdict = switch behaviour {
        case .accept: .handled
        case .decline: .declined
        case .fail: .openFailed("task list is read-only")
        }
        #expect(verdict == expected)
        // The wake completes whatever open answered.
        #expect(harness.delegate.events == [.willEnterForeground, .open("todolist://x"), .didBecomeActive])
        #expect(harness.controller.state == .active)
    }

    @Test("open receives the sender and the annotation")
    func optionsPassThrough() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .active)
        let options = OpenOptions(
            sourceApplication: SourceApplication(name: "/usr/bin/firefox", pid: 4242, uid: 1000, isClaimed: false),
            annotation: "from a link")
        var seen: (String, OpenOptions)?
        harness.delegate.openResult = { _, options in
            seen = (options.url?.text ?? "", options)
            return true
        }
        _ = try harness.controller.receive(try url(seedURLText), options: options)
        #expect(seen?.0 == seedURLText)
        var opened = options
        opened.url = try url(seedURLText)
        #expect(seen?.1 == opened)
        #expect(harness.delegate.receivedOpenOptions == [opened])
    }

    @Test("a sender's identity is claimed unless the kernel verified it")
    func sourceApplicationDefaults() {
        let claimed = SourceApplication(name: "mail")
        #expect(claimed.isClaimed)
        #expect(claimed.pid == nil)
        #expect(claimed.uid == nil)
        #expect(SourceApplication(name: "mail", pid: 1, uid: 2, isClaimed: false) != claimed)
    }

    @Test("a wake stops the background deadline")
    func wakeStopsDeadline() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .background)
        #expect(harness.controller.suspensionDeadline != nil)
        _ = try harness.controller.receive(try url("todolist://x"))
        #expect(harness.controller.suspensionDeadline == nil)
        harness.clock.advance(by: .seconds(3600))
        #expect(try harness.controller.tick() == .nothingDue)
        #expect(harness.controller.state == .active)
    }

    @Test("URLs received one after another are opened in order, each with its own verdict")
    func sequence() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        harness.delegate.openResult = { _, options in options.url?.text != "todolist://2" }
        var verdicts: [DeliveryVerdict] = []
        for n in 1...3 {
            verdicts.append(try harness.controller.receive(try url("todolist://\(n)")))
        }
        #expect(verdicts == [.handled, .declined, .handled])
        #expect(harness.delegate.events == [
            .willEnterForeground, .open("todolist://1"), .didBecomeActive, .open("todolist://2"), .open("todolist://3"),
        ])
    }
}
