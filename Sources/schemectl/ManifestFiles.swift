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

    /// The manifests at `path`: a file itself (the reader refuses it when it is not a regular
    /// file); for a directory, its own `*.json` files, then every `Schemes/*.json` below it (where
    /// each app target keeps its manifest), sorted by path. The walk skips hidden directories,
    /// `.build*`, symbolic links and other packages (a directory with a `Package.swift`).
    static func paths(_ path: String) throws(Unreadable) -> [String] {
        switch FileSystem.kind(of: path) {
        case .missing: throw Unreadable(path: path, reason: SystemError(errno: Sys.errno, call: "stat").reason)
        case .directory: break
        case .regular, .other: return [path]
        }
        let prefix = path == "." ? "" : path.hasSuffix("/") ? path : path + "/"
        do throws(SystemError) {
            return try FileSystem.listing(path).filter(isManifest).map { prefix + $0.name } + targetManifests(below: prefix, depth: 0)
        } catch {
            throw Unreadable(path: path, reason: error.reason)
        }
    }

    /// The `*.json` of every `Schemes` directory below `directory` (empty, or ending in `/`).
    private static func targetManifests(below directory: String, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        var found: [String] = []
        for entry in FileSystem.entries(of: directory.isEmpty ? "." : directory) where entry.isDirectory {
            let path = directory + entry.name
            guard !entry.name.hasPrefix("."), !FileSystem.isSymbolicLink(path),
                FileSystem.kind(of: path + "/Package.swift") == .missing
            else { continue }
            if entry.name == "Schemes" {
                found += FileSystem.entries(of: path).filter(isManifest).map { path + "/" + $0.name }
            }
            found += targetManifests(below: path + "/", depth: depth + 1)
        }
        return found
    }

    private static func isManifest(_ entry: (name: String, isDirectory: Bool)) -> Bool {
        !entry.isDirectory && entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".")
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

    /// Every manifest of a directory (or one file), each read and parsed on its own; stops at the
    /// first file that cannot be read (`route` needs them all).
    static func load(_ path: String) throws(Unreadable) -> [Result<Manifest, ManifestError>] {
        try loadEach(path).map { outcome throws(Unreadable) in
            switch outcome {
            case .manifest(let manifest): return .success(manifest)
            case .invalid(let invalid): return .failure(invalid)
            case .unreadable(let unreadable): throw unreadable
            }
        }
    }

    /// What became of one file.
    enum Outcome {
        case manifest(Manifest)
        case invalid(ManifestError)
        case unreadable(Unreadable)
    }

    /// Every manifest of a directory (or one file), each read and parsed on its own, whatever
    /// became of the others (`check` reports them all).
    static func loadEach(_ path: String) throws(Unreadable) -> [Outcome] {
        var outcomes: [Outcome] = []
        for file in try paths(path) {
            do throws(ManifestFile.LoadError) {
                outcomes.append(.manifest(try ManifestFile.load(file)))
            } catch {
                switch error {
                case .invalid(let invalid): outcomes.append(.invalid(invalid))
                case .unreadable: outcomes.append(.unreadable(Unreadable(path: file, reason: reason(error))))
                }
            }
        }
        return outcomes
    }
}
