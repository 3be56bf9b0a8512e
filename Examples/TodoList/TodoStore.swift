import Glibc

/// The items log, `$XDG_DATA_HOME/com.acme.todolist/todos.jsonl` (`~/.local/share` when
/// `XDG_DATA_HOME` is unset or not absolute): the seed's `Application Support/<bundle ID>/`.
/// A relative `XDG_DATA_HOME` or `HOME` is ignored with a warning (the XDG Base Directory spec
/// calls relative paths invalid): nothing is ever created relative to the working directory.
///
/// One item per line (JSON Lines), appended with one `write` and `fdatasync`ed before `open`
/// returns: an item costs the same whether it is the 10th or the 10,000th, and an item reported
/// handled is on disk. A writer killed mid-append leaves at most a final line without its
/// newline: readers ignore it and the next primary trims it before it appends.
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

    init() {
        let data = getenv("XDG_DATA_HOME").map { String(cString: $0) } ?? ""
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        let base: String
        if data.hasPrefix("/") {
            base = data
        } else if home.hasPrefix("/") {
            base = home + "/.local/share"
        } else if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir, directory.pointee == UInt8(ascii: "/") {
            base = String(cString: directory) + "/.local/share"
        } else {
            base = "/tmp"
        }
        for (name, value) in [("XDG_DATA_HOME", data), ("HOME", home)] where !value.isEmpty && !value.hasPrefix("/") {
            Self.warn("ignoring the relative \(name)=\(value) (the XDG Base Directory spec requires absolute paths); using \(base)")
        }
        directory = base + "/com.acme.todolist"
    }

    private static func warn(_ message: String) {
        let line = Array("todolist: warning: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// The stored items, in the order they were added; none when there is no log yet (the old
    /// `todos.json` when only it exists).
    /// - Throws: ``Failure`` when the log cannot be read, is not a regular file (a FIFO or a
    ///   device is refused at once, never waited on), or is not a TodoList log.
    func load() throws(Failure) -> [TodoItem] {
        if let bytes = try read(path) { return try parse(path) { () throws(TodoJSON.Invalid) in try TodoJSON.log(bytes).items } }
        if let old = try read(oldPath) { return try parse(oldPath) { () throws(TodoJSON.Invalid) in try TodoJSON.array(old) } }
        return []
    }

    /// Readies the log for appending, once per launch of the primary (the one writer): moves an
    /// old `todos.json` into it and trims a final line a killed writer left without its newline.
    /// - Throws: ``Failure`` as ``load()``; an unreadable log is left untouched.
    func prepare() throws(Failure) {
        try migrate()
        guard let bytes = try read(path) else { return }
        let complete = try parse(path) { () throws(TodoJSON.Invalid) in try TodoJSON.log(bytes).complete }
        guard complete < bytes.count else { return }
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(complete)) == 0, fsync(fd) == 0 else { throw failure("trim", path) }
    }

    /// Appends `item` to the log and waits until it is on disk.
    func append(_ item: TodoItem) throws(Failure) {
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
        var fd = open(path, flags, 0o600)
        // The directory is made only when it is missing: not a mkdir per parent on every item.
        if fd < 0 && errno == ENOENT {
            try makeDirectory()
            fd = open(path, flags, 0o600)
        }
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure("stat", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw notRegular(path) }
        // A failed append is cut off again, so the next one starts on a line of its own.
        do throws(Failure) {
            try writeAll(fd, Array(TodoJSON.line(item).utf8), path)
            guard fdatasync(fd) == 0 else { throw failure("fdatasync", path) }
        } catch {
            _ = ftruncate(fd, status.st_size)
            throw error
        }
        if status.st_size == 0 { try syncDirectory() }
    }

    /// Moves `todos.json` (a JSON array) into the log when there is no log yet: written under a
    /// temporary name and renamed, so a crash leaves no log (the move starts again) or a whole one.
    private func migrate() throws(Failure) {
        guard access(path, F_OK) != 0, let old = try read(oldPath) else { return }
        let items = try parse(oldPath) { () throws(TodoJSON.Invalid) in try TodoJSON.array(old) }
        let staging = directory + "/.todos.jsonl.migrating"
        let fd = open(staging, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", staging) }
        defer { close(fd) }
        try writeAll(fd, Array(items.map(TodoJSON.line).joined().utf8), staging)
        guard fsync(fd) == 0 else { throw failure("fsync", staging) }
        guard rename(staging, path) == 0 else { throw failure("rename", staging) }
        try syncDirectory()
        guard unlink(oldPath) == 0 else { throw failure("remove", oldPath) }
    }

    /// The whole file, or `nil` when it does not exist.
    private func read(_ path: String) throws(Failure) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused just below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("open", path)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure("stat", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw notRegular(path) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// What `parser` read from the file at `path`.
    private func parse<Value>(_ path: String, _ parser: () throws(TodoJSON.Invalid) -> Value) throws(Failure) -> Value {
        do throws(TodoJSON.Invalid) {
            return try parser()
        } catch {
            throw Failure(description: "\(path) is not a TodoList file (\(error)); it is left untouched")
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8], _ path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += written
        }
    }

    /// Makes a new name in the directory durable.
    private func syncDirectory() throws(Failure) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open", directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("fsync", directory) }
    }

    /// Creates the directory and its missing parents (mode 0700).
    private func makeDirectory() throws(Failure) {
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw failure("create", prefix) }
        }
    }

    private func notRegular(_ path: String) -> Failure {
        Failure(description: "\(path) is not a regular file (a FIFO, device, socket or directory); it is left untouched")
    }

    private func failure(_ action: String, _ path: String) -> Failure {
        Failure(description: "cannot \(action) \(path): \(String(cString: strerror(errno)))")
    }
}
