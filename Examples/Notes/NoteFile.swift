import Glibc

/// A `.note` file (Notes' document type): UTF-8 text whose first line is the note's title and
/// the rest its body. SchemeRouter hands Notes the file's path after checking it is a regular
/// file; Notes reads it itself, without blocking even if the file was swapped meanwhile.
struct NoteFile: Equatable {
    /// Why a `.note` file cannot be shown.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The most a note file may hold.
    static let limit = 1 << 20

    var title: String
    var body: String

    /// Reads the note at `path`; a first line left empty takes the file's name as the title.
    init(path: String) throws(Failure) {
        // O_NONBLOCK: a FIFO put in the file's place since SchemeRouter checked it opens at once.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(path): not a regular file")
        }
        guard info.st_size <= Self.limit else { throw Failure(description: "\(path): over \(Self.limit) bytes: too large for a note") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while bytes.count <= Self.limit {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        guard bytes.count <= Self.limit else { throw Failure(description: "\(path): over \(Self.limit) bytes: too large for a note") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Failure(description: "\(path): not UTF-8 text") }
        let (first, rest) = Self.split(bytes)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        title = first.isEmpty ? String(name.dropLast(name.lowercased().hasSuffix(".note") ? 5 : 0)) : first
        body = rest
    }

    /// The first line (without its `\n` or `\r\n`) and everything after it.
    static func split(_ bytes: [UInt8]) -> (first: String, rest: String) {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return (String(decoding: bytes, as: UTF8.self), "") }
        var first = bytes[..<newline]
        if first.last == UInt8(ascii: "\r") { first = first.dropLast() }
        return (String(decoding: first, as: UTF8.self), String(decoding: bytes[(newline + 1)...], as: UTF8.self))
    }
}
