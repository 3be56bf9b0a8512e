internal import Glibc

/// Why the fuzzer could not read or write a file.
public struct FuzzFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path involved.
    public let path: String
    /// The system's reason.
    public let reason: String

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// The little file I/O the fuzzer does: findings, corpora, manifests.
public enum FuzzFiles {
    static func failure(_ path: String) -> FuzzFileError {
        FuzzFileError(path: path, reason: String(cString: strerror(errno)))
    }

    /// Creates `path` and its missing parents (mode 0755).
    public static func makeDirectory(_ path: String) throws(FuzzFileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw failure(prefix) }
            prefix += "/"
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, then `rename(2)`.
    public static func write(_ bytes: [UInt8], to path: String) throws(FuzzFileError) {
        let temporary = path + ".tmp\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let error = failure(temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += result
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// A file's bytes.
    public static func read(_ path: String) throws(FuzzFileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The regular files of a directory (not recursive), sorted by name; hidden files are skipped.
    public static func files(in directory: String, suffix: String = "") throws(FuzzFileError) -> [String] {
        guard let handle = opendir(directory) else { throw failure(directory) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix("."), name.hasSuffix(suffix) else { continue }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { names.append(name) }
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted().map { prefix + $0 }
    }

    /// Removes a file, if it exists.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether `path` exists.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
