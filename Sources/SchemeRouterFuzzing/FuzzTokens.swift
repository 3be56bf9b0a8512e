/// The hostile fragments the mutators splice into URLs, grouped by the attack they stand for.
///
/// Every group the issue names is here: delimiters, broken and overlong percent-encoding, raw
/// control characters, raw non-ASCII, scheme games and shell metacharacters. Tokens are bytes,
/// not strings, so invalid UTF-8 can be spliced in as it is.
enum FuzzTokens {
    /// The delimiters of RFC 3986 §2.2 that change how a URL splits: duplicated and misplaced.
    static let delimiters: [UInt8] = Array("?#@:[]/&=;+,".utf8)

    /// Broken, overlong and otherwise hostile percent-encodings.
    static let percentEncodings: [[UInt8]] = [
        "%", "%G0", "%0", "%%", "%%41", "%2", "%zz", "%C0%AF", "%E0%80%AF", "%F0%80%80%AF", "%ED%A0%80",
        "%ED%BF%BF", "%00", "%01", "%0A", "%0D", "%09", "%1F", "%7F", "%C2%80", "%C2%85", "%C2%9F", "%FF",
        "%F5%80%80%80", "%F4%90%80%80", "%C3", "%E2%82", "%E2%80%AE", "%EF%BB%BF", "%EF%BF%BF", "%F0%9F%98%80",
        "%25", "%2F", "%2f", "%3F", "%23", "%26", "%3D", "%2B", "%20", "%2e", "%2E%2E", "%5C", "%40", "%3A",
        "%5B", "%5D", "%u0041", "%C2%A0", "%CC%81", "%E3%80%80",
    ].map { Array($0.utf8) }

    /// Raw bytes no URL may hold: C0 controls, DEL, NUL, and bytes that are not ASCII (some of them
    /// not even valid UTF-8).
    static let rawBytes: [[UInt8]] = {
        var tokens: [[UInt8]] = (0x00...0x1F).map { [UInt8($0)] }
        tokens.append([0x7F])
        tokens += [[0x80], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3]]
        tokens += ["é", "日本", "😀", "\u{202E}", "\u{FEFF}", "\u{00A0}", "\u{2028}", "ｆ", "İ"].map { Array($0.utf8) }
        tokens += [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}"].map { Array($0.utf8) }
        return tokens
    }()

    /// Shell metacharacters and command injections, in case a handler hands a value to a shell.
    static let shell: [[UInt8]] = [
        ";", "|", "&", "&&", "||", "$", "$(id)", "`id`", "${IFS}", "'", "\"", ">", "<", "*", "?", "~", "!",
        "\\", "\n", "$((1/0))", ";rm -rf /;", "'$(reboot)'", "-e", "--help", "-", "%0Aid", "%3Bid", "%60id%60",
        "%24(id)",
    ].map { Array($0.utf8) }

    /// Authority and path shapes that parsers tend to get wrong.
    static let structure: [[UInt8]] = [
        "//", "///", "/./", "/../", "..", ".", "[::1]", "[::]", "[v1.x]", "[vF.:]", "[::ffff:1.2.3.4]", "[fe80::1%25en0]",
        "[", "]", "[]", "@", "@@", "user:pass@", ":@", ":", "::", ":0", ":65535", ":65536", ":99999999999999999999",
        ":-1", "127.0.0.1", "256.0.0.1", "1.2.3", "0x7f.1", "?", "??", "#", "##", "?#", "#?", "&", "&&", "=", "==",
        "&=&", "+", "++", "a=1&a=2", "?a", "#a", "localhost", "xn--", "www.", "..%2f",
    ].map { Array($0.utf8) }

    /// Scheme games: case, syntax and reserved or foreign schemes.
    static let schemes: [[UInt8]] = [
        "", ":", "1a:", "+a:", ".a:", "-a:", "a b:", "a_b:", "a%3a:", "A:", "HTTP:", "http:", "https:", "file:",
        "javascript:", "data:", "about:", "mailto:", "x-", "a+b-c.d:", "://", ":/", "a::", "a:/:",
    ].map { Array($0.utf8) }

    /// Every token, for mutations that take any of them.
    static let all: [[UInt8]] = percentEncodings + rawBytes + shell + structure + schemes + delimiters.map { [$0] }
}
