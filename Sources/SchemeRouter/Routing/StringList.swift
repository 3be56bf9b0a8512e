/// Makes the `String`s and `[String]`s of bound values.
enum StringList {
    /// An array of `count` elements, made in order by calling `next` once for each. Up to four are
    /// built as an array literal, which allocates its exact storage at once; `reserveCapacity`
    /// also asks the allocator for the block's usable size (`malloc_usable_size` on Linux), which
    /// measured ~6 ns more per array. Lists of one to four items are the common case.
    @inline(__always)
    static func make<Element>(count: Int, _ next: () -> Element) -> [Element] {
        switch count {
        case ...0: return []
        case 1: return [next()]
        case 2: return [next(), next()]
        case 3: return [next(), next(), next()]
        case 4: return [next(), next(), next(), next()]
        default:
            var elements: [Element] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(next()) }
            return elements
        }
    }

    /// A `String` of bytes known to be valid UTF-8 (the standard library checks them again: no
    /// public initializer skips that). ASCII text of up to 15 bytes, the commonest value, is
    /// copied into a small string by two overlapping loads and stores (no `memmove` call), which
    /// also tell whether it is ASCII, the one case `String(unsafeUninitializedCapacity:)` checks
    /// in a few instructions; other text is decoded (that initializer rechecks non-ASCII text on
    /// a slow path). The two branches stay written out (see Docs/Performance.md).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        if count <= 15, let base = bytes.baseAddress {
            let source = UnsafeRawPointer(base)
            if count >= 8 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                if (head | tail) & 0x8080_8080_8080_8080 == 0 {
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        let target = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                        target.storeBytes(of: head, as: UInt64.self)
                        target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
                        return count
                    }
                }
            } else if count >= 4 {
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                if (head | tail) & 0x8080_8080 == 0 {
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        let target = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                        target.storeBytes(of: head, as: UInt32.self)
                        target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
                        return count
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
