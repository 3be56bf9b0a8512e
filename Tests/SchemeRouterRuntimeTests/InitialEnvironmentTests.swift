import PropertyBased
import Testing

@testable import SchemeRouterSender

/// The activation token GTK took out of the environment before `main` is read back from the
/// environment the kernel passed (`/proc/self/environ`): the first `NAME=` entry, as `getenv`.
@Suite struct InitialEnvironmentTests {
    @Test func theFirstEntryOfTheNameIsFound() {
        let environment = Array("PATH=/bin\0XDG_ACTIVATION_TOKEN_X=no\0XDG_ACTIVATION_TOKEN=a=b\0XDG_ACTIVATION_TOKEN=late\0".utf8)
        #expect(ActivationToken.initialValue(of: "XDG_ACTIVATION_TOKEN", in: environment) == "a=b")
        #expect(ActivationToken.initialValue(of: "DESKTOP_STARTUP_ID", in: environment) == nil)
        #expect(ActivationToken.initialValue(of: "PATH", in: Array("PATH=\0".utf8)) == "")
        #expect(ActivationToken.initialValue(of: "PATH", in: Array("PATH=/unterminated".utf8)) == "/unterminated")
        #expect(ActivationToken.initialValue(of: "PATH", in: []) == nil)
    }

    @Test func anyEnvironmentAgreesWithAReadingOfItsEntries() async {
        let names = ["A", "AB", "DESKTOP_STARTUP_ID", "XDG_ACTIVATION_TOKEN", "X"]
        let environments = Generator { (rng: inout any SeededRandomNumberGenerator) -> [(String, String)] in
            (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                let value = String((0..<Int.random(in: 0...6, using: &rng)).map { _ in "=ab_é".randomElement(using: &rng)! })
                return (names.randomElement(using: &rng)!, value)
            }
        }
        await propertyCheck(count: 500, input: environments) { entries in
            let bytes: [UInt8] = entries.flatMap { entry -> [UInt8] in Array("\(entry.0)=\(entry.1)".utf8) + [0] }
            for name in names {
                #expect(ActivationToken.initialValue(of: name, in: bytes) == entries.first { $0.0 == name }?.1)
            }
        }
    }
}
