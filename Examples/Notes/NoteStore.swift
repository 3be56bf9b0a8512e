import Glibc

/// The notes on disk: `$XDG_DATA_HOME/com.example.notes/notes.tsv` (default
/// `~/.local/share`), one note a line, `id TAB title TAB tags` with tags separated by commas and
/// every field percent-encoded; written to a temporary file and renamed over the old one.
struct NoteStore {
    /// Why the notes cannot be read or written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let directory: String
    var path: String { directory + "/notes.tsv" }

    init(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        let data = environment("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment("HOME") ?? "/") + "/.local/share"
        directory = data + "/com.example.notes"
    }

    /// The stored notes; none when the file does not exist yet.
    func load() throws(Failure) -> [Note] {
        guard let file = fopen(path, "re") else {
            if errno == ENOENT { return [] }
            throw Failure(description: "\(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        var notes: [Note] = []
        for (number, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 3, let id = Int(String(decoding: fields[0], as: UTF8.self)) else {
                throw Failure(description: "\(path):\(number + 1): not `id TAB title TAB tags`")
            }
            let tags = fields[2].isEmpty ? [] : fields[2].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(Self.decode)
            notes.append(Note(id: id, title: Self.decode(fields[1]), tags: tags))
        }
        return notes
    }

    /// Replaces the stored notes.
    func save(_ notes: [Note]) throws(Failure) {
        try makeDirectory()
        var text = ""
        for note in notes {
            text += "\(note.id)\t\(Self.encode(note.title))\t\(note.tags.map(Self.encode).joined(separator: ","))\n"
        }
        let temporary = path + ".new"
        guard let file = fopen(temporary, "we") else {
            throw Failure(description: "\(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        guard fclose(file) == 0, written == bytes.count, rename(temporary, path) == 0 else {
            throw Failure(description: "\(path): \(String(cString: strerror(errno)))")
        }
    }

    private func makeDirectory() throws(Failure) {
        var prefix = ""
        for part in directory.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw Failure(description: "\(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Percent-encodes `%`, tab, newline, carriage return and comma.
    static func encode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func decode(_ field: some Collection<UInt8>) -> String {
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index != field.endIndex {
            let byte = field[index]
            if byte == UInt8(ascii: "%"), let high = field.index(index, offsetBy: 1, limitedBy: field.endIndex),
                high != field.endIndex, let low = field.index(high, offsetBy: 1, limitedBy: field.endIndex), low != field.endIndex,
                let value = UInt8(String(decoding: [field[high], field[low]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = field.index(after: low)
            } else {
                bytes.append(byte)
                index = field.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
