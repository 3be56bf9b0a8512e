// share-to-todo: a second SchemeRouter app that sends tasks to TodoList (the seed's Listing 6-1,
// "sending a URL to another app"): it builds a todolist: URL and opens it through the library,
// which wakes a running TodoList over its socket or launches it, and reports TodoList's verdict.
//
//   share-to-todo Buy milk & eggs            → todolist://?Buy%20milk%20%26%20eggs#today
//   share-to-todo --due 202612241800 Wrap presents
//   share-to-todo --json --no-wait Call mum
//
// Exit status: the verdict's (0 handled, 1 declined, 2 rejected, 4 launch failed, 7 no answer,
// 10 no handler, 11 delivered without waiting, …; see Docs/Desktop.md); 64 usage error.
import Glibc
import SchemeRouterDesktop
import SchemeRouterLifecycle
import SchemeRouterSender

/// Percent-encodes `text` for a URL query or fragment: every byte outside RFC 3986's unreserved
/// set (`A–Z a–z 0–9 - . _ ~`) becomes `%XX`, so the task survives any character, `#`, `&`, `%`,
/// `+`, spaces and non-ASCII included.
func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.append(byte)
        default:
            out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func usage(_ message: String) -> Never {
    printError("share-to-todo: \(message)\nusage: share-to-todo [--due yyyyMMddHHmm|today] [--json] [--no-wait] TASK...")
    exit(64)
}

var due = "today"
var json = false
var wait = true
var words: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--due":
        guard let value = arguments.next() else { usage("--due needs a value") }
        guard value == "today" || (value.count == 12 && value.allSatisfy(\.isASCII) && value.allSatisfy(\.isNumber)) else {
            usage("--due takes yyyyMMddHHmm (e.g. 202612241800) or today, not '\(value)'")
        }
        due = value
    case "--json": json = true
    case "--no-wait": wait = false
    case "--help", "-h": usage("sends a task to TodoList")
    case "--": while let word = arguments.next() { words.append(word) }
    default: words.append(argument)
    }
}
let task = words.joined(separator: " ")
guard !task.isEmpty else { usage("give the task to add") }

let url = "todolist://?\(percentEncoded(task))#\(due)"
let opener: URLOpener
do { opener = try URLOpener() } catch {
    printError("share-to-todo: \(error)")
    exit(78)
}
let result = opener.open(url, options: OpenURLOptions(sourceApplication: "com.acme.sharetotodo", waitForVerdict: wait))
if json {
    func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
    print("{\"url\": \(quoted(url)), \"verdict\": \(quoted(result.verdict.name)), \"message\": \(quoted(result.verdict.description))}")
} else {
    print("\(url): \(result.verdict)")
}
exit(result.verdict.exitStatus.rawValue)
