public import SchemeRouter

/// Reads manifest files (the core parses bytes but does no I/O).
public enum ManifestFile {
    /// Why a manifest file could not be loaded.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file could not be opened or read, is not a regular file (a FIFO, a device, a
        /// directory), or is larger than `SchemeRouter/Manifest/maximumSize`.
        case unreadable(FileReadError)
        /// The file's contents are not a valid manifest.
        case invalid(ManifestError)

        /// A sentence naming the file and the fault.
        public var description: String {
            switch self {
            case .unreadable(let error): "\(error.path): \(ManifestFile.reason(error))"
            case .invalid(let error): error.description
            }
        }
    }

    /// Why a file could not be read, without its path.
    public static func reason(_ error: FileReadError) -> String {
        switch error {
        case .tooLarge(_, let maximum): "larger than \(maximum) bytes, the most a manifest may have"
        case .system, .notRegularFile: error.reason
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

    /// The file's bytes, refusing more than a manifest may have and anything that is not a regular
    /// file (also used for Info.plist files).
    /// - Throws: ``LoadError/unreadable(_:)``.
    public static func read(_ path: String) throws(LoadError) -> [UInt8] {
        do throws(FileReadError) {
            return try RegularFile.read(path, limit: Manifest.maximumSize)
        } catch {
            throw .unreadable(error)
        }
    }
}
