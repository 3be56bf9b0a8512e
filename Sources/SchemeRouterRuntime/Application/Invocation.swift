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
    /// The app's `--help` text.
    var help: @MainActor () -> String = { "" }

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
            print(help())
            exit(ExitStatus.success.rawValue)
        case .open(let arguments):
            open(arguments, factory: factory)
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

    /// `app URL…` or `app FILE…`: each argument is a URL or a file's path (sent as its `file:`
    /// URL, ``OpenArgument``). A malformed URL is rejected at once; the others are handed to the
    /// running primary one after the other, in order, or this invocation becomes the primary and
    /// launches with the first (the rest follow it, in order, before anything else).
    private func open(_ arguments: [[UInt8]], factory: AppFactory) -> Never {
        var report = InvocationReport(urls: arguments.map { OpenArgument.url(for: $0) })
        var parsed: [(index: Int, url: SchemeURL)] = []
        for (index, bytes) in report.urls.enumerated() {
            do throws(URLRejection) {
                parsed.append((index, try SchemeURL(bytes: bytes)))
            } catch {
                Log.error(error.render(input: bytes))
                report.record(DeliveryVerdict(error), at: index, reported: true)
            }
        }
        guard !parsed.isEmpty else { finish(report) }
        // Taken before anything else: neither the primary's later windows nor its children reuse
        // it. It goes with the first URL only (a token is valid once).
        let activationToken = ActivationToken.take()
        let files = prepareFiles()
        // One id per URL for every attempt: the primary answers a retry with the first verdict.
        let requestIDs = parsed.indices.map { RequestID.forURL(number: $0, of: settings.requestID) }
        // A primary that terminates while a URL waits answers `terminated` without having
        // delivered it: try again, which launches a new primary.
        for attempt in 0...3 {
            let pending = parsed.enumerated().filter { report.verdicts[$0.element.index] == nil }
            switch elect(files) {
            case .sender(let connection):
                let client = WakeClient.adopting(connection, bundleName: name, settings: settings)
                if let path = client.replacedPrimaryExecutable, let pid = client.primaryProcessID {
                    Log.error(UpgradeCheck.warning(app: Log.program, pid: pid, path: path))
                }
                for (number, item) in pending {
                    let verdict = client.open(
                        url: report.urls[item.index], sourceApplication: settings.claimedSource, annotation: settings.annotation,
                        activationToken: number == 0 ? activationToken : nil, requestID: requestIDs[number])
                    if verdict == .terminated && attempt < 3 { break }
                    report.record(verdict, at: item.index)
                }
                if report.isComplete { finish(report) }
            case .primary(let lock):
                let router = primaryRouter(factory)
                var routed: [(index: Int, routed: RoutedURL)] = []
                for (_, item) in pending {
                    do throws(RouteRefusal) {
                        routed.append((item.index, try router.route(item.url)))
                    } catch {
                        // Refused before launching: no hook runs for a URL the app cannot open.
                        report.record(error.verdict, at: item.index)
                    }
                }
                guard let first = routed.first else {
                    lock.release()
                    finish(report)
                }
                let source = settings.claimedSource.map { SourceApplication(name: $0, isClaimed: true) } ?? Self.parentProcess()
                var request = LaunchRequest(
                    routed: first.routed, source: source, annotation: settings.annotation, activationToken: activationToken)
                request.following = routed.dropFirst().map(\.routed)
                becomePrimary(lock, files: files, router: router, request: request, report: report, taken: routed.map(\.index), factory: factory)
            case .notRunning:
                preconditionFailure("an app invocation may become the primary")
            }
        }
        for item in parsed where report.verdicts[item.index] == nil { report.record(.terminated, at: item.index) }
        finish(report)
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
                request: LaunchRequest(activationToken: activationToken, intoBackground: intoBackground), report: nil, taken: [],
                factory: factory)
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

    /// The runtime's part of the help for this app.
    func runtimeHelp(restoresState: Bool) -> RuntimeHelp {
        let manifest = app.manifest
        var patterns: [String] = []
        for type in manifest.documentTypes {
            let defined = manifest.exportedTypes.filter { type.mimeTypes.contains($0.identifier) }.flatMap(\.extensions)
            for fileExtension in type.extensions + defined where !patterns.contains(fileExtension.glob) { patterns.append(fileExtension.glob) }
        }
        return RuntimeHelp(
            program: Log.program, schemes: manifest.schemes.map(\.rawValue), restoresState: restoresState,
            launchesIntoBackground: !manifest.exitsOnSuspend, documentPatterns: patterns)
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

    /// Reports the verdicts of `app URL…` (each failure not printed yet, with its URL) and exits
    /// with the status of the first URL, in argument order, that was not handled (0 when all were).
    func finish(_ report: InvocationReport) -> Never {
        if let descriptor = settings.verdictDescriptor {
            let sink = VerdictSink(descriptor: descriptor)
            for (index, verdict) in report.verdicts.enumerated() { sink.write(verdict ?? .terminated, request: UInt32(index)) }
            sink.close()
        }
        printFailures(report)
        exit(report.verdict.exitStatus.rawValue)
    }

    /// Prints each URL's failure that was not printed yet, with its URL.
    func printFailures(_ report: InvocationReport) {
        for (index, verdict) in report.verdicts.enumerated() where !report.reported[index] {
            guard let verdict, !verdict.isSuccess else { continue }
            Log.error(verdict.render(url: String(decoding: report.urls[index], as: UTF8.self)))
        }
    }

    /// Reports an error and exits with its status.
    func fail(_ error: RuntimeError) -> Never {
        if error.exitStatus == .usage {
            Log.error(error.description)
            Log.error("run '\(Log.program) --help' for what it takes")
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

/// The URLs of one `app URL…` invocation, in argument order, and what became of each.
struct InvocationReport {
    /// Each argument's URL (a file's is its `file:` URL).
    let urls: [[UInt8]]
    /// Each URL's verdict, once known.
    private(set) var verdicts: [DeliveryVerdict?]
    /// Whether the URL's failure was printed already (a rejection with its caret).
    private(set) var reported: [Bool]

    init(urls: [[UInt8]]) {
        self.urls = urls
        verdicts = Array(repeating: nil, count: urls.count)
        reported = Array(repeating: false, count: urls.count)
    }

    mutating func record(_ verdict: DeliveryVerdict, at index: Int, reported: Bool = false) {
        verdicts[index] = verdict
        self.reported[index] = reported
    }

    /// Whether every URL has its verdict.
    var isComplete: Bool { !verdicts.contains { $0 == nil } }

    /// The invocation's verdict: the first URL's, in argument order, that was not handled, else the first's.
    var verdict: DeliveryVerdict {
        let known = verdicts.map { $0 ?? .terminated }
        return known.first { !$0.isSuccess } ?? known.first ?? .launched
    }
}
