public import SchemeRouter

/// The shared-mime-info package `register` writes for the file types an app defines
/// (`UTExportedTypeDeclarations`): `$XDG_DATA_HOME/mime/packages/<CFBundleURLName>.xml`, which
/// `update-mime-database` compiles into the database every desktop tool reads (`gio`,
/// `xdg-mime`, `mimetype`, file managers), so such files are recognised by name.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <!-- Written by schemectl register; `schemectl unregister com.example.notes` removes it. -->
/// <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
///   <mime-type type="application/x-notes-note">
///     <comment>Note</comment>
///     <sub-class-of type="text/plain"/>
///     <glob pattern="*.note"/>
///   </mime-type>
/// </mime-info>
/// ```
public struct MimePackage: Sendable, Hashable {
    /// The app's bundle name: the package's file name.
    public let name: ReverseDNSName
    /// The types it defines, in manifest order.
    public let types: [ExportedTypeDeclaration]

    /// The package of `types` for the app `name`.
    public init(name: ReverseDNSName, types: [ExportedTypeDeclaration]) {
        self.name = name
        self.types = types
    }

    /// `<dataHome>/mime/packages/<name>.xml`.
    public static func path(for name: ReverseDNSName, in directories: XDGDirectories) -> String {
        directories.userMimeDirectory + "/packages/" + name.rawValue + ".xml"
    }

    /// The comment that marks a package `register` wrote for `name` (its second line).
    static func marker(for name: ReverseDNSName) -> String {
        "<!-- Written by schemectl register; `schemectl unregister \(name)` removes it. -->"
    }

    /// Whether `bytes` are a package `register` wrote for `name`.
    static func isWritten(_ bytes: [UInt8], for name: ReverseDNSName) -> Bool {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 2).dropFirst().first == Substring(marker(for: name))
    }

    /// The package's text.
    public var text: String { text(marker: Self.marker(for: name)) }

    /// The text under another second line, an XML comment saying what wrote it (`schemectl flatpak`).
    func text(marker: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", marker,
            "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">",
        ]
        for type in types {
            lines.append("  <mime-type type=\"\(Self.escape(type.identifier.rawValue))\">")
            lines.append("    <comment>\(Self.escape(type.typeDescription))</comment>")
            for parent in type.conformsTo { lines.append("    <sub-class-of type=\"\(Self.escape(parent.rawValue))\"/>") }
            for fileExtension in type.extensions { lines.append("    <glob pattern=\"\(Self.escape(fileExtension.glob))\"/>") }
            lines.append("  </mime-type>")
        }
        lines.append("</mime-info>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The package's bytes (UTF-8).
    public var bytes: [UInt8] { Array(text.utf8) }

    /// `text` with XML's five special characters as entities (for text and attribute values).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
