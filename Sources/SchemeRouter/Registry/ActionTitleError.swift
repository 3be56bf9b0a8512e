/// Why a manifest action's `title` was refused: it holds a control character (C0, DEL or C1),
/// which a desktop file cannot carry and a menu cannot show.
public struct ActionTitleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The title as declared.
    public let title: String
    /// The byte offset in ``title``'s UTF-8 of the first control character.
    public let offset: Int
    /// The control character.
    public let character: Unicode.Scalar

    /// `control character U+001B at byte 3 of the title "New\u{1B}Item": an action title is one line of text`.
    public var description: String {
        let code = String(character.value, radix: 16, uppercase: true)
        return "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at byte \(offset) "
            + "of the title \(title.debugDescription): an action title is one line of text without control characters"
    }
}

extension ManifestAction {
    /// `title` when it holds no control character (U+0000–U+001F, U+007F–U+009F).
    /// - Throws: ``ActionTitleError`` with the byte offset of the first one.
    public static func checkedTitle(_ title: String) throws(ActionTitleError) -> String {
        var offset = 0
        for scalar in title.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                throw ActionTitleError(title: title, offset: offset, character: scalar)
            }
            offset += String(scalar).utf8.count
        }
        return title
    }
}
