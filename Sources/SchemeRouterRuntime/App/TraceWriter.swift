internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

/// Appends one JSON object per line to the `SCHEMEROUTER_TRACE` file for every hook call:
/// `{"hook": "open", "state": "active", "url": "todolist://x?a", "source": {"name":
/// "/usr/bin/share-to-todo", "pid": 4242, "uid": 1000, "claimed": false}}` (the state after the
/// hook; `url` and, when known, `source` for `open` only: the source application `open` got,
/// `from` and `to` for `systemTimeZoneDidChange` and `currentLocaleDidChange`;
/// `pid` and `uid` present when the kernel reported them). `restoreState` is not traced: the trace lists exactly the hooks of
/// Docs/Runtime.md. Each line is one `write` to an `O_APPEND` descriptor, so lines from
/// several processes never interleave.
struct TraceWriter: Sendable {
    let descriptor: Int32

    /// Opens (creating, mode 0600) the trace file; `nil` with a logged error when it cannot.
    init?(path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            Log.error("cannot open the trace file: \(SystemError(errno: Sys.errno, call: "open", path: path))")
            return nil
        }
        descriptor = fd
    }

    /// Writes the line for one hook call: `{"hook": "open", "state": "active", "url": …}` for the
    /// app delegate's hooks (an app without scenes has only those), `{"hook": "willConnect",
    /// "session": "scene-1", "sceneState": "unattached", "state": "inactive", "url": …}` for a
    /// scene's (`url`, `source` and `monotonicNs` for a hook that got a URL). `restoreState` and
    /// `performAction` (its own line, ``write(action:performed:)``) are left out.
    /// - Parameters:
    ///   - source: Who sent the URL, for a hook that got one.
    ///   - token: The activation token that came with the URL.
    func write(_ record: HookRecord, source: SourceApplication? = nil, token: String? = nil) {
        guard record.hook != .restoreState && record.hook != .performAction else { return }
        var line = "{\"hook\": \"\(record.hook.rawValue)\""
        if let session = record.session { line += ", \"session\": \(JSONString.quoted(session))" }
        if let sceneState = record.sceneState { line += ", \"sceneState\": \"\(sceneState.rawValue)\"" }
        line += ", \"state\": \"\(record.state.rawValue)\""
        if let url = record.url { line += ", \"url\": \(JSONString.quoted(url))" }
        // Stamped when the hook that got the URL returned: what the wake benchmarks measure to.
        writeHook(line, record.systemEvent, source: source, token: token, stamped: record.url != nil)
    }

    /// Ends a hook's line (the event's change, the source, the
    /// token, and when `stamped` the time on CLOCK_MONOTONIC as `monotonicNs`) and writes it.
    private func writeHook(_ line: String, _ event: SystemEvent?, source: SourceApplication?, token: String?, stamped: Bool) {
        var line = line + Self.change(event)
        if let source {
            line += ", \"source\": {\"name\": \(JSONString.quoted(source.name))"
            if let pid = source.pid { line += ", \"pid\": \(pid)" }
            if let uid = source.uid { line += ", \"uid\": \(uid)" }
            line += ", \"claimed\": \(source.isClaimed)"
            if let app = source.flatpakAppID { line += ", \"flatpak\": \(JSONString.quoted(app))" }
            line += "}"
        }
        if let token { line += ", \"activationToken\": \(JSONString.quoted(token))" }
        if stamped {
            let now = Sys.monotonicNow().components
            line += ", \"monotonicNs\": \(now.seconds * 1_000_000_000 + now.attoseconds / 1_000_000_000)"
        }
        writeLine(line + "}")
    }

    /// A time zone's or locale's `, "from": …, "to": …`; nothing for other events.
    private static func change(_ event: SystemEvent?) -> String {
        switch event {
        case .timeZoneChange(let from, let to)?, .localeChange(let from, let to)?:
            ", \"from\": \(JSONString.quoted(from)), \"to\": \(JSONString.quoted(to))"
        case .significantTimeChange?, .memoryWarning?, nil:
            ""
        }
    }

    /// Writes the line for an action: `{"action": "new-item", "parameter": "milk", "performed": true}`.
    func write(action: AppAction, performed: Bool) {
        var line = "{\"action\": \(JSONString.quoted(action.name))"
        switch action.parameter {
        case .string(let text): line += ", \"parameter\": \(JSONString.quoted(text))"
        case .integer(let number): line += ", \"parameter\": \(number)"
        case .boolean(let flag): line += ", \"parameter\": \(flag)"
        case nil: break
        }
        writeLine(line + ", \"performed\": \(performed)}")
    }

    /// Writes the line for what state preservation did:
    /// `{"restoration": "discarded", "detail": "preserved state discarded: invalid: not JSON: …"}`
    /// (`restored`, `discarded`, `saved` or `saveFailed`).
    func write(restoration event: RestorationEvent) {
        let kind =
            switch event {
            case .restored: "restored"
            case .discarded: "discarded"
            case .saved: "saved"
            case .saveFailed: "saveFailed"
            }
        writeLine("{\"restoration\": \"\(kind)\", \"detail\": \(JSONString.quoted(event.description))}")
    }

    /// Writes `line` and its newline in one `write` (see the type's comment).
    private func writeLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
