/// JSON string quoting, shared by everything in SchemeRouter that writes JSON.
public enum JSONString {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, `\u00XX`); everything else written as is (JSON text is UTF-8).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        append(text, to: &out)
        out += "\""
        return out
    }

    /// Appends `text` escaped, without the surrounding quotes.
    static func append(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + URLRejection.hex(scalar.value, width: 4).lowercased()
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
