/// Sixteen input bytes as one `SIMD16<UInt8>`, classified with vector operations (the SSE2 of
/// every x86-64, NEON on arm64): the same classes as ``ByteWord``, twice as many bytes per step,
/// in fewer instructions per byte.
///
/// Each classifier answers with a mask; ``marks(_:)`` turns one into ``ByteWord``'s form (the top
/// bit of each byte of two words), so callers find the first unmarked byte the same way.
enum ByteVector {
    typealias Vector = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>

    /// `byte` in every lane.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> Vector { Vector(repeating: byte) }

    /// The sixteen bytes at `pointer`.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    /// Where a byte may surely stand raw in a path, query or fragment: a letter, a digit, or one of
    /// `&'()*+,-./:;=` (``ByteWord/surelyPlain(_:)``'s class).
    @inline(__always)
    static func surelyPlain(_ vector: Vector) -> Mask {
        // Letters of either case once bit 5 is set; `&` (0x26) through `;` (0x3B); `=`.
        let letter = ((vector | repeating(0x20)) &- repeating(0x61)) .< repeating(26)
        let punctuationOrDigit = (vector &- repeating(0x26)) .< repeating(0x3B - 0x26 + 1)
        return letter .| punctuationOrDigit .| (vector .== repeating(0x3D))
    }

    /// Where a byte may stand in a scheme: a letter, a digit, `+`, `-` or `.` (RFC 3986 §3.1).
    @inline(__always)
    static func schemeCharacters(_ vector: Vector) -> Mask {
        let letter = ((vector | repeating(0x20)) &- repeating(0x61)) .< repeating(26)
        let digit = (vector &- repeating(0x30)) .< repeating(10)
        // `+` (0x2B), `-` (0x2D), `.` (0x2E); not `,` (0x2C).
        let punctuation = ((vector &- repeating(0x2B)) .< repeating(4)) .& (vector .!= repeating(0x2C))
        return letter .| digit .| punctuation
    }

    /// Where a byte is a hexadecimal digit (`0`–`9`, `A`–`F`, `a`–`f`).
    @inline(__always)
    static func hexDigits(_ vector: Vector) -> Mask {
        let digit = (vector &- repeating(0x30)) .< repeating(10)
        let letter = ((vector | repeating(0x20)) &- repeating(0x61)) .< repeating(6)
        return digit .| letter
    }

    /// Where a byte is `%`.
    @inline(__always)
    static func percentSigns(_ vector: Vector) -> Mask { vector .== repeating(0x25) }

    /// `mask` as bytes: `0xFF` where it is set, `0` elsewhere (to combine with `&` and `|`).
    @inline(__always)
    static func bytes(_ mask: Mask) -> Vector { unsafeBitCast(mask, to: Vector.self) }

    /// Whether `mask` sets every lane.
    @inline(__always)
    static func allMarked(_ mask: Mask) -> Bool {
        let (low, high) = unmarked(mask)
        return low | high == 0
    }

    /// The index of the first lane `mask` leaves clear, or 16 when it sets them all.
    @inline(__always)
    static func firstUnmarked(_ mask: Mask) -> Int {
        let (low, high) = unmarked(mask)
        return low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
    }

    /// The lanes `mask` leaves clear, as ``ByteWord`` marks them: the top bit of each byte of the
    /// first eight lanes (`low`) and of the last eight (`high`).
    @inline(__always)
    static func unmarked(_ mask: Mask) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return (~words[0] & ByteWord.high, ~words[1] & ByteWord.high)
    }
}
