/// Makes the `[String]` of a list or catch-all parameter.
enum StringList {
    /// An array of `count` strings, made in order by calling `next` once for each. Up to four are
    /// built as an array literal, which allocates its exact storage at once; `reserveCapacity`
    /// also asks the allocator for the block's usable size (`malloc_usable_size` on Linux), which
    /// measured ~6 ns more per array. Lists of one to four items are the common case.
    @inline(__always)
    static func make(count: Int, _ next: () -> String) -> [String] {
        switch count {
        case ...0: return []
        case 1: return [next()]
        case 2: return [next(), next()]
        case 3: return [next(), next(), next()]
        case 4: return [next(), next(), next(), next()]
        default:
            var strings: [String] = []
            strings.reserveCapacity(count)
            for _ in 0..<count { strings.append(next()) }
            return strings
        }
    }
}
