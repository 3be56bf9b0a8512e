/// Eight input bytes as one `UInt64`, classified with a few arithmetic operations instead of eight
/// table lookups (SWAR: SIMD within a register).
///
/// Every test first clears each byte's top bit, so the additions stay within their byte (a 7-bit
/// value plus at most `0x80` carries into no neighbour); non-ASCII bytes are excluded at the end.
enum ByteWord {
    /// The top bit of every byte: where the classifiers put their answers.
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in every byte of a word.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The eight bytes at `pointer`, the first in the lowest bits.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The top bit of each byte set where that byte may surely stand raw in a path, query or
    /// fragment: a letter, a digit, or one of `&'()*+,-./:;=`. A clear bit says nothing: the byte may
    /// still be plain (`!`, `$`, `@`, `_`, `~`, `?` in a query), which the caller asks the class table.
    @inline(__always)
    static func surelyPlain(_ word: UInt64) -> UInt64 {
        let low = word & ~high
        // Letters of either case: `a`...`z` once bit 5 is set.
        let folded = low | repeating(0x20)
        let letter = (folded &+ repeating(0x80 - 0x61)) & ~(folded &+ repeating(0x7F - 0x7A))
        // `&` (0x26) through `;` (0x3B): `&'()*+,-./`, the digits and `:;`.
        let punctuationOrDigit = (low &+ repeating(0x80 - 0x26)) & ~(low &+ repeating(0x7F - 0x3B))
        // `=`: zero after the exclusive or, so adding 0x7F leaves its top bit clear.
        let equals = ~((low ^ repeating(0x3D)) &+ repeating(0x7F))
        return (letter | punctuationOrDigit | equals) & ~word & high
    }

    /// The top bit of each byte set where that byte may surely stand raw in a `reg-name` host: a
    /// letter, a digit, or one of `&'()*+,-.` (the rest of `reg-name`, `!$;=_~`, is left clear).
    @inline(__always)
    static func surelyRegName(_ word: UInt64) -> UInt64 {
        let low = word & ~high
        let folded = low | repeating(0x20)
        let letter = (folded &+ repeating(0x80 - 0x61)) & ~(folded &+ repeating(0x7F - 0x7A))
        // `&` (0x26) through `9` (0x39), except `/`: nonzero after the exclusive or, so adding 0x7F sets its top bit.
        let notSlash = (low ^ repeating(0x2F)) &+ repeating(0x7F)
        let punctuationOrDigit = (low &+ repeating(0x80 - 0x26)) & ~(low &+ repeating(0x7F - 0x39)) & notSlash
        return (letter | punctuationOrDigit) & ~word & high
    }

    /// The top bit of each byte set where that byte is a hexadecimal digit (`0`–`9`, `A`–`F`, `a`–`f`).
    @inline(__always)
    static func hexDigits(_ word: UInt64) -> UInt64 {
        let low = word & ~high
        let digit = (low &+ repeating(0x80 - 0x30)) & ~(low &+ repeating(0x7F - 0x39))
        // `A`...`F` and `a`...`f`, once bit 5 is set.
        let folded = low | repeating(0x20)
        let letter = (folded &+ repeating(0x80 - 0x61)) & ~(folded &+ repeating(0x7F - 0x66))
        return (digit | letter) & ~word & high
    }

    /// The top bit of each byte set where that byte is `%` (exactly: no borrow from a neighbour).
    @inline(__always)
    static func percentSigns(_ word: UInt64) -> UInt64 {
        // Zero after the exclusive or; adding 0x7F to the low seven bits sets the top bit of every other byte.
        let other = word ^ repeating(0x25)
        return ~(((other & ~high) &+ repeating(0x7F)) | other) & high
    }
}
