import Glibc

/// The items file, `$XDG_DATA_HOME/com.acme.todolist/todos.json` (`~/.local/share` when
/// `XDG_DATA_HOME` is unset or not absolute): the seed's `Application Support/<bundle ID>/`.
/// A relative `XDG_DATA_HOME` or `HOME` is ignored with a warning (the XDG Base Directory spec
/// calls relative paths invalid): nothing is ever created relative to the working directory.
///
/// Every save writes a temporary file, `fsync`s it, renames it over the old file and `fsync`s
/// the directory: a crash at any moment leaves either the old list or the new one, never a
/// partial file, and an item is reported handled only once it is on disk.
struct TodoStore: Sendable {
    /// Why the file could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The directory, e.g. `/home/ana/.local/share/com.acme.todolist`.
    let directory: String
    /// The file.
    var path: String { directory + "/todos.json" }

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

    /// The stored items; none when the file does not exist yet.
    /// - Throws: ``Failure`` when it cannot be read, is not a regular file (a FIFO or a device
    ///   is refused at once, never waited on), or is not a TodoList file.
    func load() throws(Failure) -> [TodoItem] {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused just below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return [] }
            throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure("stat", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(path) is not a regular file (a FIFO, device, socket or directory); it is left untouched")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        do throws(TodoJSON.Invalid) {
            return try TodoJSON.items(from: bytes)
        } catch {
            throw Failure(description: "\(path) is not a TodoList file (\(error)); it is left untouched")
        }
    }

    /// Replaces the file's contents with `items`, atomically and durably.
    func save(_ items: [TodoItem]) throws(Failure) {
        try makeDirectory()
        let temporary = directory + "/.todos.json.\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", temporary) }
        let bytes = Array(TodoJSON.file(items).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure("write", temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        if fsync(fd) != 0 {
            let error = failure("fsync", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = failure("rename", path)
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Removes the temporary files (`.todos.json.<pid>.tmp`) that writers killed mid-save left
    /// behind: only those whose process is gone (a live writer's file is its own business).
    func removeDeadWritersFiles() {
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(".todos.json."), name.hasSuffix(".tmp"),
                let pid = pid_t(name.dropFirst(".todos.json.".count).dropLast(".tmp".count)), pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlinkat(dirfd(listing), name, 0) }
        }
    }

    /// Creates the directory and its missing parents (mode 0700).
    private func makeDirectory() throws(Failure) {
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw failure("create", prefix) }
        }
    }

    private func failure(_ action: String, _ path: String) -> Failure {
        Failure(description: "cannot \(action) \(path): \(String(cString: strerror(errno)))")
    }
}
