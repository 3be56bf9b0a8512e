/// Makes the `String`s and `[String]`s of bound values.
enum StringList {
    /// An array of `count` elements, made in order by calling `next` once for each. Up to four (the
    /// common case) as a literal: `reserveCapacity` also calls `malloc_usable_size` (Docs/Performance.md).
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

    /// A `String` of valid UTF-8. Short ASCII, the commonest value, is copied by two overlapping words
    /// (no `memmove`), which also show it is ASCII; both widths written out pay (Docs/Performance.md).
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
