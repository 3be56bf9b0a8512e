/// Byte classes of RFC 3986's grammar, as bits in a 256-entry table.
///
/// One table lookup per byte tells whether a byte may stand raw in a component; `%` is handled
/// by the parser itself because it opens a three-byte escape.
enum CharacterClass {
    static let scheme: UInt16 = 1 << 0  // ALPHA / DIGIT / "+" / "-" / "."
    static let unreservedOrSubDelim: UInt16 = 1 << 1  // unreserved / sub-delims (reg-name)
    static let colon: UInt16 = 1 << 2
    static let at: UInt16 = 1 << 3
    static let slash: UInt16 = 1 << 4
    static let question: UInt16 = 1 << 5
    static let hex: UInt16 = 1 << 6
    static let digit: UInt16 = 1 << 7
    static let alpha: UInt16 = 1 << 8

    /// What may stand raw in `userinfo`.
    static let userinfoMask: UInt16 = unreservedOrSubDelim | colon
    /// What may stand raw in a `reg-name` host.
    static let regNameMask: UInt16 = unreservedOrSubDelim
    /// What may stand raw in a path (`pchar` and `/`).
    static let pathMask: UInt16 = unreservedOrSubDelim | colon | at | slash
    /// What may stand raw in a query or fragment (`pchar`, `/` and `?`).
    static let queryMask: UInt16 = pathMask | question
    /// What may stand raw in an IPvFuture address after the dot.
    static let ipFutureMask: UInt16 = unreservedOrSubDelim | colon

    /// The class bits of every byte value: 256 entries, built once, never freed or written again
    /// (a raw pointer, so the per-byte lookup in the parser's hot loop has no bounds check).
    nonisolated(unsafe) static let table: UnsafePointer<UInt16> = {
        let t = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        t.initialize(repeating: 0, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] |= alpha | scheme | unreservedOrSubDelim }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] |= alpha | scheme | unreservedOrSubDelim }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] |= digit | hex | scheme | unreservedOrSubDelim }
        for b in UInt8(ascii: "a")...UInt8(ascii: "f") { t[Int(b)] |= hex }
        for b in UInt8(ascii: "A")...UInt8(ascii: "F") { t[Int(b)] |= hex }
        for c in "+-." { t[Int(c.asciiValue!)] |= scheme }
        for c in "-._~!$&'()*+,;=" { t[Int(c.asciiValue!)] |= unreservedOrSubDelim }
        t[Int(UInt8(ascii: ":"))] |= colon
        t[Int(UInt8(ascii: "@"))] |= at
        t[Int(UInt8(ascii: "/"))] |= slash
        t[Int(UInt8(ascii: "?"))] |= question
        return UnsafePointer(t)
    }()

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// The bytes RFC 3986 never allows raw anywhere and that need no other explanation: `"<>\^`{|}`.
    @inline(__always)
    static func isAlwaysDisallowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
            UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }
}
