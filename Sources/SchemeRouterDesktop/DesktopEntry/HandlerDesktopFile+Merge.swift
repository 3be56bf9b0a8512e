extension HandlerDesktopFile {
    /// The app's entry with the ``managedKeys`` merged in, and nothing else changed.
    ///
    /// Keys the entry lacks are added after the last entry of its `[Desktop Entry]` group, in the
    /// order of ``managedKeys``; a key it has with the value SchemeRouter needs stays where it is;
    /// a list (`MimeType`, `Actions`) gets the elements it lacks at its end. Each manifest action
    /// without a `[Desktop Action]` group of the app's gets one at the end of the file. What was
    /// added is listed in ``addedKey``, and a merge into a file that has that key (one `register`
    /// wrote) first takes those additions away, so merging again changes nothing and a scheme or an
    /// option dropped since leaves no trace. The first line says what wrote the file.
    /// - Throws: ``DesktopFileError/conflictingKey(line:key:found:required:reason:)`` for the first
    ///   managed key whose value in the app's entry contradicts what SchemeRouter needs.
    public func merged(into entry: DesktopFile) throws(DesktopFileError) -> DesktopFile {
        var file = entry.removingAdditions(comment: comment)
        guard let section = file.section(DesktopEntry.group) else { throw .missingDesktopEntryGroup }
        let insertion = (section.lowerBound + 1..<section.upperBound).last { index in
            if case .entry = file.lines[index] { true } else { false }
        }.map { $0 + 1 } ?? section.lowerBound + 1
        var managed: [DesktopFile.Line] = []
        var added: [String] = []
        for managedKey in managedKeys {
            let key = managedKey.key
            let existing = file.entry(key)
            let found = existing.map { DesktopEntryValue.unescape($0.entry.value) }
            func conflict() -> DesktopFileError {
                .conflictingKey(
                    line: file.sourceLine(existing!.index), key: key, found: existing!.entry.value, required: managedKey.accepted,
                    reason: managedKey.reason)
            }
            switch managedKey.requirement {
            case .value(let value):
                if let found {
                    guard found == value else { throw conflict() }
                } else {
                    managed.append(.entry(.init(key: key, value: DesktopEntryValue.escape(value))))
                    added.append(key)
                }
            case .fallback(let value):
                if found == nil {
                    managed.append(.entry(.init(key: key, value: DesktopEntryValue.escape(value))))
                    added.append(key)
                }
            case .unset(let allowing):
                if let found, found != allowing { throw conflict() }
            case .union(let elements):
                guard !elements.isEmpty else { continue }
                // Elements, not the key, are recorded: what someone adds to the line later stays.
                guard let existing else {
                    managed.append(.entry(.init(key: key, value: DesktopEntryValue.listValue(elements))))
                    added += elements.map { key + "=" + $0 }
                    continue
                }
                // MIME types compare case-insensitively; action ids are names.
                let fold = { (text: String) in key == "MimeType" ? text.lowercased() : text }
                var present = Set(DesktopEntryValue.list(existing.entry.value).map(fold))
                var missing: [String] = []
                for element in elements where present.insert(fold(element)).inserted { missing.append(element) }
                guard !missing.isEmpty else { continue }
                var updated = existing.entry
                if !updated.value.isEmpty && !updated.value.hasSuffix(";") { updated.value += ";" }
                updated.value += DesktopEntryValue.listValue(missing)
                file.replace(existing.index, with: .entry(updated))
                added += missing.map { key + "=" + $0 }
            }
        }
        var groups: [DesktopFile.Line] = []
        for action in actions where file.section(action.group) == nil {
            // A blank line before each group, as between the app's own (taken away with it).
            groups.append(.blank)
            groups += action.lines(executable: executable)
            added.append("[\(action.group)]")
        }
        if !added.isEmpty { managed.append(.entry(.init(key: Self.addedKey, value: DesktopEntryValue.listValue(added)))) }
        file.insert(groups, at: file.lines.count)
        file.insert(managed, at: insertion)
        if file.lines.first != .comment(comment) { file.insert([.comment(comment)], at: 0) }
        file.endWithNewline()
        return file
    }
}

extension DesktopFile {
    /// This file without what a merge added to it (the keys, list elements and groups its
    /// ``HandlerDesktopFile/addedKey`` lists, that key, and the `comment` line at the top): the
    /// app's entry again, for a merge into a file `register` wrote.
    func removingAdditions(comment: String) -> DesktopFile {
        var file = self
        var removed: Set<Int> = []
        if file.lines.first == .comment(comment) { removed.insert(0) }
        if let record = file.entry(HandlerDesktopFile.addedKey) {
            removed.insert(record.index)
            for item in DesktopEntryValue.list(record.entry.value) {
                if item.hasPrefix("["), item.hasSuffix("]"), let section = file.section(String(item.dropFirst().dropLast())) {
                    removed.formUnion(section)
                    if section.lowerBound > 0, file.lines[section.lowerBound - 1] == .blank { removed.insert(section.lowerBound - 1) }
                } else if let equals = item.firstIndex(of: "=") {
                    let key = String(item[..<equals])
                    let element = String(item[item.index(after: equals)...])
                    guard let (index, entry) = file.entry(key) else { continue }
                    var elements = DesktopEntryValue.list(entry.value)
                    guard let position = elements.firstIndex(of: element) else { continue }
                    elements.remove(at: position)
                    if elements.isEmpty {
                        removed.insert(index)
                    } else {
                        var kept = entry
                        kept.value = DesktopEntryValue.listValue(elements)
                        file.replace(index, with: .entry(kept))
                    }
                } else if let (index, _) = file.entry(item) {
                    removed.insert(index)
                }
            }
        }
        file.remove(removed)
        return file
    }
}
