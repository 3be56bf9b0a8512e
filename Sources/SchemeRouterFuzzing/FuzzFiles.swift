internal import Glibc
public import SchemeRouterPlatform

/// The little file I/O the fuzzer does (findings, corpora, manifests), through the platform
/// layer's reader and atomic writer.
public enum FuzzFiles {
    /// The most a finding, corpus entry or manifest the fuzzer reads may hold.
    public static let readLimit = 16 * 1024 * 1024

    /// Creates `path` and its missing parents (mode 0755).
    public static func makeDirectory(_ path: String) throws(SystemError) {
        try FileSystem.makeDirectories(path)
    }

    /// Writes `bytes` to `path` atomically (the platform layer's writer).
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// A regular file's bytes, at most ``readLimit``.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        try RegularFile.read(path, limit: readLimit)
    }

    /// The regular files of a directory (not recursive), sorted by name; hidden files are skipped.
    public static func files(in directory: String, suffix: String = "") throws(SystemError) -> [String] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return try FileSystem.listing(directory).compactMap { entry in
            guard !entry.name.hasPrefix("."), entry.name.hasSuffix(suffix) else { return nil }
            guard case .regular = FileSystem.kind(of: prefix + entry.name) else { return nil }
            return prefix + entry.name
        }
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
