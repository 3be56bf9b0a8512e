internal import CLibUV
internal import Glibc
public import SchemeRouter

/// Reads manifest files (the core parses bytes but does no I/O).
public enum ManifestFile {
    /// Why a manifest file could not be loaded.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file could not be opened or read.
        case unreadable(SystemError)
        /// The file is larger than ``SchemeRouter/Manifest/maximumSize``.
        case tooLarge(path: String, maximum: Int)
        /// The file's contents are not a valid manifest.
        case invalid(ManifestError)

        /// A sentence naming the file and the fault.
        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .tooLarge(let path, let maximum): "\(path): larger than \(maximum) bytes, the most a manifest may have"
            case .invalid(let error): error.description
            }
        }
    }

    /// Reads and parses the manifest at `path`.
    /// - Throws: ``LoadError``.
    public static func load(_ path: String) throws(LoadError) -> Manifest {
        let bytes = try read(path)
        do throws(ManifestError) {
            return try Manifest(json: bytes, file: path)
        } catch {
            throw .invalid(error)
        }
    }

    /// The file's bytes, refusing more than a manifest may have (also used for Info.plist files).
    /// - Throws: ``LoadError/unreadable(_:)`` or ``LoadError/tooLarge(path:maximum:)``.
    public static func read(_ path: String) throws(LoadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(SystemError(errno: Sys.errno, call: "open", path: path)) }
        defer { Sys.close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Sys.errno == EINTR { continue }
                throw .unreadable(SystemError(errno: Sys.errno, call: "read", path: path))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > Manifest.maximumSize { throw .tooLarge(path: path, maximum: Manifest.maximumSize) }
        }
    }
}
