import ArgumentParser
import SchemeRouterLifecycle
import SchemeRouter
import SchemeRouterDesktop
import SchemeRouterSender
import SchemeRouterPlatform

/// `schemectl open`: send a URL to the app that handles it, and report the verdict.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Send a URL or a file to the app that handles it and report what it did.",
        discussion: """
            The URL is checked with the strict parser, its scheme's default handler is found through \
            the XDG lookup (mimeapps.list in XDG_CONFIG_HOME, XDG_CONFIG_DIRS, the data directories, \
            then mimeinfo.cache), and then: a running SchemeRouter app gets the URL over its socket; \
            otherwise the handler's Exec is started (posix_spawn, never a shell) with the URL as exactly \
            one argument, and a SchemeRouter app is waited for. The receiving app sees the sender as \
            its source application (--source, default "schemectl"). An app installed as a Flatpak (its \
            desktop file has X-Flatpak) is woken in $XDG_RUNTIME_DIR/app/<app id>/.

            Inside a Flatpak sandbox the URL goes to the desktop's OpenURI portal instead, and a FILE, \
            once checked as below, to the portal's OpenFile (as a descriptor: the host must see the file, \
            through a --filesystem permission or the document portal), with the activation token (and \
            with --ask, the portal lets the user choose the app); the portal says only whether it \
            started a handler: exit 11 (delivered, no verdict) or 14 (not opened).

            A FILE (an argument that does not start with a scheme and ':', such as notes.note, \
            ./a:b.note or /tmp/x.note) or a file: URL goes to the default application of its type: \
            the file must be a regular file this user may read (a missing file, a directory, FIFO, \
            device or socket, an unreadable file or a symbolic link loop is refused before any app is \
            asked: exit 2, never opened, never waited on); its type is decided by its name, from the \
            desktop's MIME database (the globs of $XDG_DATA_HOME/mime and $XDG_DATA_DIRS/*/mime), never \
            its contents; then the type's default application, or that of its nearest parent type, \
            gets it as above: a running SchemeRouter app its file: URL over the socket, any other \
            handler its path as one argument. A file of no known type or of a type nothing opens: exit 10.

            --json prints one object: {"version": 1, "url", "verdict", "message", "route": "woken"|"launched"|"portal"|"none", \
            "handler": {"id", "path"} | null, "rejection": {"code", "offset", "message"} | null, "mimeType": a \
            file's type | null}.

            \(ExitStatus.openTable)
            """
    )

    @Argument(help: "The URL, e.g. 'todolist://?Buy%20milk#today', or a file, e.g. Groceries.note.") var url: String
    @Flag(help: "Print one JSON object.") var json = false
    @Flag(help: "Return once the URL is handed over, without waiting for the app's verdict (exit 11).") var noWait = false
    @Option(help: "The sender's name the app sees as its source application.") var source = "schemectl"
    @Option(help: "An annotation for the app's open options.") var annotation: String?
    @Option(help: "Seconds to wait for the verdict.") var timeout: Double = 35
    @Flag(help: "Inside a Flatpak sandbox: let the user choose the app in the portal's chooser.") var ask = false

    func validate() throws {
        guard timeout > 0 && timeout <= 86_400 else { throw ValidationError("--timeout must be between 0 and 86400 seconds.") }
    }

    func run() throws {
        let status = send()
        if status != 0 { throw ExitCode(status) }
    }

    /// Sends the URL, prints the verdict, returns the exit status.
    private func send() -> Int32 {
        // The exact bytes: a URL with invalid UTF-8 is rejected at its true offset.
        let bytes = RawArguments.bytes(of: url)
        var result: OpenResult?
        let verdict: DeliveryVerdict
        let isFile = OpenArgument.isPath(bytes)
        do throws(URLRejection) {
            if !isFile { _ = try SchemeURL(bytes: bytes) }
            // Read and cleared before the environment is captured: the token goes with this URL only.
            let activationToken = ActivationToken.take()
            let opener: URLOpener
            do { opener = try URLOpener(environment: .current()) } catch {
                return DesktopErrorOutput.fail(error.description, code: "no-home", status: ExitStatus.noHome.code, json: json)
                    .rawValue
            }
            let options = OpenURLOptions(
                sourceApplication: source, annotation: annotation, waitForVerdict: !noWait,
                timeout: .milliseconds(Int64(timeout * 1000)), activationToken: activationToken, askForChooser: ask)
            let opened = isFile ? opener.openFile(url, options: options) : opener.open(url, options: options)
            result = opened
            verdict = opened.verdict
        } catch {
            verdict = .rejected(code: error.code, offset: error.offset, message: error.message)
        }
        if json {
            var rejection: OpenOutput.Rejection?
            if case .rejected(let code, let offset, let message) = verdict {
                rejection = OpenOutput.Rejection(code: code, offset: offset, message: message)
            }
            OpenOutput(
                url: url, verdict: verdict.name, message: verdict.description, route: result?.route.rawValue ?? "none",
                handler: result?.handler.map { OpenOutput.Handler(id: $0.file.id.rawValue, path: $0.file.path) },
                rejection: rejection, mimeType: result?.mimeType
            ).printJSON()
        } else if let result, let message = Self.fileMessage(result, argument: url) {
            print(message)
        } else {
            var via = ""
            if let result, let handler = result.handler {
                via = " (" + handler.file.id.rawValue + ", " + result.route.rawValue + ")"
            }
            print(verdict.description + via)
        }
        return verdict.exitStatus.rawValue
    }

    /// What became of a file that no app was asked about, for people; `nil` for everything else.
    static func fileMessage(_ result: OpenResult, argument: String) -> String? {
        if let error = result.fileError { return "rejected (\(error.code)): \(error)" }
        // URLOpener.openFile says noHandler for the scheme `file` (a file: URL goes there too).
        guard result.verdict == .noHandler(scheme: "file") else { return nil }
        guard let mimeType = result.mimeType else {
            return "no handler: the type of \(argument) is not known (no pattern of the MIME database matches its name)"
        }
        return "no handler: no application opens \(mimeType) files (\(argument)); register one with a document type for it"
    }
}
