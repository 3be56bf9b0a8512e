import Glibc

/// The generator's file I/O: whole files in and out, errors as sentences.
enum GeneratorFiles {
    /// Why a file could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure("cannot open", path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure("cannot stat", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "\(path): not a regular file") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", path)
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if bytes.count > limit { throw Failure(description: "\(path): larger than \(limit) bytes, the most a manifest may have") }
        }
    }

    /// Writes `text` to `path` unless it already holds exactly that (so an unchanged manifest
    /// recompiles nothing), through a temporary file renamed into place.
    static func write(_ text: String, to path: String) throws(Failure) {
        let bytes = Array(text.utf8)
        if let existing = try? read(path, limit: Int.max), existing == bytes { return }
        let temporary = path + ".partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create", temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                close(fd)
                throw failure("cannot write", temporary)
            }
            offset += written
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure("cannot rename into", path) }
    }

    private static func failure(_ action: String, _ path: String) -> Failure {
        Failure(description: "\(action) \(path): \(String(cString: strerror(errno)))")
    }

    /// Writes `line` and a newline to standard error.
    static func printError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
