/// A `mimeapps.list` file (MIME Applications Associations specification), edited in place.
///
/// Edits change only the lines they are about: every other byte — other entries, comments,
/// blank lines, unknown groups, spacing — is kept exactly as it was.
///
/// ``settingDefault(_:for:)`` puts an id first in the `[Default Applications]` value of each
/// MIME type, in front of whatever was there (`x-scheme-handler/todolist=ours.desktop;theirs.desktop;`),
/// so the previous choice stays as the fallback the specification defines ("if the application
/// is no longer installed, the next application in the list is attempted"). ``removingDefault(_:for:)``
/// takes exactly that prefix away again, restoring the line byte for byte, and deletes a line
/// that becomes empty because of it, and a group it created (marked by ``createdGroupMarker``)
/// once nothing else is in it.
public struct MimeAppsList: Sendable, Equatable {
    /// `[Default Applications]`.
    public static let defaultApplications = "Default Applications"
    /// `[Added Associations]`.
    public static let addedAssociations = "Added Associations"
    /// `[Removed Associations]`.
    public static let removedAssociations = "Removed Associations"

    /// The comment under a `[Default Applications]` header that ``settingDefault(_:for:)`` added,
    /// so that ``removingDefault(_:for:)`` removes the group it created — and only that one — once
    /// it is empty again.
    public static let createdGroupMarker = "# Group added by schemectl register; schemectl unregister removes it once empty."

    var file: KeyFile

    /// Parses `bytes` (an absent file is `[]`).
    public init(bytes: [UInt8]) { file = KeyFile(bytes) }

    /// The file's bytes.
    public var bytes: [UInt8] { file.bytes }

    /// The ids listed for `mimeType` in `group`, in order (all occurrences of the key, in file order).
    public func ids(for mimeType: String, in group: String) -> [DesktopFileID] {
        file.entries(in: group).filter { $0.key == mimeType }
            .flatMap { DesktopEntryValue.list($0.value) }.map(DesktopFileID.init(foreign:))
    }

    /// The ids of the *first* `mimeType=` line of `[Default Applications]`: the one xdg-mime 1.1.3 reads.
    public func firstDefaultLine(for mimeType: String) -> [DesktopFileID]? {
        guard let value = file.entries(in: Self.defaultApplications).first(where: { $0.key == mimeType })?.value
        else { return nil }
        return DesktopEntryValue.list(value).map(DesktopFileID.init(foreign:))
    }

    /// How many `mimeType=` lines `[Default Applications]` has (more than one is ambiguous:
    /// xdg-mime reads the first, GLib the last).
    public func defaultLineCount(for mimeType: String) -> Int {
        file.entries(in: Self.defaultApplications).filter { $0.key == mimeType }.count
    }

    /// Every MIME type with a `[Default Applications]` line listing `id`.
    public func mimeTypes(defaulting id: DesktopFileID) -> [String] {
        var result: [String] = []
        for (key, value) in file.entries(in: Self.defaultApplications)
        where DesktopEntryValue.list(value).contains(id.rawValue) && !result.contains(key) {
            result.append(key)
        }
        return result
    }

    /// This file with `id` first in the `[Default Applications]` value of each of `mimeTypes`.
    ///
    /// An id already first is left alone (so registering twice changes nothing); an id listed
    /// later moves to the front. A missing line is added at the end of the first
    /// `[Default Applications]` group, which is appended to the file when there is none.
    public func settingDefault(_ id: DesktopFileID, for mimeTypes: [String]) -> MimeAppsList {
        var copy = self
        for mimeType in mimeTypes { copy.setDefault(id, for: mimeType) }
        return copy
    }

    /// This file with `id` removed from the `[Default Applications]` value of each of
    /// `mimeTypes`: a value that becomes empty loses its line, a `[Default Applications]` group
    /// left with no lines at all loses its header. Nothing else changes.
    public func removingDefault(_ id: DesktopFileID, for mimeTypes: [String]) -> MimeAppsList {
        var copy = self
        for mimeType in mimeTypes { copy.removeDefault(id, for: mimeType) }
        return copy
    }

    private mutating func setDefault(_ id: DesktopFileID, for mimeType: String) {
        let sections = file.sections(named: Self.defaultApplications)
        var matches: [Int] = []
        for section in sections {
            for index in section where Self.key(of: file.lines[index]) == mimeType { matches.append(index) }
        }
        if matches.isEmpty {
            let line = KeyFile.Line("\(mimeType)=\(id.rawValue);")
            if let section = sections.first {
                var insertAt = section.lowerBound + 1
                for index in section where Self.key(of: file.lines[index]) != nil { insertAt = index + 1 }
                file.lines.insert(line, at: insertAt)
                if insertAt == file.lines.count - 1 { file.endsWithNewline = true }
            } else {
                if !file.lines.isEmpty && !file.endsWithNewline { file.endsWithNewline = true }
                file.lines.append(KeyFile.Line("[\(Self.defaultApplications)]"))
                file.lines.append(KeyFile.Line(Self.createdGroupMarker))
                file.lines.append(line)
                file.endsWithNewline = true
            }
            return
        }
        for index in matches {
            let line = file.lines[index]
            guard let head = line.entryHead else { continue }
            let value = line.rawValue
            let elements = DesktopEntryValue.list(String(decoding: value, as: UTF8.self))
            if elements.first == id.rawValue { continue }
            var rest = value
            if elements.contains(id.rawValue) {
                rest = Array(Self.removing(id, from: String(decoding: value, as: UTF8.self)).utf8)
            }
            file.lines[index] = KeyFile.Line(head + Array("\(id.rawValue);".utf8) + rest)
        }
    }

    private mutating func removeDefault(_ id: DesktopFileID, for mimeType: String) {
        // Later groups first, so that removing lines leaves the earlier ranges valid.
        for section in file.sections(named: Self.defaultApplications).reversed() {
            var emptied: [Int] = []
            for index in section where Self.key(of: file.lines[index]) == mimeType {
                let line = file.lines[index]
                guard let head = line.entryHead else { continue }
                let value = String(decoding: line.rawValue, as: UTF8.self)
                guard DesktopEntryValue.list(value).contains(id.rawValue) else { continue }
                let prefix = id.rawValue + ";"
                let rest = value.hasPrefix(prefix) ? String(value.dropFirst(prefix.count)) : Self.removing(id, from: value)
                if DesktopEntryValue.list(rest).isEmpty {
                    emptied.append(index)
                } else {
                    file.lines[index] = KeyFile.Line(head + Array(rest.utf8))
                }
            }
            guard !emptied.isEmpty else { continue }
            for index in emptied.reversed() { file.lines.remove(at: index) }
            // A group this editor created (it carries the marker comment) goes when nothing else is left in it.
            let remaining = section.lowerBound..<(section.upperBound - emptied.count)
            if remaining.count == 2 && file.lines[remaining.lowerBound + 1].bytes == Array(Self.createdGroupMarker.utf8) {
                file.lines.removeSubrange(remaining)
            }
        }
        if file.lines.isEmpty { file.endsWithNewline = true }
    }

    /// `value` without the element `id` (other elements and their order kept; trailing `;` kept).
    static func removing(_ id: DesktopFileID, from value: String) -> String {
        var parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        parts.removeAll { DesktopEntryValue.unescape($0.trimmingBlanks) == id.rawValue }
        return parts.joined(separator: ";")
    }

    static func key(of line: KeyFile.Line) -> String? {
        if case .entry(let key, _) = line.kind { return key }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and carriage returns.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
