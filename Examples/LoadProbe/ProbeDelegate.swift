import SchemeRouter
import SchemeRouterRuntime

/// The probe's delegate: records deliveries cheaply, and misbehaves on request (throw, trap,
/// stall) so tests can watch the runtime cope.
@MainActor
final class ProbeDelegate: ApplicationDelegate {
    /// What `open` throws for `loadprobe://throw`.
    struct RequestedFailure: Error, CustomStringConvertible {
        var description: String { "loadprobe://throw asked open to throw" }
    }

    private let declaration: SchemeDeclaration
    private let log = ProbeLog()
    private let behaviour: ProbeBehaviour
    /// The background task `LOADPROBE_BACKGROUND_TASK` began.
    private var backgroundTask = BackgroundTaskID.invalid

    init(declaration: SchemeDeclaration, behaviour: ProbeBehaviour) {
        self.declaration = declaration
        self.behaviour = behaviour
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
        if behaviour.logLaunch {
            log.append("launch reason=\(options.reason) url=\(options.url?.text ?? "-")")
        }
        if let gate = behaviour.launchGate {
            log.append("launching")
            ProbeBehaviour.wait(forGate: gate)
        }
        return true
    }

    func open(_ url: SchemeURL, options: OpenOptions) throws -> Bool {
        guard let match = try? declaration.match(url) else { return false }
        switch match.route.name {
        case "record":
            log.append("\(try match.parameters.integer("sender")) \(try match.parameters.integer("sequence"))")
        case "whoami":
            let source = options.sourceApplication
            log.append(
                "whoami name=\(source?.name ?? "-") pid=\(source?.pid.map(String.init) ?? "-") "
                    + "uid=\(source?.uid.map(String.init) ?? "-") claimed=\(source?.isClaimed.description ?? "-") "
                    + "annotation=\(options.annotation ?? "-")")
        case "throw":
            throw RequestedFailure()
        case "trap":
            fatalError("loadprobe://trap asked open to trap")
        case "stall":
            log.append("stall open")
            ProbeBehaviour.stall()
        default:
            return false
        }
        return true
    }

    func didBecomeActive() { stallIfAsked("didBecomeActive") }
    func willResignActive() { stallIfAsked("willResignActive") }
    func didEnterBackground() {
        stallIfAsked("didEnterBackground")
        guard let mode = behaviour.backgroundTask, let controller = Application.controller else { return }
        backgroundTask = controller.beginBackgroundTask(name: "probe") { [unowned self] in
            log.append("expired \(backgroundTask.rawValue)")
            if mode == "end-on-expiry" { try? controller.endBackgroundTask(backgroundTask) }
        }
        log.append("task \(backgroundTask.rawValue)")
    }
    func willEnterForeground() { stallIfAsked("willEnterForeground") }
    func willTerminate() { stallIfAsked("willTerminate") }

    private func stallIfAsked(_ hook: String) {
        guard behaviour.stallHook == hook else { return }
        log.append("stall \(hook)")
        ProbeBehaviour.stall()
    }
}
