/// Where a value lies in a manifest, as a path of keys and indices: `routes[0].parameters.due.format`.
///
/// Keys that are not identifiers are quoted: `routes[1].query["page size"]`.
struct ManifestKeyPath: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    /// The top level of the manifest.
    static let root = ManifestKeyPath()

    /// The path to `key` inside this object.
    func appending(_ key: String) -> ManifestKeyPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The path to element `index` of this array.
    func appending(index: Int) -> ManifestKeyPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// `routes[0].parameters.due.format`; empty at the top level.
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                var quoted = ""
                for character in key {
                    if character == "\"" || character == "\\" { quoted.append("\\") }
                    quoted.append(character)
                }
                text += "[\"" + quoted + "\"]"
            }
        }
        return text
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
