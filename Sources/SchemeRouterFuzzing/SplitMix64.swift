/// The fuzzer's random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// Every random choice of a campaign comes from one generator seeded with `--seed`, and every
/// helper here (``below(_:)``, ``chance(_:)``) is written out rather than taken from the standard
/// library, whose algorithms may change between Swift releases. The same seed therefore produces
/// the same inputs in the same order on every run, machine and toolchain.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// A number in `0..<bound` (Lemire's multiply-shift; the tiny bias is irrelevant here).
    /// `bound` must be positive.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// `true` with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty collection.
    public mutating func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int {
        precondition(!items.isEmpty, "pick(_:) needs a non-empty collection")
        return items[items.startIndex + below(items.count)]
    }

    /// A small count, biased towards 1: 1 with probability 1/2, 2 with 1/4, … up to `maximum`.
    public mutating func geometric(maximum: Int) -> Int {
        var count = 1
        while count < maximum && next() & 1 == 0 { count += 1 }
        return count
    }

    /// A seed for a new campaign when none was given: taken from the system's random source.
    public static func freshSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
