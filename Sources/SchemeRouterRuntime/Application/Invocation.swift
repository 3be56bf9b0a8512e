internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import SchemeRouterPlatform

/// One run of an app executable: decides what it is (sender, primary, control client) and
/// carries it out. Every path ends the process.
@MainActor
final class Invocation {
    /// The embedded manifest's exact text.
    let manifestText: String
    /// The manifest's path in the source tree, for messages.
    let file: String
    /// The bundle name: scanned from the manifest text (a sender needs nothing else), or taken
    /// from the full parse when the scan cannot tell.
    let name: String
    var settings = RuntimeSettings.default
    /// The run loop that drives the primary, when it is not libuv's own.
    var host: (any HostRunLoop)?

    init(manifestText: String, file: String) {
        self.manifestText = manifestText
        self.file = file
        if let name = ManifestName.scan(manifestText) {
            self.name = name
        } else {
            let manifest = Self.parse(manifestText, file: file)
            self.name = manifest.name.rawValue
            parsed = AppIdentity(manifest)
        }
    }

    private var parsed: AppIdentity?

    /// The fully parsed manifest, parsed on first use (the primary, or a rejection check).
    var app: AppIdentity {
        if let parsed { return parsed }
        let identity = AppIdentity(Self.parse(manifestText, file: file))
        precondition(
            identity.name == name,
            "\(file): the manifest scan found the bundle name '\(name)' but the parser found '\(identity.name)'")
        parsed = identity
        return identity
    }

    private static func parse(_ text: String, file: String) -> Manifest {
        do throws(ManifestError) {
            return try Manifest(json: Array(text.utf8), file: file)
        } catch {
            preconditionFailure("the embedded manifest is invalid: \(error)")
        }
    }

    /// Carries out the invocation.
    func run(_ arguments: InvocationArguments, factory: AppFactory) -> Never {
        switch arguments {
        case .help:
            print(InvocationArguments.usage(program: Log.program))
            exit(ExitStatus.success.rawValue)
        case .open(let bytes):
            open(bytes, factory: factory)
        case .launch(let intoBackground):
            launch(intoBackground: intoBackground, factory: factory)
        case .quit(let discardingState):
            quit(discardingState: discardingState)
        case .busService:
            serveBus(factory: factory)
        case .manifest:
            let bytes = Array(manifestText.utf8)
            _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            exit(ExitStatus.success.rawValue)
        }
    }

    /// `app URL`: reject a bad URL at once; otherwise hand it to the primary, or become it.
    private func open(_ bytes: [UInt8], factory: AppFactory) -> Never {
        let url: SchemeURL
        do throws(URLRejection) {
            url = try SchemeURL(bytes: bytes)
        } catch {
            Log.error(error.render(input: bytes))
            finish(DeliveryVerdict(error), reported: true)
        }
        // Taken before anything else: neither the primary's later windows nor its children reuse it.
        let activationToken = ActivationToken.take()
        let request = OpenRequest(
            request: 1, url: bytes, sourceApplication: settings.claimedSource, annotation: settings.annotation,
            activationToken: activationToken)
        let files = prepareFiles()
        // One id for every attempt: the primary answers a retry with the first verdict.
        let requestID = settings.requestID ?? RequestID.random()
        // A primary that terminates while the URL waits answers `terminated` without having
        // delivered it: try again, which launches a new primary.
        for attempt in 0...3 {
            switch elect(files) {
            case .sender(let connection):
                let client = WakeClient.adopting(connection, bundleName: name, settings: settings)
                if let path = client.replacedPrimaryExecutable {
                    Log.error(UpgradeCheck.warning(app: Log.program, pid: client.primaryProcessID, path: path))
                }
                let verdict = client.open(
                    url: bytes, sourceApplication: request.sourceApplication, annotation: request.annotation,
                    activationToken: activationToken, requestID: requestID)
                if verdict == .terminated && attempt < 3 { continue }
                finish(verdict, url: url.text)
            case .primary(let lock):
                let router = primaryRouter(factory, lock: lock)
                let routed: RoutedURL
                do throws(RouteRefusal) {
                    routed = try router.route(url)
                } catch {
                    // Refused before launching: no hook runs for a URL the app cannot open.
                    lock.release()
                    finish(error.verdict, url: url.text)
                }
                let source = settings.claimedSource.map { SourceApplication(name: $0, isClaimed: true) } ?? Self.parentProcess()
                becomePrimary(
                    lock, files: files, router: router,
                    request: LaunchRequest(
                        routed: routed, source: source, annotation: settings.annotation, activationToken: activationToken),
                    factory: factory)
            case .notRunning:
                preconditionFailure("an app invocation may become the primary")
            }
        }
        finish(.terminated, url: url.text)
    }

