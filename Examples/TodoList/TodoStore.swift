import FoundationEssentials
import Glibc
import SchemeRouterPlatform

/// The items log, `$XDG_DATA_HOME/com.acme.todolist/todos.jsonl` (`~/.local/share` when
/// `XDG_DATA_HOME` is unset or not absolute): the seed's `Application Support/<bundle ID>/`.
/// A relative `XDG_DATA_HOME` or `HOME` is ignored with a warning (the XDG Base Directory spec
/// calls relative paths invalid): nothing is ever created relative to the working directory.
///
/// One item per line (JSON Lines, `Codable`), appended with one `write` and `fdatasync`ed before
/// `open` returns: an item costs the same whether it is the 10th or the 10,000th, and an item
/// reported handled is on disk. A writer killed mid-append leaves at most a final line without its
/// newline: readers ignore it and the next primary trims it before it appends. Files are read and
/// written by the platform layer (`RegularFile`, `FileSystem`), which refuses a FIFO or a device.
struct TodoStore: Sendable {
    /// Why the log could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The directory, e.g. `/home/ana/.local/share/com.acme.todolist`.
    let directory: String
    /// The log.
    var path: String { directory + "/todos.jsonl" }
    /// The file of TodoList before the log (one JSON array), moved into the log at a launch.
    var oldPath: String { directory + "/todos.json" }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"] ?? ""
        let home = environment["HOME"] ?? ""
        let base =
            data.hasPrefix("/") ? data
            : home.hasPrefix("/") ? home + "/.local/share"
            : FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share"
        for (name, value) in [("XDG_DATA_HOME", data), ("HOME", home)] where !value.isEmpty && !value.hasPrefix("/") {
            Self.warn("ignoring the relative \(name)=\(value) (the XDG Base Directory spec requires absolute paths); using \(base)")
        }
        directory = base + "/com.acme.todolist"
    }

    private static func warn(_ message: String) {
        var line = "todolist: warning: \(message)\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// The stored items, in the order they were added; none when there is no log yet (the old
    /// `todos.json` when only it exists).
    /// - Throws: ``Failure`` when the log cannot be read, is not a regular file (a FIFO or a
    ///   device is refused at once, never waited on), or is not a TodoList log.
    func load() throws(Failure) -> [TodoItem] {
        if let bytes = try read(path) { return try Self.lines(of: bytes, path: path).items }
        if let old = try read(oldPath) { return try Self.decode([TodoItem].self, from: old, path: oldPath) }
        return []
    }

    /// Readies the log for appending, once per launch of the primary (the one writer): moves an
    /// old `todos.json` into it and trims a final line a killed writer left without its newline.
    /// - Throws: ``Failure`` as ``load()``; an unreadable log is left untouched.
    func prepare() throws(Failure) {
        try migrate()
        guard let bytes = try read(path) else { return }
        let complete = try Self.lines(of: bytes, path: path).complete
        guard complete < bytes.count else { return }
        do throws(SystemError) { try FileSystem.truncate(path, to: complete) } catch { throw Failure(description: "cannot trim \(error)") }
    }

    /// Appends `item` to the log and waits until it is on disk.
    func append(_ item: TodoItem) throws(Failure) {
        do throws(FileSystem.AppendError) {
            try FileSystem.appendDurably(Self.line(item), to: path)
        } catch {
            switch error {
            case .notRegularFile(let path, let kind): throw Self.notRegular(path, kind)
            case .system(let failure): throw Failure(description: "cannot append to \(path): \(failure.reason)")
            }
        }
    }

    /// `--list`: the items as one JSON array on one line.
    static func listing(_ items: [TodoItem]) -> String {
        String(decoding: (try? encoder.encode(items)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// Moves `todos.json` (a JSON array) into the log when there is no log yet, written whole and
    /// renamed into place, so a crash leaves no log (the move starts again) or a whole one.
    private func migrate() throws(Failure) {
        guard case .missing = FileSystem.kind(of: path), let old = try read(oldPath) else { return }
        let items = try Self.decode([TodoItem].self, from: old, path: oldPath)
        do throws(SystemError) {
            try FileSystem.writeAtomically(items.flatMap(Self.line), to: path, mode: 0o600)
            _ = try FileSystem.remove(oldPath)
        } catch {
            throw Failure(description: "cannot move \(oldPath) into \(path): \(error)")
        }
    }

    /// Keys in one order (`due`, `task`) and `/` written as is, so every line of one item is the same.
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One item's line in the log, newline included: `{"task":"…","due":"…"}`.
    private static func line(_ item: TodoItem) -> [UInt8] {
        Array((try? encoder.encode(item)) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// The items of a log, and the length of its whole lines (a final line without its newline is
    /// a torn append, not an item).
    private static func lines(of bytes: [UInt8], path: String) throws(Failure) -> (items: [TodoItem], complete: Int) {
        guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return ([], 0) }
        var items: [TodoItem] = []
        for line in bytes[...end].split(separator: UInt8(ascii: "\n")) {
            items.append(try decode(TodoItem.self, from: Array(line), path: path))
        }
        return (items, end + 1)
    }

    private static let decoder = JSONDecoder()

    private static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], path: String) throws(Failure) -> Value {
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw Failure(description: "\(path) is not a TodoList file (\(error)); it is left untouched")
        }
    }

    /// The file's bytes, or `nil` when it does not exist.
    private func read(_ path: String) throws(Failure) -> [UInt8]? {
        do throws(FileReadError) {
            return try RegularFile.readIfExists(path, limit: 1 << 30)
        } catch {
            if case .notRegularFile(let path, let kind) = error { throw Self.notRegular(path, kind) }
            throw Failure(description: "cannot read \(error)")
        }
    }

    private static func notRegular(_ path: String, _ kind: FileKind) -> Failure {
        Failure(description: "\(path) is not a regular file (\(kind)); it is left untouched")
    }
}
