import PropertyBased
import SchemeRouterFuzzing
import Testing

/// Delta debugging finds the smallest failing input and stays within its budget.
@Suite struct MinimiserTests {
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func shrinksToTheFailingSubstring() {
        let input = Array("fragile://host/note/abc%25def?x=1#frag".utf8)
        let needle = Array("%25".utf8)
        let result = Minimiser().minimise(input) { Self.contains($0, needle) }
        #expect(result.input == needle)
        #expect(result.tests > 0)
    }

    @Test func keepsScatteredBytesInOrder() {
        let input = Array("a1b2c3d4e5f6g7h8".utf8)
        // Fails while it holds 'a', then 'e', then 'h', in that order.
        let result = Minimiser().minimise(input) { candidate in
            guard let a = candidate.firstIndex(of: UInt8(ascii: "a")),
                let e = candidate[a...].firstIndex(of: UInt8(ascii: "e"))
            else { return false }
            return candidate[e...].contains(UInt8(ascii: "h"))
        }
        #expect(result.input == Array("aeh".utf8))
    }

    @Test func respectsItsBudget() {
        let input = [UInt8](repeating: 0x61, count: 500)
        var tests = 0
        let result = Minimiser(budget: 20).minimise(input) { candidate in
            tests += 1
            return candidate.count >= 3
        }
        #expect(tests <= 20)
        #expect(result.tests == tests)
        #expect(result.input.count <= 500)
    }

    /// The result still fails and is 1-minimal: removing any one byte makes the failure go away.
    @Test func resultIsOneMinimal() async {
        let bytes = Gen<UInt8>.value(in: 0x61...0x66).array(of: 0...57)
        let position = Gen.int(in: 0...60)
        await propertyCheck(count: 200, input: bytes, position, position, position) { rest, first, second, third in
            // Fails when it has at least two 'a's and a 'c' after the first 'a' (or is the original).
            func fails(_ candidate: [UInt8]) -> Bool {
                guard let first = candidate.firstIndex(of: 0x61) else { return false }
                return candidate.filter { $0 == 0x61 }.count >= 2 && candidate[first...].contains(0x63)
            }
            // Every input fails: an 'a', a 'c' after it and another 'a' planted among random letters.
            var input = rest
            let a = min(first, input.count)
            input.insert(0x61, at: a)
            input.insert(0x63, at: a + 1 + second % (input.count - a))
            input.insert(0x61, at: third % (input.count + 1))
            #expect(fails(input), "\(input)")
            let result = Minimiser().minimise(input, fails: fails)
            #expect(fails(result.input))
            for index in result.input.indices {
                var smaller = result.input
                smaller.remove(at: index)
                #expect(!fails(smaller))
            }
        }
    }
}