    /// `app` or `app --background`: launch, or activate the running app.
    private func launch(intoBackground: Bool, factory: AppFactory) -> Never {
        let activationToken = ActivationToken.take()
        let files = prepareFiles()
        switch elect(files) {
        case .sender(let connection):
            let client = WakeClient.adopting(connection, bundleName: name, settings: settings)
            do throws(RuntimeError) {
                let reply = try client.control(intoBackground ? .state : .activate, activationToken: activationToken)
                if reply.refused { Log.error(reply.message ?? "refused") }
                exit(reply.refused ? ExitStatus.refused.rawValue : ExitStatus.success.rawValue)
            } catch {
                fail(error)
            }
        case .primary(let lock):
            if intoBackground && app.manifest.exitsOnSuspend {
                lock.release()
                fail(.usage("\(name) exits on suspend (UIApplicationExitsOnSuspend): it cannot launch into the background"))
            }
            let router = primaryRouter(factory, lock: lock)
            becomePrimary(
                lock, files: files, router: router,
                request: LaunchRequest(activationToken: activationToken, intoBackground: intoBackground), factory: factory)
        case .notRunning:
            preconditionFailure("an app invocation may become the primary")
        }
    }

    /// `app --quit`, or `app --quit --discard-state` (a force-quit).
    private func quit(discardingState: Bool) -> Never {
        let files = prepareFiles()
        let outcome: Election.Outcome
        do throws(RuntimeError) {
            outcome = try Election.run(files, mayBecomePrimary: false, timeout: settings.connectTimeout)
        } catch {
            fail(error)
        }
        guard case .sender(let connection) = outcome else {
            Log.error("\(name) is not running")
            exit(ExitStatus.notRunning.rawValue)
        }
        let client = WakeClient.adopting(connection, bundleName: name, settings: settings)
        do throws(RuntimeError) {
            let reply = try client.control(discardingState ? .forceQuit : .terminate)
            if reply.refused { Log.error(reply.message ?? "refused") }
            exit(reply.refused ? ExitStatus.refused.rawValue : ExitStatus.success.rawValue)
        } catch {
            fail(error)
        }
    }

    /// The manifest compiled once and tied to the delegate's request type, before anything is
    /// served; a request type that does not name exactly the manifest's routes ends the app with
    /// `ExitStatus/requestTypeMismatch`.
    func primaryRouter(_ factory: AppFactory, lock: InstanceLock) -> PrimaryRouter {
        let declaration: SchemeDeclaration
        do throws(ManifestError) {
            declaration = try SchemeDeclaration(app.manifest)
        } catch {
            preconditionFailure("the embedded manifest's routes are invalid: \(error)")
        }
        do throws(RequestTypeMismatch) {
            return PrimaryRouter(app: app, router: try factory.makeRouter(declaration))
        } catch {
            lock.release()
            Log.error(error.description)
            if let descriptor = settings.verdictDescriptor {
                VerdictSink(descriptor: descriptor).deliver(.launchFailed(error.description))
            }
            exit(ExitStatus.requestTypeMismatch.rawValue)
        }
    }

    /// The runtime directory and this app's files in it.
    func prepareFiles() -> InstanceFiles {
        do throws(RuntimeError) {
            return try RuntimeDirectory.prepare().files(for: name)
        } catch {
            fail(error)
        }
    }

    /// The single-instance check.
    func elect(_ files: InstanceFiles) -> Election.Outcome {
        do throws(RuntimeError) {
            return try Election.run(files, mayBecomePrimary: true, timeout: settings.connectTimeout)
        } catch {
            fail(error)
        }
    }

    /// The process that ran this invocation, as the kernel reports it.
    static func parentProcess() -> SourceApplication {
        let parent = PeerCredentials(pid: getppid(), uid: getuid())
        return SourceApplication(
            name: parent.executable ?? "pid \(parent.pid)", pid: parent.pid, uid: parent.uid, isClaimed: false)
    }

    /// Reports the invocation's verdict (to `SCHEMEROUTER_VERDICT_FD` and, unless handled, to
    /// standard error) and exits with its status.
    /// - Parameters:
    ///   - url: The URL, to name it in the message.
    ///   - reported: The failure was already printed (a rejection with its caret).
    func finish(_ verdict: DeliveryVerdict, url: String? = nil, reported: Bool = false) -> Never {
        if let descriptor = settings.verdictDescriptor {
            VerdictSink(descriptor: descriptor).deliver(verdict)
        }
        if !verdict.isSuccess && !reported {
            Log.error(url.map { verdict.render(url: $0) } ?? verdict.description)
        }
        exit(verdict.exitStatus.rawValue)
    }

    /// Reports an error and exits with its status.
    func fail(_ error: RuntimeError) -> Never {
        if error.exitStatus == .usage {
            Log.error(error.description)
            Log.error(InvocationArguments.usage(program: Log.program))
        } else {
            Log.error(error.description)
        }
        if let descriptor = settings.verdictDescriptor {
            let verdict: DeliveryVerdict =
                switch error.exitStatus {
                case .noAnswer: .noAnswer(error.description)
                case .busy: .busy(error.description)
                case .protocolError: .protocolError(error.description)
                default: .launchFailed(error.description)
                }
            VerdictSink(descriptor: descriptor).deliver(verdict)
        }
        exit(error.exitStatus.rawValue)
    }
}
