/// Every exit status a SchemeRouter process uses, one meaning per number: an app built on
/// `SchemeRouterRuntime` and each `schemectl` command exit from this one table. Docs/Runtime.md
/// has the same table.
///
/// An invocation that sends a URL (`app URL`, `schemectl open`) exits with the status of that
/// URL's verdict (`DeliveryVerdict/exitStatus`), whether a running primary handled it or the
/// invocation launched the primary itself. It exits `0` only when the app's `open` returned
/// `true`.
///
/// | status | name | meaning |
/// |---|---|---|
/// | 0 | ``success`` | the URL was handled (`open` returned `true`), or the command was carried out |
/// | 1 | ``declined`` | `open` returned `false`, or a launch hook returned `false` for the launch URL; for `status` and `fuzz`, ``problemsFound`` |
/// | 2 | ``rejected`` | the URL is malformed (a `URLRejection`), not one of the app's schemes, matches no route, or carries an invalid value (a `RouteError`); no hook ran |
/// | 3 | ``openFailed`` | `open` threw |
/// | 4 | ``launchFailed`` | the primary exited (crashed, was killed, failed to start) before it answered |
/// | 5 | ``launchTimedOut`` | the launch hooks overran the launch deadline; also the primary's own status then |
/// | 6 | ``terminated`` | the app terminated before the URL reached it (after retries) |
/// | 7 | ``noAnswer`` | no answer within the reply timeout, no primary came up within the connect timeout, or the primary was busy (its buffer budget) |
/// | 8 | ``notRunning`` | a control command (`--quit`, `lifecycle …`) found no running primary |
/// | 9 | ``refused`` | a control command was not allowed in the app's state |
/// | 10 | ``noHandler`` | no application handles the URL's scheme, or the file's type (`schemectl open`) |
/// | 11 | ``delivered`` | the URL was handed over, but no verdict exists (`schemectl open --no-wait`, or the handler is not a SchemeRouter app) |
/// | 12 | ``hookTimedOut`` | a hook after the launch (`open`, a transition) overran the hook deadline and the app was ended; also the primary's own status then; for `fuzz --replay`, the input ran past its deadline |
/// | 13 | ``unresponsive`` | the primary's loop did not acknowledge the URL within the receipt timeout; the URL was not delivered and never will be |
/// | 14 | ``notOpened`` | `schemectl open` inside a sandbox: the desktop's OpenURI portal did not open the URL (chooser dismissed, no handler, launch failed, or no portal); nothing was started |
/// | 64 | ``usage`` | wrong arguments, a malformed `SCHEMEROUTER_*` environment variable, or an app's options that cannot be declared |
/// | 65 | ``invalidInput`` | a manifest or Info.plist is invalid, or an app's desktop entry breaks the format or conflicts with a managed key (`EX_DATAERR`) |
/// | 66 | ``cannotRead`` | a manifest, plist, desktop entry, corpus or executable cannot be read, or is not a regular file (`EX_NOINPUT`) |
/// | 69 | ``unavailable`` | the app under test could not be started, or its socket never came up (`fuzz`; `EX_UNAVAILABLE`) |
/// | 71 | ``systemError`` | a system or libuv call failed unexpectedly |
/// | 73 | ``cannotCreate`` | a file that is not ours is in the way, or a directory cannot be created (`EX_CANTCREAT`) |
/// | 74 | ``cannotWrite`` | writing or removing a file failed (`EX_IOERR`) |
/// | 75 | ``busy`` | the primary shed the connection (`busy`: at its connection limit or out of descriptors) on every try within `SCHEMEROUTER_BUSY_RETRY_MS`; the URL was not delivered and never will be |
/// | 76 | ``protocolError`` | the peer spoke a malformed or unknown protocol version |
/// | 77 | ``runtimeDirectoryRefused`` | the runtime directory is unsafe (owner, mode, symlink), its socket path too long, or the socket served by another user |
/// | 78 | ``noHome`` | the XDG directories cannot be worked out: `HOME` unset and no `XDG_DATA_HOME`/`XDG_CONFIG_HOME` (`EX_CONFIG`) |
public struct ExitStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The process exit status.
    public let rawValue: Int32

    /// Wraps an exit status.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// 0: handled, or the command was carried out.
    public static let success = ExitStatus(rawValue: 0)
    /// 1: `open` returned `false`, or a launch hook refused the launch URL.
    public static let declined = ExitStatus(rawValue: 1)
    /// 1, read by a command that checks something (`schemectl status`, `schemectl fuzz`): it found
    /// a problem, and printed each one.
    public static let problemsFound = ExitStatus(rawValue: 1)
    /// 2: the URL is malformed, not one of the app's schemes, matches no route, or has an invalid value; or
    /// a file is missing, not a regular file, unreadable, a symbolic-link loop or of no declared type.
    public static let rejected = ExitStatus(rawValue: 2)
    /// 3: `open` threw.
    public static let openFailed = ExitStatus(rawValue: 3)
    /// 4: the primary exited before it answered.
    public static let launchFailed = ExitStatus(rawValue: 4)
    /// 5: the launch hooks overran the launch deadline.
    public static let launchTimedOut = ExitStatus(rawValue: 5)
    /// 6: the app terminated before the URL reached it.
    public static let terminated = ExitStatus(rawValue: 6)
    /// 7: no answer in time.
    public static let noAnswer = ExitStatus(rawValue: 7)
    /// 8: no primary is running (control commands only).
    public static let notRunning = ExitStatus(rawValue: 8)
    /// 9: the control command is not allowed in the app's state.
    public static let refused = ExitStatus(rawValue: 9)
    /// 10: no application handles the URL's scheme (`schemectl open`).
    public static let noHandler = ExitStatus(rawValue: 10)
    /// 11: the URL was handed over, but no verdict exists (`schemectl open --no-wait`, or a
    /// handler that is not a SchemeRouter app).
    public static let delivered = ExitStatus(rawValue: 11)
    /// 12: a hook after the launch overran the hook deadline; the app was ended (the URL may
    /// have been partly handled). Also a fuzzed input that ran past its deadline.
    public static let hookTimedOut = ExitStatus(rawValue: 12)
    /// 13: the primary's loop did not acknowledge the request within the receipt timeout (it is
    /// stopped or stuck); the URL was not delivered and never will be.
    public static let unresponsive = ExitStatus(rawValue: 13)
    /// 14: inside a sandbox, the desktop's OpenURI portal did not open the URL (the user
    /// dismissed the chooser, no handler, the launch failed, or no portal); nothing was started.
    public static let notOpened = ExitStatus(rawValue: 14)
    /// 64 (`EX_USAGE`): wrong arguments.
    public static let usage = ExitStatus(rawValue: 64)
    /// 65 (`EX_DATAERR`): a manifest or Info.plist is invalid.
    public static let invalidInput = ExitStatus(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file cannot be read, or is not a regular file.
    public static let cannotRead = ExitStatus(rawValue: 66)
    /// 69 (`EX_UNAVAILABLE`): the app under test could not be started, or never came up.
    public static let unavailable = ExitStatus(rawValue: 69)
    /// 71 (`EX_OSERR`): a system or libuv call failed.
    public static let systemError = ExitStatus(rawValue: 71)
    /// 73 (`EX_CANTCREAT`): a file that is not ours is in the way, or a directory cannot be created.
    public static let cannotCreate = ExitStatus(rawValue: 73)
    /// 74 (`EX_IOERR`): writing or removing a file failed.
    public static let cannotWrite = ExitStatus(rawValue: 74)
    /// 75 (`EX_TEMPFAIL`): the primary answered `busy` (at its connection limit or out of
    /// descriptors) on every try within the busy retry time; the URL was not delivered and never
    /// will be, so sending it again later is safe.
    public static let busy = ExitStatus(rawValue: 75)
    /// 76 (`EX_PROTOCOL`): the peer's message was malformed or of an unknown version.
    public static let protocolError = ExitStatus(rawValue: 76)
    /// 77 (`EX_NOPERM`): the runtime directory is unsafe, or a socket path is too long.
    public static let runtimeDirectoryRefused = ExitStatus(rawValue: 77)
    /// 78 (`EX_CONFIG`): `HOME` is unset and no XDG directory variable says where to write.
    public static let noHome = ExitStatus(rawValue: 78)

    /// Every documented status, in the order of the table above.
    public static let documented: [ExitStatus] = [
        .success, .declined, .rejected, .openFailed, .launchFailed, .launchTimedOut, .terminated,
        .noAnswer, .notRunning, .refused, .noHandler, .delivered, .hookTimedOut, .unresponsive, .notOpened, .usage, .invalidInput,
        .cannotRead, .unavailable, .systemError, .cannotCreate, .cannotWrite, .busy, .protocolError,
        .runtimeDirectoryRefused, .noHome,
    ]

    /// The status's name in the table, e.g. `launchTimedOut`.
    public var name: String {
        switch rawValue {
        case 0: "success"
        case 1: "declined"
        case 2: "rejected"
        case 3: "openFailed"
        case 4: "launchFailed"
        case 5: "launchTimedOut"
        case 6: "terminated"
        case 7: "noAnswer"
        case 8: "notRunning"
        case 9: "refused"
        case 10: "noHandler"
        case 11: "delivered"
        case 12: "hookTimedOut"
        case 13: "unresponsive"
        case 14: "notOpened"
        case 64: "usage"
        case 65: "invalidInput"
        case 66: "cannotRead"
        case 69: "unavailable"
        case 71: "systemError"
        case 73: "cannotCreate"
        case 74: "cannotWrite"
        case 75: "busy"
        case 76: "protocolError"
        case 77: "runtimeDirectoryRefused"
        case 78: "noHome"
        default: "status \(rawValue)"
        }
    }

    /// `5 (launchTimedOut)`.
    public var description: String { "\(rawValue) (\(name))" }
}
