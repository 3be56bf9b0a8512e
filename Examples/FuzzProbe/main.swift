import Glibc
import SchemectlCommands
import SchemeRouterFuzzing
import Synchronization

// A probe for the tests, never shipped: `schemectl fuzz` with planted faults. On any input that
// contains FUZZ_PROBE_TRAP's text it traps, on FUZZ_PROBE_HANG's it spins forever, so the
// in-process crash and hang path (watchdog, continuation into this same binary, minimisation in
// child processes, the finding file) is tested end to end (InProcessCrashTests).

let trap = getenv("FUZZ_PROBE_TRAP").map { Array(String(cString: $0).utf8) } ?? []
let hang = getenv("FUZZ_PROBE_HANG").map { Array(String(cString: $0).utf8) } ?? []

@Sendable func contains(_ input: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, input.count >= needle.count else { return false }
    return (0...(input.count - needle.count)).contains { input[$0..<$0 + needle.count].elementsEqual(needle) }
}

if !trap.isEmpty || !hang.isEmpty {
    FuzzInProcess.extraCheck.withLock {
        $0 = { input in
            if contains(input, trap) { fatalError("probe trap") }
            if contains(input, hang) {
                var spins = 0
                while spins >= 0 { spins &+= 1; if spins == Int.max { spins = 0 } }
            }
            return nil
        }
    }
}
SchemeCtl.main()
