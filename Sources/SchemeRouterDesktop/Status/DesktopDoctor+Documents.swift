internal import SchemeRouterPlatform
public import SchemeRouter

extension DesktopDoctor {
    /// Examines every document type the registered app `name` claims (the MIME types of its
    /// desktop file's `MimeType` that are not schemes), in that order. Returns `nil` when no
    /// desktop file of that id is installed.
    public func examineDocumentTypes(app name: ReverseDNSName) -> [DocumentTypeStatus]? {
        let id = DesktopFileID(name)
        guard let file = database.desktopFile(id) else { return nil }
        let owned = Set(file.entry.list(HandlerDesktopFile.ownedTypesKey).map { $0.lowercased() })
        let package = (try? RegularFile.readIfExists(MimePackage.path(for: name, in: database.directories))).flatMap { $0 }
        let defined = package.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let mimeDatabase = MimeDatabase(directories: database.directories)
        return file.entry.mimeTypes.filter { !$0.lowercased().hasPrefix("x-scheme-handler/") }.map { mimeType in
            let lowered = mimeType.lowercased()
            return examine(
                documentType: lowered, expecting: id, owned: owned.contains(lowered),
                defined: defined.contains("<mime-type type=\"\(MimePackage.escape(lowered))\">"), known: mimeDatabase.knows(lowered))
        }
    }

    /// Examines one document type the app `expected` claims.
    func examine(documentType mimeType: String, expecting expected: DesktopFileID, owned: Bool, defined: Bool, known: Bool)
        -> DocumentTypeStatus
    {
        let handler = database.defaultHandler(for: mimeType)
        let rivals = database.claimants(of: mimeType).filter { $0.id != expected }
        let xdgMime = queryXDGMime(mimeType)
        var problems: [Problem] = []
        let mimeDirectory = database.directories.userMimeDirectory
        if !known {
            problems.append(
                defined
                    ? Problem(
                        .error, "unknown-type", "the MIME database does not know \(mimeType), which \(expected) defines: no file is recognised as it",
                        fix: "update-mime-database \(mimeDirectory)")
                    : Problem(
                        .warning, "unknown-type", "the MIME database does not know \(mimeType): no file is recognised as it",
                        fix: "install the package that defines \(mimeType), or define it in the manifest's UTExportedTypeDeclarations"))
        }
        if owned {
            if let handler, handler.file.id != expected {
                problems.append(Problem(
                    .error, "other-default", "\(mimeType) files open in \(handler.file.id), not \(expected) (chosen by \(handler.source))",
                    fix: "schemectl register MANIFEST --exec /path/to/app  (sets the default again), or: xdg-mime default \(expected) \(mimeType)"))
            } else if handler == nil {
                problems.append(Problem(
                    .error, "no-handler", "nothing opens \(mimeType) files", fix: "schemectl register MANIFEST --exec /path/to/app"))
            }
            if !rivals.isEmpty {
                problems.append(Problem(
                    .warning, "rival-claimant",
                    "\(rivals.map(\.description).joined(separator: ", ")) also claim\(rivals.count == 1 ? "s" : "") \(mimeType): "
                        + "without the default line, the desktop may open such files there",
                    fix: "keep \(expected) first in the \(mimeType) line of \(database.directories.userMimeAppsList)"))
            }
            if handler?.file.id == expected, let answer = xdgMime, answer != expected.rawValue {
                problems.append(Problem(
                    .error, "xdg-mime-disagrees",
                    "xdg-mime query default \(mimeType) answers \(answer.isEmpty ? "nothing" : answer), so xdg-open would not open \(expected)",
                    fix: "update-desktop-database \(database.directories.userApplications); xdg-mime default \(expected) \(mimeType)"))
            }
        }
        return DocumentTypeStatus(
            mimeType: mimeType, expected: expected, owned: owned, defined: defined, known: known, defaultHandler: handler, rivals: rivals,
            xdgMimeDefault: xdgMime, problems: problems.sorted { $0.severity < $1.severity })
    }
}
