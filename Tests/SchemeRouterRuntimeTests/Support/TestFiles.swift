import Glibc

/// Small file helpers for tests.
enum TestFiles {
    /// A file's contents as text ("" when missing).
    static func read(_ path: String) -> String {
        String(decoding: bytes(path), as: UTF8.self)
    }

    /// A file's bytes (empty when missing).
    static func bytes(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes a file.
    static func write(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Whether something exists at `path` (without following a final symlink).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// A new private temporary directory.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/srrt-XXXXXX".utf8CString)
        let pointer = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(pointer != nil, "mkdtemp failed")
        return String(cString: pointer!)
    }

    /// Removes a directory tree (not following symlinks).
    static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            if let directory = opendir(path) {
                var names: [String] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(directory)
                for name in names { removeTree(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
