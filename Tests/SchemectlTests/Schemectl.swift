import Foundation

/// Runs the built `schemectl` as a user would: arguments, optional standard input, a working
/// directory (the repository root by default, so every example's `Schemes/` is found), and a bounded wait.
enum Schemectl {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
        /// The command ran past the deadline of ``run(_:stdin:in:deadline:)`` and was killed.
        var timedOut = false
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0) }
    }

    /// The repository root (this file is Tests/SchemectlTests/Schemectl.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary, next to the test bundle in the build directory.
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("schemectl")

    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = root, deadline: Duration = .seconds(120)) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // A fixed width, so help text wraps the same everywhere.
        process.environment = ["COLUMNS": "100", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Reading to EOF returns when the process closes its ends: the wait is on the event, and
        // a command that hangs (a FIFO read, say) is killed at the deadline instead of hanging the suite.
        let streams = Streams()
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) { streams.stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: readers) { streams.stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let (seconds, attoseconds) = deadline.components
        let timeout = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let timedOut = exited.wait(timeout: timeout) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        readers.wait()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: streams.stdout, as: UTF8.self),
            stderr: String(decoding: streams.stderr, as: UTF8.self), timedOut: timedOut)
    }

    /// What the reader threads collected (each writes its own field once, before the group ends).
    private final class Streams: @unchecked Sendable {
        var stdout = Data()
        var stderr = Data()
    }

    /// A throwaway directory holding the given files.
    static func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schemectl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }
}
