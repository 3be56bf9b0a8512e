import ArgumentParser
import SchemeRouterSender
import SchemeRouter

/// `schemectl validate`: strict RFC 3986 validation of URLs, with components or a caret under the fault.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check URLs against SchemeRouter's strict parser.",
        discussion: """
            Each URL is parsed exactly as an app would receive it. A valid URL prints its components \
            exactly as written (and decoded where that differs); a rejected URL prints the rule it \
            breaks and a caret under the offending byte.

            Examples:
              schemectl validate 'todolist://www.acme.com?Quarterly%20Report#200806231300'
              printf 'myapp:a b\\nmyapp:ok\\n' | schemectl validate --stdin --json

            --json prints one object per URL and line:
              {"version": 1, "input", "valid": true, "scheme", "userinfo", "host", "port", "path", "query", "fragment"}
              {"version": 1, "input", "valid": false, "error": {"code", "offset", "message"}}
            Components are as written (scheme lower-cased); userinfo, host, query and fragment are null \
            when absent and "" when present but empty; port is an integer or null.

            Exit status: 0 all valid; 2 at least one rejected (as the app itself exits for a rejected \
            URL); 64 usage error.
            """
    )

    @Argument(help: "URLs to validate, one per argument.")
    var urls: [String] = []

    @Flag(help: "Also read URLs from standard input, one per line (a trailing \\n is the separator; a \\r is part of the URL and rejected).")
    var stdin = false

    @Flag(help: "Print one JSON object per URL.")
    var json = false

    @Option(help: "The longest URL accepted, in bytes.")
    var maximumLength = URLParser.defaultMaximumLength

    func validate() throws {
        if urls.isEmpty && !stdin { throw ValidationError("Give at least one URL, or --stdin.") }
        if maximumLength < 1 { throw ValidationError("--maximum-length must be at least 1.") }
    }

    func run() throws {
        var allValid = true
        for url in urls {
            allValid = report(RawArguments.bytes(of: url)) && allValid
        }
        if stdin {
            for line in StandardInput.lines() {
                allValid = report(line) && allValid
            }
        }
        if !allValid { throw ExitStatus.rejected.code }
    }

    /// Prints the verdict for one input; returns whether it was valid.
    private func report(_ bytes: [UInt8]) -> Bool {
        let input = String(decoding: bytes, as: UTF8.self)
        do {
            let url = try SchemeURL(bytes: bytes, maximumLength: maximumLength)
            print(json ? ValidateOutput(url: url).jsonText : URLReport.human(for: url))
            return true
        } catch {
            if json {
                ValidateOutput(input: input, rejection: error).printJSON()
            } else {
                print(error.render(input: bytes))
            }
            return false
        }
    }
}
