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

    /// One step of a key path.
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps of a key path as ``description`` writes it (`routes[1].query["page size"]`).
    static func components(of text: String) -> [Component] {
        var components: [Component] = []
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first {
            switch first {
            case ".":
                scalars.removeFirst()
            case "[" where scalars.dropFirst().first == "\"":
                scalars.removeFirst(2)
                var key = String.UnicodeScalarView()
                while let scalar = scalars.popFirst(), scalar != "\"" {
                    key.append(scalar == "\\" ? (scalars.popFirst() ?? scalar) : scalar)
                }
                scalars = scalars.drop { $0 == "]" }
                components.append(.key(String(key)))
            case "[":
                let digits = scalars.dropFirst().prefix { $0 != "]" }
                scalars = scalars.dropFirst(digits.count + 2)
                components.append(.index(Int(String(digits)) ?? -1))
            default:
                let key = scalars.prefix { $0 != "." && $0 != "[" }
                scalars = scalars.dropFirst(key.count)
                components.append(.key(String(key)))
            }
        }
        return components
    }

    /// Whether `text` is a letter or `_` followed by letters, digits and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool { CharacterClass.table[Int(byte)] & CharacterClass.alpha != 0 }

    static func isDigit(_ byte: UInt8) -> Bool { CharacterClass.table[Int(byte)] & CharacterClass.digit != 0 }
}
