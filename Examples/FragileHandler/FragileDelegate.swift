import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterRuntime
import SchemeRouterSender

/// A handler with two planted bugs, for `schemectl fuzz --target` to find (Docs/Fuzzing.md).
///
/// Every route is matched strictly by the library first, so what reaches the code below is
/// well-formed and typed. The bugs are in the app's own logic, where fuzzers find them in real
/// apps:
/// - `stats` divides `total` by `count`, and `count` may be 0 (the manifest allows it): Swift
///   traps on division by zero, so `fragile:stats?count=0` kills the app with `SIGILL`.
/// - `note` "scans" its anchor with a loop that never ends when the anchor is longer than 64
///   characters (the manifest allows 100): the app hangs.
@MainActor
final class FragileDelegate: ApplicationDelegate {
    /// What the app showed last (so the work below is not optimised away).
    private var shown: [String] = []

    func open(_ request: FragileRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .greet(let name):
            shown.append("Hello, \(name)!")
        case .stats(let count, let total):
            // Planted bug 1: count may be 0.
            shown.append("average \((total ?? 0) / count)")
        case .note(let id, let anchor):
            shown.append("note \(id) at \(Self.scan(anchor ?? ""))")
        }
        if shown.count > 100 { shown.removeFirst(50) }
        return true
    }

    /// Planted bug 2: the position of the anchor's last character, found by a loop whose step
    /// shrinks to zero for anchors longer than 64 characters.
    static func scan(_ anchor: String) -> Int {
        let length = anchor.unicodeScalars.count
        let step = length > 64 ? 0 : 1
        var position = 0
        while position < length { position += step }
        return position
    }
}
