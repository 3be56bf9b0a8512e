import Glibc
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// A stand-in handler: a shell script that writes each argument it receives, NUL-terminated,
/// into a FIFO the test reads. The script only ever expands `"$@"`, so it executes nothing of
/// what it receives. Reading waits on the FIFO (poll) with a bounded timeout, never a sleep.
struct Recorder {
    let script: String
    let fifo: String
    let reader: Int32

    /// Creates the FIFO (opened for reading now, so the handler's write never blocks forever)
    /// and the script, exiting with `exitStatus`.
    /// `variables` are recorded after the arguments, as `NAME=value`.
    /// The script lies at `<sandbox>/<directory>/<name>`.
    init(
        in sandbox: Sandbox, name: String = "recorder", directory: String = "bin", exitStatus: Int32 = 0,
        variables: [String] = []
    ) throws {
        fifo = sandbox.root + "/\(name).fifo"
        script = sandbox.root + "/\(directory)/\(name)"
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo \(fifo) failed")
        reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        let extra = variables.map { "printf '%s\\0' \"\($0)=$\($0)\"; " }.joined()
        try sandbox.write(
            "#!/bin/sh\n{ for argument in \"$@\"; do printf '%s\\0' \"$argument\"; done; \(extra)} > '\(fifo)'\nexit \(exitStatus)\n",
            to: script, mode: 0o755)
    }

    /// The arguments of the next run (everything up to the writer closing the FIFO), or `nil`
    /// when nothing arrived within `timeout`.
    func arguments(timeout: Duration = .seconds(20)) -> [String]? {
        defer { close(reader) }
        let deadline = Sys.monotonicNow() + timeout
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = Int(Sys.milliseconds(until: deadline))
            if remaining == 0 { return nil }
            var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 && descriptor.revents & Int16(POLLHUP) != 0 {
                break
            }
        }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

/// The executables this package builds, next to the test bundle.
enum Binaries {
    static func path(_ product: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let directory = FileSystem.split(FileSystem.realPath("/proc/self/exe") ?? "").directory
        let path = directory + "/" + product
        try #require(
            FileSystem.isExecutableFile(path), "\(path) is missing: build everything first (swift build --build-tests)",
            sourceLocation: sourceLocation)
        return path
    }
}
