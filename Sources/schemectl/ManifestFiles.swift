import Glibc
import SchemeRouter

/// Reads manifest files and directories for `route` and `check` (the core does no file I/O).
enum ManifestFiles {
    /// Why a file or directory could not be read: exit status 66.
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The `*.json` files of a directory, sorted by name; or the path itself when it is a file.
    static func paths(_ path: String) throws(Unreadable) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return [path] }
        guard let directory = opendir(path) else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return names.sorted().map { prefix + $0 }
    }

    /// A file's bytes, refusing files larger than a manifest may be.
    static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > Manifest.maximumSize {
                throw Unreadable(path: path, reason: "larger than \(Manifest.maximumSize) bytes, the most a manifest may have")
            }
        }
    }

    /// Every manifest of a directory (or one file), each read and parsed on its own.
    static func load(_ path: String) throws(Unreadable) -> [Result<Manifest, ManifestError>] {
        var results: [Result<Manifest, ManifestError>] = []
        for file in try paths(path) {
            let bytes = try read(file)
            results.append(Result { () throws(ManifestError) in try Manifest(json: bytes, file: file) })
        }
        return results
    }
}
