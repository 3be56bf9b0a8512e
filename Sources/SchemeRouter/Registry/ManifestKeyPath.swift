/// Where a value lies in a manifest, as a path of keys and indices: `routes[0].parameters.due.format`.
///
/// Keys that are not identifiers are quoted: `routes[1].query["page size"]`.
struct ManifestKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// `routes[0].parameters.due.format`; empty at the top level.
    private(set) var description = ""

    /// The top level of the manifest.
    static let root = ManifestKeyPath()

    /// The path to `key` inside this object.
    func appending(_ key: String) -> ManifestKeyPath {
        var path = self
        if !Self.isIdentifier(key) {
            let escaped = key.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }
            path.description += "[\"" + String(escaped) + "\"]"
        } else {
            path.description += description.isEmpty ? key : "." + key
        }
        return path
    }

    /// The path to element `index` of this array.
    func appending(index: Int) -> ManifestKeyPath {
        var path = self
        path.description += "[\(index)]"
        return path
    }

    /// Whether `text` is a letter or `_` followed by letters, digits and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool { CharacterClass.table[Int(byte)] & CharacterClass.alpha != 0 }

    static func isDigit(_ byte: UInt8) -> Bool { CharacterClass.table[Int(byte)] & CharacterClass.digit != 0 }
}
