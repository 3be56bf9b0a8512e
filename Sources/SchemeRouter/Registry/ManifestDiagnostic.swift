/// A ``ManifestError`` placed in its file, in the form compilers print and editors and SwiftPM
/// show as diagnostics:
///
/// ```
/// Schemes/notes.json:9:33: error: routes[1].parameters.page.type: 'integr' is not a parameter type: use string, integer, … [invalid-value]
/// ```
///
/// The key path, message and code are the error's own, as `schemectl check` prints them.
public struct ManifestDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The error.
    public let error: ManifestError
    /// The byte offset of the offending key or value in the file (of the object that lacks a
    /// required key; of the fault, for a syntax error).
    public let offset: Int
    /// The 1-based line of ``offset``.
    public let line: Int
    /// The 1-based column of ``offset``, in Unicode scalars.
    public let column: Int

    /// Places `error`, found in the manifest whose bytes are `json`.
    public init(_ error: ManifestError, json: some Collection<UInt8>) {
        self.error = error
        let bytes = Array(json)
        if case .syntax(_, let offset, let line, let column, _) = error {
            (self.offset, self.line, self.column) = (offset, line, column)
            return
        }
        offset = Self.offset(of: error, in: bytes)
        (line, column) = JSONReader.lineAndColumn(of: offset, in: bytes)
    }

    /// `file:line:column: error: keyPath: message [code]`.
    public var description: String {
        let path = error.keyPath.isEmpty ? "" : error.keyPath + ": "
        return "\(error.file):\(line):\(column): error: \(path)\(error.message) [\(error.code)]"
    }

    /// Where the key path of `error` leads in the document: the deepest key or value it names
    /// that exists (a key the error is about, a value otherwise).
    private static func offset(of error: ManifestError, in bytes: [UInt8]) -> Int {
        guard let root = try? JSONReader.read(bytes) else { return 0 }
        let components = ManifestKeyPath.components(of: error.keyPath)
        var node = root
        for (position, component) in components.enumerated() {
            let isLast = position == components.count - 1
            switch (component, node.value) {
            case (.key(let key), .object(let members)):
                // A duplicate is reported at the second occurrence; everything else reads the first.
                let found = (isDuplicate(error) ? members.last { $0.key == key } : members.first { $0.key == key })
                guard let member = found else { return node.offset }
                if isLast && namesKey(error) { return member.keyOffset }
                node = member.value
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                node = elements[index]
            default:
                return node.offset
            }
        }
        return node.offset
    }

    private static func isDuplicate(_ error: ManifestError) -> Bool {
        if case .duplicateKey = error { return true }
        return false
    }

    /// Whether the error is about a key itself rather than its value.
    private static func namesKey(_ error: ManifestError) -> Bool {
        switch error {
        case .unknownKey, .duplicateKey: true
        default: false
        }
    }
}
