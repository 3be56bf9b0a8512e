/// Delta debugging (Zeller and Hildebrandt, *Simplifying and Isolating Failure-Inducing Input*,
/// 2002): shrinks a failing input to a 1-minimal one, where removing any single byte makes the
/// failure go away (or change its signature).
///
/// ddmin removes ever smaller chunks while the test still fails, then a pass tries every single
/// byte and every run of 2 to 4 bytes (so `a:///x` can lose `///` at once, which no single-byte
/// step allows). A final simplification pass then makes the reproducer read well without growing
/// it: an upper-case letter becomes lower case, and a `%XX` escape of a letter, digit or one of
/// `-._~` becomes that character, wherever the failure stays. Each distinct candidate is tested
/// once; `budget` caps the number of tests, so an expensive test (a process per candidate) stays
/// bounded.
public struct Minimiser {
    /// The most tests to run.
    public var budget: Int

    /// Creates a minimiser that runs at most `budget` tests.
    public init(budget: Int = 5000) {
        self.budget = budget
    }

    /// The result: the smallest failing input found and how many tests it took.
    public struct Result: Sendable, Hashable {
        /// The minimised input (the original when nothing smaller fails).
        public var input: [UInt8]
        /// The number of tests run.
        public var tests: Int
    }

    /// Shrinks `input`, which must fail, while `fails` says the candidate still fails the same way.
    public func minimise(_ input: [UInt8], fails: ([UInt8]) -> Bool) -> Result {
        var tested: Set<[UInt8]> = [input]
        var tests = 0
        func check(_ candidate: [UInt8]) -> Bool {
            guard tests < budget, tested.insert(candidate).inserted else { return false }
            tests += 1
            return fails(candidate)
        }

        var current = input
        if check([]) { return Result(input: [], tests: tests) }
        var granularity = 2
        while current.count >= 2 && tests < budget {
            let chunk = (current.count + granularity - 1) / granularity
            var reduced = false
            // Try each chunk alone (a subset), then the input without each chunk (a complement).
            var start = 0
            while start < current.count && granularity > 2 {
                let subset = Array(current[start..<min(current.count, start + chunk)])
                if check(subset) {
                    current = subset
                    granularity = 2
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                start = 0
                while start < current.count {
                    var complement = current
                    complement.removeSubrange(start..<min(current.count, start + chunk))
                    if check(complement) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                    start += chunk
                }
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(granularity * 2, current.count)
            }
        }
        // No single byte, and no run of up to four bytes, can go.
        var index = 0
        var reducedInPass = true
        while reducedInPass && tests < budget {
            reducedInPass = false
            for width in 1...4 {
                index = 0
                while index + width <= current.count && tests < budget {
                    var candidate = current
                    candidate.removeSubrange(index..<index + width)
                    if check(candidate) {
                        current = candidate
                        reducedInPass = true
                    } else {
                        index += 1
                    }
                }
            }
        }
        // Simplification: decode escapes of unreserved characters, lower-case letters.
        index = 0
        while index < current.count && tests < budget {
            let byte = current[index]
            if byte == UInt8(ascii: "%"), index + 2 < current.count,
                let value = Self.hexValue(current[index + 1], current[index + 2]), Self.isUnreserved(value)
            {
                var candidate = current
                candidate.replaceSubrange(index...index + 2, with: [value])
                if check(candidate) { current = candidate }
            } else if (0x41...0x5A).contains(byte) {
                var candidate = current
                candidate[index] = byte | 0x20
                if check(candidate) { current = candidate }
            }
            index += 1
        }
        return Result(input: current, tests: tests)
    }

    static func hexValue(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = Hex.digitValue(high), let low = Hex.digitValue(low) else { return nil }
        return high << 4 | low
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }
}
