import Glibc
import SchemeRouterPlatform
import Testing

/// Running a program with a deadline: exit statuses, signals, timeouts, output, raw argv bytes.
@Suite struct ChildProcessTests {
    static func shell(_ script: String, _ arguments: [[UInt8]] = [], deadline: Duration = .seconds(10)) throws -> ChildProcess.Result {
        try ChildProcess.run([Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8), Array("sh".utf8)] + arguments, deadline: deadline)
    }

    @Test func exitStatusAndOutput() throws {
        let result = try Self.shell("echo out; echo err >&2; exit 7")
        #expect(result.termination == .exited(7))
        #expect(result.standardOutput == Array("out\n".utf8))
        #expect(result.standardError == Array("err\n".utf8))
    }

    @Test func deathBySignal() throws {
        #expect(try Self.shell("kill -SEGV $$").termination == .signalled(SIGSEGV))
        #expect(try Self.shell("kill -ILL $$").termination == .signalled(SIGILL))
    }

    /// Past the deadline the whole process group is killed, grandchildren included.
    @Test func timeoutKillsTheGroup() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try Self.shell("sleep 30 & sleep 30; exit 0", deadline: .milliseconds(300))
        #expect(result.termination == .timedOut)
        #expect(clock.now - start < .seconds(10))
    }

    /// Arguments reach the program byte for byte, invalid UTF-8 included.
    @Test func argumentsAreRawBytes() throws {
        let argument: [UInt8] = Array("todolist:?".utf8) + [0xFF, 0xC0, 0xAF, 0x20, 0x27]
        let result = try Self.shell("printf '%s' \"$1\"", [argument])
        #expect(result.standardOutput == argument)
    }

    @Test func missingProgram() {
        #expect(throws: SystemError.self) {
            try ChildProcess.run([Array("/nonexistent/program".utf8)], deadline: .seconds(5))
        }
    }
}
