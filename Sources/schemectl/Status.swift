import ArgumentParser
import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterDesktop
import SchemeRouterSender
import SchemeRouterSystemEvents

/// `schemectl status`: the desktop doctor.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Check who handles URL schemes on this desktop, and why not.",
        discussion: """
            For each scheme (of the app NAME, the scheme SCHEME, or every app `schemectl register` wrote): \
            the default handler by the MIME Applications lookup order and which file chose it, every \
            other desktop file across XDG_DATA_HOME and XDG_DATA_DIRS that claims the scheme (competing \
            claimants), whether `xdg-mime query default` agrees, whether the handler's Exec target exists \
            and is executable, whether mimeinfo.cache is current, whether the desktop file validates, and \
            which helper tools (xdg-utils, desktop-file-utils, gio) are missing. For a DBusActivatable app: \
            the D-Bus service file is present, its Exec runs the app with --gapplication-service, the \
            bus name is not owned by another program, and a session bus is there (otherwise D-Bus \
            activation is unavailable, and status says why). Whether a running SchemeRouter \
            app's primary is unresponsive (stopped or stuck), sheds connections (busy), or runs an \
            executable replaced since it \
            started. Each problem comes with a one-line fix.

            For each document type a registered app claims (its MimeType entries that are not schemes): \
            the default application and which file chose it, every rival that also claims the type, \
            what xdg-mime answers, and whether the MIME database knows the type; for a type of rank \
            Owner, another default is an error.

            --json prints one object: {"version": 1, "healthy", "schemes": [{"scheme", "mimeType", "expected", \
            "default": {"id", "path", "source", "exec"} | null, "claimants": [{"id", "path", \
            "bundleName"}], "xdgMimeDefault", "problems": [{"severity", "code", "message", "fix"}]}], \
            "documentTypes": [{"app", "mimeType", "owned", "defined", "known", "default": {...} | null, "rivals": [{"id", \
            "path", "bundleName"}], "xdgMimeDefault", "problems": [...]}], "problems": [...], "tools": [{"command", "package", "path"}], "systemEvents": [{"event", \
            "source", "available", "reason"}]}.

            It also lists the sources of the lifecycle's system events on this machine (clock set, \
            time zone, locale, memory pressure) and why any is not available.

            Exit status: 0 no errors (warnings allowed); 1 at least one error; 64 usage error; 78 HOME unset.
            """
    )

    @Argument(help: "A scheme (todolist) or an app's CFBundleURLName (com.acme.todolist); default: every registered app.")
    var target: String?
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let doctor: DesktopDoctor
        do { doctor = try DesktopDoctor(environment: .current()) } catch {
            throw DesktopErrorOutput.fail(error.description, code: "no-home", status: ExitStatus.noHome.code, json: json)
        }
        var statuses: [SchemeStatus] = []
        var documents: [DocumentTypeStatus] = []
        var problems: [Problem] = []
        var validated: [InstalledDesktopFile] = []
        if let target {
            if target.contains("."), let name = try? ReverseDNSName(target) {
                if let found = doctor.examine(app: name), let file = doctor.database.desktopFile(DesktopFileID(name)) {
                    statuses = found
                    documents = doctor.examineDocumentTypes(app: name) ?? []
                    validated = [file]
                    if file.entry.bundleName != name {
                        problems.append(Problem(
                            .error, "not-ours", "\(file.path) has the id of \(name) but was not written by schemectl register for it",
                            fix: "move \(file.path) away, then schemectl register MANIFEST --exec /path/to/app"))
                    } else if found.isEmpty && documents.isEmpty {
                        problems.append(Problem(
                            .error, "no-schemes", "\(file.path) declares no x-scheme-handler MIME types and no document types",
                            fix: "schemectl register MANIFEST --exec /path/to/app  (rewrites it)"))
                    }
                } else {
                    problems.append(Problem(
                        .error, "not-registered", "\(name) is not registered (no \(DesktopFileID(name)) in any applications directory)",
                        fix: "schemectl register MANIFEST --exec /path/to/app"))
                }
            } else {
                let scheme: SchemeName
                do { scheme = try SchemeName(target) } catch { throw ValidationError("\(error)") }
                statuses = [doctor.examine(scheme: scheme)]
                validated = statuses.compactMap { status in status.expected.flatMap { doctor.database.desktopFile($0) } }
            }
        } else {
            validated = doctor.registeredApps()
            for app in validated {
                guard let name = app.entry.bundleName else { continue }
                statuses += doctor.examine(app: name) ?? []
                documents += doctor.examineDocumentTypes(app: name) ?? []
            }
        }
        problems += doctor.validate(validated)
        problems += doctor.busProblems(validated)
        problems += PrimaryCheck.problems(validated)
        problems += doctor.toolProblems()
        problems += doctor.sessionProblems()
        let healthy = !(statuses.contains { !$0.isHealthy } || documents.contains { !$0.isHealthy } || problems.contains { $0.severity == .error })
        let systemEvents = SystemEventSourceStatus.surveyThisMachine()
        if json {
            var output = StatusOutput.json(statuses, problems: problems, tools: doctor.tools(), healthy: healthy)
            output.documentTypes = documents.map(StatusOutput.json)
            output.systemEvents = systemEvents.map(StatusJSON.SystemEvent.init)
            print(output.jsonText)
        } else {
            print(StatusOutput.human(statuses, documents: documents, problems: problems, tools: doctor.tools(), listedApps: target == nil))
            print(StatusOutput.human(systemEvents))
        }
        if !healthy { throw ExitStatus.problemsFound.code }
    }
}

