/// Why bytes are not a usable ``RestorationArchive``: each is logged and the archive ignored.
public enum ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than ``RestorationArchive/maximumSize``.
    case tooLarge(size: Int, limit: Int)
    /// Not JSON: the reader's reason and the byte offset.
    case notJSON(offset: Int, reason: String)
    /// JSON, but not a SchemeRouter state archive (no `"format": "schemerouter-state"`).
    case notAnArchive
    /// A format version this build does not read.
    case unsupportedVersion(found: String, supported: Int)
    /// Written by another app.
    case foreignBundle(found: String, expected: String)
    /// A field is missing or has the wrong type: its path and what was wrong.
    case malformed(path: String, reason: String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .tooLarge(let size, let limit): "\(size) bytes, over the limit of \(limit)"
        case .notJSON(let offset, let reason): "not JSON: \(reason) at byte \(offset)"
        case .notAnArchive: "not a SchemeRouter state archive"
        case .unsupportedVersion(let found, let supported): "format version \(found), this build reads \(supported)"
        case .foreignBundle(let found, let expected): "written by \(found), not \(expected)"
        case .malformed(let path, let reason): "\(path): \(reason)"
        }
    }
}
