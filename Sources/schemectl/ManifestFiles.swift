import Glibc
import SchemeRouter
import SchemeRouterPlatform
import SchemeRouterSender

/// Finds the manifests of a directory for `route` and `check`; the runtime's `ManifestFile` reads each.
enum ManifestFiles {
    /// Why a file or directory could not be read: exit status 66.
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The `*.json` files of a directory, sorted by name; or the path itself when it is not a
    /// directory (the reader refuses it when it is not a regular file either).
    static func paths(_ path: String) throws(Unreadable) -> [String] {
        switch FileSystem.kind(of: path) {
        case .missing: throw Unreadable(path: path, reason: SystemError(errno: Sys.errno, call: "stat").reason)
        case .directory: break
        case .regular, .other: return [path]
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        do throws(SystemError) {
            return try FileSystem.listing(path)
                .filter { $0.name.hasSuffix(".json") && !$0.name.hasPrefix(".") }
                .map { prefix + $0.name }
        } catch {
            throw Unreadable(path: path, reason: error.reason)
        }
    }

    /// A file's bytes, refusing more than a manifest may have (the runtime's reader).
    static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        do { return try ManifestFile.read(path) } catch { throw Unreadable(path: path, reason: reason(error)) }
    }

    /// Why a file could not be read, without its path (``Unreadable`` adds it).
    private static func reason(_ error: ManifestFile.LoadError) -> String {
        switch error {
        case .unreadable(let unreadable): ManifestFile.reason(unreadable)
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
                case .unreadable: throw Unreadable(path: file, reason: reason(error))
                }
            }
        }
        return results
    }
}
