import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterRuntime
import SchemeRouterSender

/// The probe's delegate: records deliveries cheaply, and misbehaves on request (throw, trap,
/// stall, slow, hanging or declining launch hooks) so tests can watch the runtime cope.
@MainActor
final class ProbeDelegate: ApplicationDelegate {
    /// What `open` throws for `loadprobe://throw`.
    struct RequestedFailure: Error, CustomStringConvertible {
        var description: String { "loadprobe://throw asked open to throw" }
    }

    private let log = ProbeLog()
    private let behaviour: ProbeBehaviour
    /// The background task `LOADPROBE_BACKGROUND_TASK` began.
    private var backgroundTask = BackgroundTaskID.invalid

    /// `--probe-tag`, logged at launch.
    private let tag: String?

    init(behaviour: ProbeBehaviour, tag: String? = nil) {
        self.behaviour = behaviour
        self.tag = tag
    }

    func willFinishLaunching(options: LaunchOptions) -> Bool {
        if behaviour.hangLaunch { ProbeBehaviour.stall() }
        return !behaviour.declineLaunch
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
        if let tag { log.append("tag \(tag)") }
        if behaviour.logLaunch {
            log.append("launch reason=\(options.reason) url=\(options.url?.text ?? "-")")
        }
        if let spare = behaviour.spareDescriptors {
            ProbeBehaviour.takeDescriptors(leaving: spare)
            log.append("spare \(spare)")
        }
        if let gate = behaviour.launchGate {
            log.append("launching")
            ProbeBehaviour.wait(forGate: gate)
        }
        if behaviour.slowLaunch > 0 { ProbeBehaviour.spend(milliseconds: behaviour.slowLaunch) }
        return true
    }

    func open(_ request: ProbeRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .record(let sender, let sequence):
            if behaviour.slowOpen > 0 { ProbeBehaviour.spend(milliseconds: behaviour.slowOpen) }
            log.append("\(sender) \(sequence)")
        case .whoami:
            let source = options.sourceApplication
            log.append(
                "whoami name=\(source?.name ?? "-") pid=\(source?.pid.map(String.init) ?? "-") "
                    + "uid=\(source?.uid.map(String.init) ?? "-") claimed=\(source?.isClaimed.description ?? "-") "
                    + "annotation=\(options.annotation ?? "-")")
        case .token:
            log.append("token \(options.activationToken ?? "-")")
        case .decline:
            return false
        case .document(let document):
            log.append(
                "document \(document.url.text) type=\(document.typeName) mime=\(document.mimeType?.rawValue ?? "-") role=\(document.role) "
                    + "url=\(options.url?.text ?? "-")")
        case .throw:
            throw RequestedFailure()
        case .trap:
            fatalError("loadprobe://trap asked open to trap")
        case .stall:
            log.append("stall open")
            ProbeBehaviour.stall()
        }
        return true
    }

    func performAction(_ action: AppAction) -> Bool {
        switch (action.name, action.parameter) {
        case ("note", .string(let text)?):
            log.append("action note \(text)")
        case ("ping", nil):
            log.append("action ping")
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

/// State preservation, when `LOADPROBE_RESTORE` opts in: the archive holds the tag.
extension ProbeDelegate: StateRestorationDelegate {
    func shouldSaveApplicationState() -> Bool { behaviour.restorationTag != nil }

    func willEncodeRestorableState(_ coder: inout RestorationCoder) {
        coder.encode(behaviour.restorationTag ?? "", forKey: "tag")
    }

    func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool {
        log.append("shouldRestore \(coder.string(forKey: "tag") ?? "-")")
        return behaviour.restorationTag != nil
    }

    func didDecodeRestorableState(_ coder: RestorationCoder) throws {
        stallIfAsked("didDecodeRestorableState")
        log.append("restored \(coder.string(forKey: "tag") ?? "-")")
    }
}

/// The probe as an app that exits on suspend (`LOADPROBE_EXITS_ON_SUSPEND=1`): its manifest,
/// `Schemes/suspending-probe.json`, says `UIApplicationExitsOnSuspend`.
@MainActor
final class SuspendingProbeDelegate: ApplicationDelegate {
    func open(_ request: SuspendingProbeRequest, options: OpenOptions) throws -> Bool { true }
}
