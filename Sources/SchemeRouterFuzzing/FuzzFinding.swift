/// One distinct failure: the oracle's verdict, the minimised input, and how to reproduce it.
public struct FuzzFinding: Sendable, Hashable {
    /// What broke.
    public var failure: FuzzFailure
    /// The smallest input found that still fails with the same signature.
    public var input: [UInt8]
    /// The input as the campaign first produced it.
    public var original: [UInt8]
    /// The campaign iteration that found it (0-based).
    public var iteration: Int
    /// How many tests minimisation ran.
    public var minimisationTests: Int
    /// The file the finding was written to, when it was written.
    public var file: String?
    /// A one-line shell command that reproduces the failure.
    public var reproduce: String
    /// More lines for people (another way to reproduce, what to look at).
    public var notes: [String] = []

    /// Creates a finding.
    public init(
        failure: FuzzFailure, input: [UInt8], original: [UInt8], iteration: Int, minimisationTests: Int,
        file: String? = nil, reproduce: String = ""
    ) {
        self.failure = failure
        self.input = input
        self.original = original
        self.iteration = iteration
        self.minimisationTests = minimisationTests
        self.file = file
        self.reproduce = reproduce
    }

    /// The input for people: printable ASCII as is, every other byte as `\xNN`.
    public var printableInput: String { Self.printable(input) }

    /// Bytes for people: printable ASCII as is, `\` doubled, every other byte as `\xNN`.
    public static func printable(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + Hex.encode([byte])
            }
        }
        return text
    }

    /// The text of a finding file (see Docs/Fuzzing.md): `key: value` lines, the input in hex and
    /// in printable form; ``FindingFile/input(fromFileContents:)`` reads it back.
    public var fileText: String {
        var lines = [
            "# schemectl fuzz finding",
            "oracle: \(failure.oracle.rawValue)",
            "signature: \(failure.signature)",
            "message: \(failure.message.replacingNewlines)",
            "iteration: \(iteration)",
            "input-length: \(input.count) (minimised from \(original.count) in \(minimisationTests) tests)",
            "input: \(printableInput)",
            "input-hex: \(Hex.encode(input))",
            "original-hex: \(Hex.encode(original))",
        ]
        if !reproduce.isEmpty { lines.append("reproduce: \(reproduce)") }
        for note in notes { lines.append("note: \(note.replacingNewlines)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}

/// Reading and naming finding files.
public enum FindingFile {
    /// The input a finding file holds: its `input-hex:` line, or, for a file without one (a raw
    /// libFuzzer crash file, say), the file's bytes as they are.
    public static func input(fromFileContents bytes: [UInt8]) -> [UInt8] {
        let key = Array("input-hex: ".utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[lineStart..<lineEnd].starts(with: key) {
                if let decoded = Hex.decode(bytes[(lineStart + key.count)..<lineEnd]) { return decoded }
            }
            lineStart = lineEnd + 1
        }
        return bytes
    }

    /// A file name for a signature: the oracle, then 64-bit FNV-1a of the signature in hex, so the
    /// same failure always lands in the same file and different ones never share one.
    public static func name(for failure: FuzzFailure) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in failure.signature.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return "\(failure.oracle.rawValue)-" + String(repeating: "0", count: 16 - digits.count) + digits + ".txt"
    }

    /// The input quoted for a POSIX shell: `'…'` when it is printable ASCII, otherwise bash's `$'…'`
    /// with `\xNN` escapes (which cannot carry a NUL byte: argv cannot either).
    public static func shellQuoted(_ bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
            var text = "'"
            for byte in bytes {
                if byte == UInt8(ascii: "'") { text += "'\\''" } else { text.unicodeScalars.append(Unicode.Scalar(byte)) }
            }
            return text + "'"
        }
        var text = "$'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"): text += "\\" + String(Unicode.Scalar(byte))
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + Hex.encode([byte])
            }
        }
        return text + "'"
    }
}
