import Glibc
import SchemeRouterFuzzing
import Testing

/// The in-process watchdog, in child processes (exit tests): a hanging input ends the process with
/// status 3 and a crashing one by its signal, each after saving the input; with a continuation the
/// process becomes that program, told what happened and at which input.
@Suite struct WatchdogTests {
    /// Spins until the watchdog ends the process (the loop has no exit on purpose).
    static func spin() -> Never {
        var counter = 0
        while true {
            counter &+= 1
            if counter == -1 { break }
        }
        fatalError("unreachable")
    }

    @Test func hangingInputIsSavedAndEndsTheProcess() async throws {
        let directory = TemporaryDirectory()
        let pending = directory.file("pending")
        await #expect(processExitsWith: .exitCode(InputWatchdog.hangExitStatus)) { [pending = pending as String] in
            InputWatchdog.install(.init(deadline: .milliseconds(200), pendingPath: pending))
            // Quick inputs pass.
            for index in 0..<1000 { _ = InputWatchdog.guarding(Array("fine \(index)".utf8)) { $0.count } }
            _ = InputWatchdog.guarding(Array("todolist:?hang".utf8)) { _ in Self.spin() }
        }
        #expect(try FuzzFiles.read(pending) == Array("todolist:?hang".utf8))
    }

    /// Slow work between inputs (generation, minimisation, writing files) is not a hang.
    @Test func timeBetweenInputsIsNotAHang() async throws {
        await #expect(processExitsWith: .exitCode(0)) {
            InputWatchdog.install(.init(deadline: .milliseconds(100), pendingPath: nil))
            _ = InputWatchdog.guarding(Array("a:".utf8)) { $0.count }
            let clock = ContinuousClock()
            let end = clock.now + .milliseconds(600)
            var spins = 0
            while clock.now < end { spins &+= 1 }
            _ = InputWatchdog.guarding(Array("a:".utf8)) { $0.count }
            InputWatchdog.uninstall()
            exit(0)
        }
    }

    @Test func crashingInputIsSavedAndTheProcessDiesByItsSignal() async throws {
        let directory = TemporaryDirectory()
        let pending = directory.file("pending")
        await #expect(processExitsWith: .signal(SIGILL)) { [pending = pending as String] in
            InputWatchdog.install(.init(deadline: .seconds(5), pendingPath: pending))
            let numbers = [1, 2, 3]
            _ = InputWatchdog.guarding(Array("todolist:?crash".utf8)) { input in numbers[input.count] }
        }
        #expect(try FuzzFiles.read(pending) == Array("todolist:?crash".utf8))
    }

    @Test func continuationIsToldTheKindAndTheIteration() async throws {
        let directory = TemporaryDirectory()
        let pending = directory.file("pending")
        let report = directory.file("report")
        await #expect(processExitsWith: .exitCode(0)) { [pending = pending as String, report = report as String] in
            InputWatchdog.install(
                .init(
                    deadline: .seconds(5), pendingPath: pending,
                    continuation: ["/bin/sh", "-c", "printf '%s %s' \"$1\" \"$2\" > \"$3\"", "sh", "%KIND%", "%ITERATION%", report]))
            for index in 0..<41 { _ = InputWatchdog.guarding(Array("ok \(index)".utf8)) { $0.count } }
            let zero = Int(getpid()) & 0
            _ = InputWatchdog.guarding(Array("boom".utf8)) { input in input.count / zero }
        }
        #expect(String(decoding: try FuzzFiles.read(report), as: UTF8.self) == "signal:\(SIGILL) 41")
        #expect(try FuzzFiles.read(pending) == Array("boom".utf8))
    }

    @Test func hangContinuation() async throws {
        let directory = TemporaryDirectory()
        let pending = directory.file("pending")
        let report = directory.file("report")
        await #expect(processExitsWith: .exitCode(0)) { [pending = pending as String, report = report as String] in
            InputWatchdog.install(
                .init(
                    deadline: .milliseconds(100), pendingPath: pending,
                    continuation: ["/bin/sh", "-c", "printf '%s %s' \"$1\" \"$2\" > \"$3\"", "sh", "%KIND%", "%ITERATION%", report]))
            _ = InputWatchdog.guarding(Array("slow".utf8)) { _ in Self.spin() }
        }
        #expect(String(decoding: try FuzzFiles.read(report), as: UTF8.self) == "hang 0")
    }
}
