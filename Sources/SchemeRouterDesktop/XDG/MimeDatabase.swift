internal import Glibc
internal import SchemeRouterPlatform

/// The shared-mime-info database as `update-mime-database` compiled it into each data
/// directory's `mime/` (`$XDG_DATA_HOME` first, then `$XDG_DATA_DIRS`): which types exist
/// (`types`), which file names are of which type (`globs2`), and each type's parents
/// (`subclasses`). Only files' names are read, never their contents.
public struct MimeDatabase: Sendable {
    /// One `globs2` line: `weight:type:pattern[:cs]`.
    struct Glob: Sendable, Hashable {
        let weight: Int
        let type: String
        let pattern: String
        let caseSensitive: Bool
    }

    /// Every known type, lower-cased.
    public let types: Set<String>
    /// The globs, in directory order (the user's first).
    let globs: [Glob]
    /// Each type's parents, in the order the directories list them.
    let parents: [String: [String]]

    /// Reads the database in `directories` (missing files are empty).
    public init(directories: XDGDirectories) {
        var types: Set<String> = []
        var globs: [Glob] = []
        var parents: [String: [String]] = [:]
        for directory in directories.mimeDirectories {
            for line in Self.lines(directory + "/types") { types.insert(line.lowercased()) }
            for line in Self.lines(directory + "/globs2") {
                let fields = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
                guard fields.count >= 3, let weight = Int(fields[0]) else { continue }
                let flags = fields.count > 3 ? fields[3].split(separator: ",") : []
                globs.append(Glob(weight: weight, type: fields[1].lowercased(), pattern: String(fields[2]), caseSensitive: flags.contains("cs")))
            }
            for line in Self.lines(directory + "/subclasses") {
                let pair = line.split(separator: " ")
                guard pair.count == 2 else { continue }
                let (child, parent) = (pair[0].lowercased(), pair[1].lowercased())
                if parents[child]?.contains(parent) != true { parents[child, default: []].append(parent) }
            }
        }
        self.types = types
        self.globs = globs
        self.parents = parents
    }

    /// Whether the database knows `mimeType` (`update-mime-database` ran over a package defining it).
    public func knows(_ mimeType: String) -> Bool { types.contains(mimeType.lowercased()) }

    /// The type of a file called `name`, by the globs alone: the heaviest matching glob, then the
    /// longest pattern, then the most important directory; `nil` when none matches.
    public func type(forFileName name: some StringProtocol) -> String? {
        let name = String(name)
        let lowered = name.lowercased()
        var best: Glob?
        for glob in globs where Self.matches(glob.caseSensitive ? name : lowered, glob.caseSensitive ? glob.pattern : glob.pattern.lowercased()) {
            guard let current = best else {
                best = glob
                continue
            }
            if glob.weight > current.weight || (glob.weight == current.weight && glob.pattern.count > current.pattern.count) { best = glob }
        }
        return best?.type
    }

    /// `mimeType`, then its ancestors breadth first (`application/x-notes-note`, `text/plain`),
    /// each once: the types whose handlers can open such a file, most specific first.
    public func lineage(of mimeType: String) -> [String] {
        var result = [mimeType.lowercased()]
        var index = 0
        while index < result.count {
            for parent in parents[result[index]] ?? [] where !result.contains(parent) { result.append(parent) }
            index += 1
        }
        return result
    }

    /// Whether `name` matches the shell glob `pattern` (`fnmatch`, without special treatment of `/` or dots).
    static func matches(_ name: String, _ pattern: String) -> Bool {
        if pattern.hasPrefix("*."), !pattern.dropFirst().contains(where: { "*?[".contains($0) }) {
            return name.hasSuffix(pattern.dropFirst())
        }
        return fnmatch(pattern, name, 0) == 0
    }

    /// The non-empty, non-comment lines of a small text file (none when it cannot be read).
    static func lines(_ path: String) -> [Substring] {
        guard let bytes = try? RegularFile.readIfExists(path, limit: 16 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
    }
}
