import ArgumentParser
import SchemeRouterSender
import SchemeRouter
import SchemeRouterDesktop
import SchemeRouterFuzzing

/// `schemectl fuzz --target MANIFEST --exec PATH`: a real app, by cold launch and by wake.
struct FuzzOutOfProcess {
    let command: Fuzz

    var deadline: Duration { command.timeout.flatMap(FuzzArguments.duration) ?? .seconds(5) }

    var deliveries: [OutOfProcessTarget.Delivery] {
        switch command.delivery {
        case .both: [.launch, .wake]
        case .launch: [.launch]
        case .wake: [.wake]
        }
    }

    func run() throws {
        guard let manifestPath = command.target else { throw ValidationError("--target needs a manifest.") }
        let registry = try Fuzz.registry(manifestPath)
        guard let declaration = registry.declarations.first, registry.declarations.count == 1 else {
            throw ValidationError("--target names one manifest file (the app's), not a directory of several.")
        }
        let (executable, commandLine) = try handler(for: declaration)
        let sandbox: AppSandbox
        do { sandbox = try AppSandbox() } catch {
            ProgressDisplay.write("schemectl fuzz: cannot create a sandbox: \(error)\n")
            throw ExitStatus.cannotCreate.code
        }
        sandbox.enter()
        defer { sandbox.remove() }
        AppDriver.installInterruptHandlers()
        let driver = AppDriver(
            executable: executable, bundleName: declaration.name.rawValue, deadline: deadline, sandbox: sandbox,
            commandLine: commandLine)
        defer { driver.stopPrimary() }
        let target = OutOfProcessTarget(driver: driver, registry: registry, deliveries: deliveries)

        let replays = try command.replayInputs()
        if !replays.isEmpty { return try replay(replays, target: target) }

        // The app must start at all: one harmless delivery before the campaign.
        do {
            _ = try driver.wake(Array("\(declaration.schemes[0].rawValue):".utf8))
        } catch {
            ProgressDisplay.write("schemectl fuzz: \(error)\n")
            throw ExitStatus.unavailable.code
        }

        let seed = command.seedValue
        try command.makeFindingsDirectory()
        let ways = deliveries.map(\.rawValue).joined(separator: " and ")
        command.say("fuzz: seed \(seed) (replay with --seed \(seed)), out-of-process, \(executable) by \(ways), \(command.limit)")
        let configuration = FuzzConfiguration(
            seed: seed, limit: command.limit, maximumLength: command.maximumLength, minimise: command.minimise,
            minimisationBudget: 1000, findingsDirectory: command.findings, stopAfterFindings: command.stopAfter,
            seedInputs: try command.seedInputs())
        let grammar = RouteGrammar([.init(schemes: declaration.schemes.map(\.rawValue), routes: declaration.manifest.routes)])
        let delivery = command.delivery.rawValue
        let timeout = command.timeout ?? "5s"
        var campaign = FuzzCampaign(
            configuration: configuration, grammar: grammar, target: target,
            reproduceCommand: { file, input in
                let replay = file.map { "--replay \($0)" } ?? "--replay-hex \(Hex.encode(input))"
                return "\(Fuzz.invocation) fuzz --target \(manifestPath) --exec \(executable) --delivery \(delivery) --timeout \(timeout) \(replay)"
            })
        campaign.notes = { input in
            input.contains(0) ? [] : ["by hand (a cold launch, against your own session): \(executable) \(FindingFile.shellQuoted(input))"]
        }
        let summary = command.runCampaign(&campaign)
        if !summary.findings.isEmpty { throw ExitStatus.problemsFound.code }
    }

    /// The app to attack: `--exec`, or the desktop's default handler of the manifest's first scheme
    /// (its `Exec` line, as `xdg-open` would run it, with `%u` where the URL goes).
    func handler(for declaration: SchemeDeclaration) throws -> (String, [String]?) {
        if let executable = command.exec { return (executable, nil) }
        let scheme = declaration.schemes[0]
        let mimeType = HandlerDesktopFile.mimeType(for: scheme)
        let database: DesktopDatabase
        do { database = try DesktopDatabase(environment: .current()) } catch {
            ProgressDisplay.write("schemectl fuzz: \(error)\n")
            throw ExitStatus.unavailable.code
        }
        guard let handler = database.defaultHandler(for: mimeType), let exec = handler.file.entry.exec,
            let arguments = try? ExecLine.arguments(
                exec: exec, url: "%u", name: handler.file.entry.name, desktopFilePath: handler.file.path),
            arguments.filter({ $0 == "%u" }).count == 1
        else {
            ProgressDisplay.write(
                "schemectl fuzz: no registered handler of \(mimeType) to attack (register the app, or give --exec)\n")
            throw ExitStatus.unavailable.code
        }
        command.say("fuzz: \(mimeType) is handled by \(handler.file.id) (\(handler.source)): \(arguments.joined(separator: " "))")
        return (arguments[0], arguments)
    }

    /// Delivers each input once, every configured way, and prints what happened.
    func replay(_ inputs: [(String, [UInt8])], target: OutOfProcessTarget) throws {
        var target = target
        try command.replay(inputs) { target.execute($0) }
    }
}
