import ArgumentParser
import SchemeRouterLifecycle
import SchemeRouterSender

/// `schemectl`'s statuses are the one table every SchemeRouter process exits from
/// (`SchemeRouterSender.ExitStatus`); each command's `--help` lists the ones it uses.
extension ExitStatus {
    /// The status as argument-parser's exit code.
    var code: ExitCode { ExitCode(rawValue) }

    /// The help text's table for `open`.
    static let openTable = """
        Exit status (the same as the app's own for the same verdict):
          0 handled; 1 declined; 3 open failed (the app's open threw) — the URL was delivered once. \
        2 rejected (malformed URL, a file that is no document, or refused by the app); 5 launch timed out; 6 terminated before \
        delivery; 7 no answer in time; 13 the app's primary is unresponsive (stopped or stuck); 75 the \
        app's primary is busy (at its connection limit or out of descriptors) and shed the URL on \
        every try within SCHEMEROUTER_BUSY_RETRY_MS (2 s): safe to send again later; 76 \
        protocol error; 77 the app's socket is served by another user or its runtime directory is \
        unsafe — the URL was not delivered and never will be. 4 launch failed (the handler could not \
        start, or the app died after taking the URL); 12 a hook of the app overran its deadline and the \
        app was ended — perhaps partly delivered. 10 no handler for the scheme or the file's type; 11 delivered without a \
        verdict (--no-wait, not a SchemeRouter app, or inside a Flatpak sandbox through the OpenURI \
        portal: fire-and-forget); 14 inside a Flatpak sandbox, the portal did not open it (chooser \
        dismissed, no handler, or the launch failed); 64 usage error; 78 HOME unset.
        """
}

extension DeliveryVerdict {
    /// The exit code `schemectl open` reports this verdict with: the app's own for the same verdict.
    var code: ExitCode { exitStatus.code }
}
