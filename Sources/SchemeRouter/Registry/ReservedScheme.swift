/// A scheme that no app may claim, with the reason: claiming it would hijack links the desktop
/// routes to a trusted handler. `Docs/Manifests.md` lists them.
public struct ReservedScheme: Sendable, Hashable, CustomStringConvertible {
    /// Why a group of schemes is reserved.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// Schemes of the web platform, owned by the browser.
        case webPlatform
        /// Messaging and telephony schemes, owned by the user's chosen client.
        case communication
        /// Remote shells and network file systems, owned by the terminal and the file manager.
        case remoteAccess
        /// Standard identifiers and feeds with established system handlers.
        case standardIdentifier

        /// A few words for messages.
        public var explanation: String {
            switch self {
            case .webPlatform: "web platform scheme, handled by the browser"
            case .communication: "communication scheme, handled by the user's mail, phone or chat client"
            case .remoteAccess: "remote access scheme, handled by the terminal or file manager"
            case .standardIdentifier: "standard identifier scheme with an established system handler"
            }
        }
    }

    /// The scheme, lower case.
    public let name: String
    /// Why it is reserved.
    public let category: Category

    /// Every reserved scheme, grouped by category.
    public static let all = [
        (Category.webPlatform, "http https ws wss ftp ftps file data blob javascript vbscript about view-source filesystem resource"),
        (.communication, "mailto tel sms mms callto sip sips xmpp irc ircs news nntp snews"),
        (.remoteAccess, "ssh sftp telnet smb nfs afp dav davs vnc rdp ldap ldaps"),
        (.standardIdentifier, "urn geo webcal magnet feed tag"),
    ].flatMap { category, names in names.split(separator: " ").map { ReservedScheme(name: String($0), category: category) } }

    /// `http (web platform scheme, handled by the browser)`.
    public var description: String { "\(name) (\(category.explanation))" }
}