/// How `status` prints.
enum StatusOutput {
    static func human(
        _ statuses: [SchemeStatus], documents: [DocumentTypeStatus] = [], problems: [Problem], tools: [HelperTool], listedApps: Bool
    ) -> String {
        var lines: [String] = []
        if statuses.isEmpty && listedApps { lines.append("no SchemeRouter apps are registered (schemectl register MANIFEST --exec PATH)") }
        for status in statuses {
            if let handler = status.defaultHandler {
                lines.append("\(status.scheme): → \(handler.file.id)  (\(handler.source))")
                lines.append("  Exec=\(handler.file.entry.exec ?? "(none)")  in \(handler.file.path)")
            } else {
                lines.append("\(status.scheme): → nobody")
            }
            if let expected = status.expected, status.defaultHandler?.file.id != expected { lines.append("  expected: \(expected)") }
            lines.append("  claimed by: " + (status.claimants.isEmpty ? "nobody" : status.claimants.map(\.description).joined(separator: ", ")))
            lines.append("  xdg-mime query default: \(status.xdgMimeDefault.map { $0.isEmpty ? "(nothing)" : $0 } ?? "(not available)")")
            for problem in status.problems { lines.append(indent(problem.description)) }
        }
        for document in documents { lines += human(document) }
        for problem in problems { lines.append(problem.description) }
        let missing = tools.filter { $0.path == nil }.map(\.command)
        lines.append("tools: " + (missing.isEmpty ? "all present (\(tools.map(\.command).joined(separator: ", ")))" : "missing \(missing.joined(separator: ", "))"))
        let all = statuses.flatMap(\.problems) + documents.flatMap(\.problems) + problems
        let errors = all.filter { $0.severity == .error }.count
        lines.append("status: \(errors == 0 ? "ok" : "broken"), \(errors) error\(errors == 1 ? "" : "s"), \(all.count - errors) warning\(all.count - errors == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }

    /// `application/x-notes-note (Owner): → com.example.notes.desktop  (…)`, its rivals, xdg-mime's answer, its problems.
    static func human(_ status: DocumentTypeStatus) -> [String] {
        let rank = status.owned ? "Owner" : "offered"
        var lines = ["\(status.mimeType) (\(rank), \(status.expected)): → "
            + (status.defaultHandler.map { "\($0.file.id)  (\($0.source))" } ?? "nobody")]
        lines.append("  rivals: " + (status.rivals.isEmpty ? "none" : status.rivals.map(\.description).joined(separator: ", ")))
        lines.append("  xdg-mime query default: \(status.xdgMimeDefault.map { $0.isEmpty ? "(nothing)" : $0 } ?? "(not available)")")
        if !status.known { lines.append("  not in the MIME database") }
        for problem in status.problems { lines.append(indent(problem.description)) }
        return lines
    }

    static func json(_ status: DocumentTypeStatus) -> StatusJSON.DocumentType {
        StatusJSON.DocumentType(
            app: status.expected.rawValue, mimeType: status.mimeType, owned: status.owned, defined: status.defined, known: status.known,
            default: status.defaultHandler.map(handler), rivals: status.rivals.map(claimant), xdgMimeDefault: status.xdgMimeDefault,
            problems: status.problems.map(StatusJSON.Problem.init))
    }

    static func handler(_ handler: DefaultHandler) -> StatusJSON.Handler {
        StatusJSON.Handler(id: handler.file.id.rawValue, path: handler.file.path, source: handler.source.description, exec: handler.file.entry.exec)
    }

    static func claimant(_ file: InstalledDesktopFile) -> StatusJSON.Claimant {
        StatusJSON.Claimant(id: file.id.rawValue, path: file.path, bundleName: file.entry.bundleName?.rawValue)
    }

    /// `system events:` and one line per source: available, or why not.
    static func human(_ systemEvents: [SystemEventSourceStatus]) -> String {
        (["system events (lifecycle):"] + systemEvents.map { status in
            "  \(status.event): \(status.source): " + (status.available ? "available" : "not available (\(status.reason ?? "unknown"))")
        }).joined(separator: "\n")
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    static func json(_ statuses: [SchemeStatus], problems: [Problem], tools: [HelperTool], healthy: Bool) -> StatusJSON {
        StatusJSON(
            healthy: healthy,
            schemes: statuses.map { status in
                StatusJSON.Scheme(
                    scheme: status.scheme.rawValue, mimeType: status.mimeType, expected: status.expected?.rawValue,
                    default: status.defaultHandler.map(handler), claimants: status.claimants.map(claimant),
                    xdgMimeDefault: status.xdgMimeDefault, problems: status.problems.map(StatusJSON.Problem.init))
            },
            problems: problems.map(StatusJSON.Problem.init),
            tools: tools.map { StatusJSON.Tool(command: $0.command, package: $0.package, path: $0.path) })
    }
}

/// `schemectl status --json`.
struct StatusJSON: JSONOutput {
    struct Problem: Encodable {
        /// `error` or `warning`.
        let severity: String
        let code: String
        let message: String
        let fix: String

        init(_ problem: SchemeRouterDesktop.Problem) {
            severity = problem.severity.rawValue
            code = problem.code
            message = problem.message
            fix = problem.fix
        }
    }

    struct Handler: Encodable {
        let id: String
        let path: String
        let source: String
        let exec: String?
    }

    struct Claimant: Encodable {
        let id: String
        let path: String
        let bundleName: String?
    }

    struct Scheme: Encodable {
        let scheme: String
        let mimeType: String
        let expected: String?
        let `default`: Handler?
        let claimants: [Claimant]
        let xdgMimeDefault: String?
        let problems: [Problem]
    }

    struct DocumentType: Encodable {
        /// The app that claims it.
        let app: String
        let mimeType: String
        /// Rank Owner: the app should be the default.
        let owned: Bool
        /// The app's MIME package defines it.
        let defined: Bool
        /// The MIME database knows it.
        let known: Bool
        let `default`: Handler?
        let rivals: [Claimant]
        let xdgMimeDefault: String?
        let problems: [Problem]
    }

    struct Tool: Encodable {
        let command: String
        let package: String
        let path: String?
    }

    let version = 1
    let healthy: Bool
    let schemes: [Scheme]
    /// The document types of the apps examined.
    var documentTypes: [DocumentType] = []
    let problems: [Problem]
    let tools: [Tool]
    /// Which system event sources work on this machine, and why not.
    var systemEvents: [SystemEvent] = []

    struct SystemEvent: Encodable {
        let event: String
        let source: String
        let available: Bool
        let reason: String?

        init(_ status: SystemEventSourceStatus) {
            event = status.event
            source = status.source
            available = status.available
            reason = status.reason
        }
    }
}
