import ArgumentParser
import SchemeRouterLifecycle
import SchemeRouterSender
import SchemeRouterDesktop

/// The exit statuses of `register`, `unregister`, `status`, `open` and `plist`, documented in
/// each command's `--help` and in Docs/Desktop.md.
///
/// `open` exits like the apps themselves (`todolist URL` and `schemectl open todolist:…` give the
/// same status for the same verdict: the runtime's table, 0–7, 12, 13, 75 and 76), plus 10 and 11.
enum DesktopExitStatus {
    // MARK: open
    /// 0: the app handled the URL (its `open` returned true); also success for the other commands.
    static let handled = ExitCode(0)
    /// 1: the app declined the URL (`open` or a launch hook returned false).
    static let declined = ExitCode(1)
    /// 2: the URL is malformed (checked before sending) or the app rejected it.
    static let rejected = ExitCode(2)
    /// 3: the app's `open` threw.
    static let openFailed = ExitCode(3)
    /// 4: the handler could not be started, or exited before answering.
    static let launchFailed = ExitCode(4)
    /// 5: the app's launch hooks overran their deadline.
    static let launchTimedOut = ExitCode(5)
    /// 6: the app terminated before the URL reached it.
    static let terminated = ExitCode(6)
    /// 7: no verdict within the timeout.
    static let noAnswer = ExitCode(7)
    /// 10: no application handles the URL's scheme.
    static let noHandler = ExitCode(10)
    /// 11: the URL was handed over but no verdict exists (`--no-wait`, or a handler that is not a SchemeRouter app).
    static let delivered = ExitCode(11)
    /// 13: the app's primary did not acknowledge the URL in time (stopped or stuck); not delivered.
    static let unresponsive = ExitCode(13)
    /// 75: the app's primary answered busy on every try within `SCHEMEROUTER_BUSY_RETRY_MS`; not delivered.
    static let busy = ExitCode(75)
    /// 77: the app's socket is served by another user, or its runtime directory is unsafe; nothing sent.
    static let refused = ExitCode(77)
    /// 76: the app answered in a protocol this version does not understand.
    static let protocolError = ExitCode(76)

    // MARK: status
    /// 1: `status` found at least one error (each printed with a fix).
    static let broken = ExitCode(1)

    // MARK: register, unregister, plist
    /// 64: wrong arguments.
    static let usage = ExitCode(64)
    /// 65: the manifest or Info.plist is invalid (`EX_DATAERR`).
    static let invalidInput = ExitCode(65)
    /// 66: the manifest, plist or `--exec` executable cannot be read or is not executable (`EX_NOINPUT`).
    static let cannotRead = ExitCode(66)
    /// 73: a desktop file not written by `schemectl register` for this app is in the way (`EX_CANTCREAT`).
    static let conflict = ExitCode(73)
    /// 74: writing or removing a file failed (`EX_IOERR`).
    static let cannotWrite = ExitCode(74)
    /// 78: the XDG directories cannot be worked out: HOME unset and no XDG_DATA_HOME/XDG_CONFIG_HOME (`EX_CONFIG`).
    static let noHome = ExitCode(78)

    /// The `open` status for a verdict (the library's table, which the constants above name).
    static func forVerdict(_ verdict: DeliveryVerdict) -> ExitCode { ExitCode(verdict.exitStatus.rawValue) }

    /// The help text's table for `open`.
    static let openTable = """
        Exit status (the same as the app's own for the same verdict):
          0 handled; 1 declined; 3 open failed (the app's open threw) — the URL was delivered once. \
        2 rejected (malformed URL, or refused by the app); 5 launch timed out; 6 terminated before \
        delivery; 7 no answer in time; 13 the app's primary is unresponsive (stopped or stuck); 75 the \
        app's primary is busy (at its connection limit or out of descriptors) and shed the URL on \
        every try within SCHEMEROUTER_BUSY_RETRY_MS (2 s): safe to send again later; 76 \
        protocol error; 77 the app's socket is served by another user or its runtime directory is \
        unsafe — the URL was not delivered and never will be. 4 launch failed (the handler could not \
        start, or the app died after taking the URL); 12 a hook of the app overran its deadline and the \
        app was ended — perhaps partly delivered. 10 no handler for the scheme; 11 delivered without a \
        verdict (--no-wait, or not a SchemeRouter app: fire-and-forget); 64 usage error; 78 HOME unset.
        """
}
