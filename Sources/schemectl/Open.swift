import ArgumentParser
import SchemeRouter
import SchemeRouterDesktop

/// `schemectl open`: send a URL to the app that handles it, and report the verdict.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a URL to the app that handles its scheme and report what it did.",
        discussion: """
            The URL is checked with the strict parser, its scheme's default handler is found through \
            the XDG lookup (mimeapps.list in XDG_CONFIG_HOME, XDG_CONFIG_DIRS, the data directories, \
            then mimeinfo.cache), and then: a running SchemeRouter app gets the URL over its socket; \
            otherwise the handler's Exec is started (posix_spawn, never a shell) with the URL as exactly \
            one argument, and a SchemeRouter app is waited for. The receiving app sees the sender as \
            its source application (--source, default "schemectl").

            --json prints one object: {"url", "verdict", "message", "route": "woken"|"launched"|"none", \
            "handler": {"id", "path"} | null, "rejection": {"code", "offset", "message"} | null}.

            \(DesktopExitStatus.openTable)
            """
    )

    @Argument(help: "The URL, e.g. 'todolist://?Buy%20milk#today'.") var url: String
    @Flag(help: "Print one JSON object.") var json = false
    @Flag(help: "Return once the URL is handed over, without waiting for the app's verdict (exit 11).") var noWait = false
    @Option(help: "The sender's name the app sees as its source application.") var source = "schemectl"
    @Option(help: "An annotation for the app's open options.") var annotation: String?
    @Option(help: "Seconds to wait for the verdict.") var timeout: Double = 35

    func validate() throws {
        guard timeout > 0 && timeout <= 86_400 else { throw ValidationError("--timeout must be between 0 and 86400 seconds.") }
    }

    func run() throws {
        // The exact bytes: a URL with invalid UTF-8 is rejected at its true offset.
        let bytes = RawArguments.bytes(of: url)
        var result: OpenResult?
        var verdict: OpenVerdict
        do {
            _ = try SchemeURL(bytes: bytes)
            let opener: URLOpener
            do { opener = try URLOpener(environment: .current()) } catch {
                throw DesktopErrorOutput.fail(error.description, code: "no-home", status: DesktopExitStatus.noHome, json: json)
            }
            let options = OpenURLOptions(
                sourceApplication: source, annotation: annotation, waitForVerdict: !noWait,
                timeout: .milliseconds(Int64(timeout * 1000)))
            result = opener.open(url, options: options)
            verdict = result!.verdict
        } catch let rejection as URLRejection {
            verdict = .rejected(code: rejection.code, offset: rejection.offset, message: rejection.message)
        }
        if json {
            var rejection = JSONValue.null
            if case .rejected(let code, let offset, let message) = verdict {
                rejection = .object([("code", .string(code)), ("offset", .int(offset)), ("message", .string(message))])
            }
            print(JSONValue.object([
                ("url", .string(url)),
                ("verdict", .string(verdict.name)),
                ("message", .string(verdict.description)),
                ("route", .string(result?.route.rawValue ?? "none")),
                ("handler", result?.handler.map { .object([("id", .string($0.file.id.rawValue)), ("path", .string($0.file.path))]) } ?? .null),
                ("rejection", rejection),
            ]).text)
        } else {
            let via = result?.handler.map { " (\($0.file.id), \(result!.route == .woken ? "woken" : "launched"))" } ?? ""
            print("\(verdict)\(via)")
        }
        let status = DesktopExitStatus.forVerdict(verdict)
        if status != DesktopExitStatus.handled { throw status }
    }
}
