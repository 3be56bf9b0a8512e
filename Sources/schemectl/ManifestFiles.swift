import Glibc
import SchemeRouter
import SchemeRouterRuntime

/// Finds the manifests of a directory for `route` and `check`; the runtime's `ManifestFile` reads each.
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

    /// A file's bytes, refusing more than a manifest may have (the runtime's reader).
    static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        do { return try ManifestFile.read(path) } catch { throw Unreadable(path: path, reason: reason(error)) }
    }

    /// Why a file could not be read, without its path (``Unreadable`` adds it).
    private static func reason(_ error: ManifestFile.LoadError) -> String {
        switch error {
        case .unreadable(let system): String(cString: strerror(system.errno))
        case .tooLarge(_, let maximum): "larger than \(maximum) bytes, the most a manifest may have"
        case .invalid(let invalid): invalid.message
        }
    }

    /// Every manifest of a directory (or one file), each read and parsed on its own.
    static func load(_ path: String) throws(Unreadable) -> [Result<Manifest, ManifestError>] {
        var results: [Result<Manifest, ManifestError>] = []
        for file in try paths(path) {
            do {
                results.append(.success(try ManifestFile.load(file)))
            } catch {
                switch error {
                case .invalid(let invalid): results.append(.failure(invalid))
                case .unreadable, .tooLarge: throw Unreadable(path: file, reason: reason(error))
                }
            }
        }
        return results
    }
}
