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

    init(declaration: SchemeDeclaration, behaviour: ProbeBehaviour) {
        self.declaration = declaration
        self.behaviour = behaviour
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
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
    func didEnterBackground() { stallIfAsked("didEnterBackground") }
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
