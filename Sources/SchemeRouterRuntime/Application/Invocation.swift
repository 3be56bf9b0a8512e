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
    /// The app's manifest, embedded by its request type.
    let manifest: EmbeddedManifest
    /// The bundle name: all a sender needs (it names the socket), so it parses nothing.
    var name: String { manifest.bundleName }
    var settings = RuntimeSettings.default
    /// The run loop that drives the primary, when it is not libuv's own.
    var host: (any HostRunLoop)?

    init(manifest: EmbeddedManifest) {
        self.manifest = manifest
    }

    private var parsed: AppIdentity?

    /// The fully parsed manifest, parsed on first use (the primary, or a rejection check).
    var app: AppIdentity {
        if let parsed { return parsed }
        let identity: AppIdentity
        do throws(ManifestError) {
            identity = AppIdentity(try Manifest(json: manifest.bytes, file: manifest.file))
        } catch {
            preconditionFailure("the embedded manifest is invalid: \(error)")
        }
        precondition(
            identity.name == name, "\(manifest.file): the request type names the bundle '\(name)' but the manifest '\(identity.name)'")
        parsed = identity
        return identity
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
            _ = write(1, manifest.bytes.baseAddress, manifest.bytes.count)
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
                if let path = client.replacedPrimaryExecutable, let pid = client.primaryProcessID {
                    Log.error(UpgradeCheck.warning(app: Log.program, pid: pid, path: path))
                }
                let verdict = client.open(
                    url: bytes, sourceApplication: request.sourceApplication, annotation: request.annotation,
                    activationToken: activationToken, requestID: requestID)
                if verdict == .terminated && attempt < 3 { continue }
                finish(verdict, url: url.text)
            case .primary(let lock):
                let router = primaryRouter(factory)
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
            let router = primaryRouter(factory)
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

    /// The manifest compiled once, with the delegate's request type, before anything is served.
    func primaryRouter(_ factory: AppFactory) -> PrimaryRouter {
        let declaration: SchemeDeclaration
        do throws(ManifestError) {
            declaration = try SchemeDeclaration(app.manifest)
        } catch {
            preconditionFailure("the embedded manifest's routes are invalid: \(error)")
        }
        return PrimaryRouter(app: app, router: factory.makeRouter(declaration))
    }

    /// The runtime directory and this app's files in it.
    func prepareFiles() -> InstanceFiles {
        do throws(RuntimeError) {
            return try RuntimeDirectory.prepare(forApp: name, environment: Sys.environment).files(for: name)
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

    /// The process that ran this invocation, as the kernel reports it. In a Flatpak sandbox a
    /// parent of pid 1 is the sandbox's own init: whoever ran `flatpak run` is outside, unknown.
    static func parentProcess() -> SourceApplication {
        let parent = PeerCredentials(pid: FlatpakSandbox.current != nil && getppid() == 1 ? 0 : getppid(), uid: getuid())
        return parent.verifiedSource(socket: nil)
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
