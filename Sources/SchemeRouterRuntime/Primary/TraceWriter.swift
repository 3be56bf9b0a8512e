internal import CLibUV
internal import Glibc
internal import SchemeRouter

/// Appends one JSON object per line to the `SCHEMEROUTER_TRACE` file for every hook call:
/// `{"hook": "open", "state": "active", "url": "todolist://x?a"}` (the state after the hook;
/// `url` for `open` only). `restoreState` is not traced: the trace lists exactly the hooks of
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

    /// Writes the line for one hook call.
    func write(_ record: HookRecord) {
        guard record.hook != .restoreState else { return }
        var line = "{\"hook\": \"\(record.hook.rawValue)\", \"state\": \"\(record.state.rawValue)\""
        if let url = record.url { line += ", \"url\": \(JSONText.quoted(url))" }
        line += "}\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// JSON string literals.
enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
