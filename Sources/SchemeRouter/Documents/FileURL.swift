/// `file:` URLs and the paths they stand for: the one spelling of a local file as a URL, and the
/// path a received `file:` URL names.
///
/// ```swift
/// FileURL.text(forPath: "/home/ana/My list.note")   // file:///home/ana/My%20list.note
/// try FileURL.path(of: SchemeURL("file://localhost/tmp/a.note")).path   // /tmp/a.note
/// ```
public enum FileURL {
    /// `file`.
    public static let scheme = "file"

    /// The URL of the absolute `path`: `file://` and the path with every byte outside RFC 3986's
    /// unreserved characters, `/` and `!$&'()*+,;=:@` percent-encoded (upper-case hex). A path
    /// has exactly one URL this way.
    /// - Precondition: `path` starts with `/`.
    public static func text(forPath path: String) -> String {
        text(forPath: Array(path.utf8))
    }

    /// The URL of the absolute path whose bytes are `path`, as ``text(forPath:)-(String)`` makes
    /// it; bytes that are not UTF-8 stay percent-encoded (and are refused when the URL is read).
    /// - Precondition: `path` starts with `/`.
    public static func text(forPath path: [UInt8]) -> String {
        precondition(path.first == UInt8(ascii: "/"), "a file URL names an absolute path")
        return "file://" + PercentEncoding.encode(bytes: path, PercentEncoding.filePath)
    }

    /// The URL of the absolute `path`, parsed (see ``text(forPath:)-(String)``).
    public static func url(forPath path: String) -> SchemeURL {
        let text = text(forPath: path)
        do throws(URLRejection) {
            return try SchemeURL(text)
        } catch {
            preconditionFailure("the file URL \(text) does not parse: \(error)")
        }
    }

    /// Whether `url` is a `file:` URL.
    public static func isFileURL(_ url: SchemeURL) -> Bool {
        url.rawScheme.raw.utf8.elementsEqual("file".utf8) { $0 | 0x20 == $1 }
    }

    /// The absolute path a `file:` URL names, and the byte offset where its path starts.
    ///
    /// The host must be empty or `localhost` (a file on another machine is not this one's), the
    /// URL has no query or fragment (a file name holds neither), and the path decodes to UTF-8
    /// text without control characters and without an encoded `/` (`%2F` inside a name).
    /// - Throws: ``RouteError/invalidFileURL(reason:offset:)`` naming the fault and its byte offset.
    public static func path(of url: SchemeURL) throws(RouteError) -> (path: String, offset: Int) {
        guard isFileURL(url) else { throw .invalidFileURL(reason: "not a file: URL", offset: 0) }
        if let host = url.host, !host.isEmpty, host.raw.lowercased() != "localhost" {
            throw .invalidFileURL(reason: "the file is on the host '\(host.raw)', not this machine", offset: host.offset)
        }
        if let userinfo = url.userinfo { throw .invalidFileURL(reason: "a file URL has no user information", offset: userinfo.offset) }
        if let port = url.rawPort { throw .invalidFileURL(reason: "a file URL has no port", offset: port.offset) }
        if let query = url.query { throw .invalidFileURL(reason: "a file URL has no query ('?' is %3F in a file name)", offset: query.offset - 1) }
        if let fragment = url.fragment {
            throw .invalidFileURL(reason: "a file URL has no fragment ('#' is %23 in a file name)", offset: fragment.offset - 1)
        }
        let raw = url.path
        guard raw.raw.hasPrefix("/") else { throw .invalidFileURL(reason: "a file URL's path is absolute", offset: raw.offset) }
        if let slash = raw.raw.utf8.indices.first(where: { index in
            raw.raw.utf8[index...].starts(with: "%2F".utf8, by: { $0 & 0xDF == $1 & 0xDF })
        }) {
            let offset = raw.offset + raw.raw.utf8.distance(from: raw.raw.utf8.startIndex, to: slash)
            throw .invalidFileURL(reason: "%2F would be a '/' inside a file name", offset: offset)
        }
        do throws(URLRejection) {
            return (try raw.decoded(), raw.offset)
        } catch {
            throw .invalidFileURL(reason: error.message, offset: error.offset)
        }
    }
}
