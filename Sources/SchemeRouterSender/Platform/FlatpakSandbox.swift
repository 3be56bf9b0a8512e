internal import SchemeRouterPlatform

/// The Flatpak sandbox a process runs in, as its `/.flatpak-info` says: Flatpak writes that file
/// into every sandbox and mounts it read-only, so the sandboxed app cannot change it; a process
/// outside Flatpak has none.
///
/// A sandboxed primary listens in `$XDG_RUNTIME_DIR/app/<app id>/`, the one directory host and
/// sandbox both see (``RuntimeDirectory``); a sender in a sandbox this process can see into is
/// named by its app id (``PeerCredentials/verifiedSource(socket:)``).
package struct FlatpakSandbox: Sendable, Hashable {
    /// The app id (`[Application] name=`), e.g. `com.acme.todolist`.
    package let appID: String

    /// Where Flatpak puts the file, at the root of the sandbox.
    package static let infoPath = "/.flatpak-info"

    /// This process's sandbox, read once; `nil` outside Flatpak.
    package static let current: FlatpakSandbox? = read(infoPath)

    /// The sandbox of process `pid` seen through `/proc/<pid>/root` (its root directory), or `nil`
    /// when it runs outside Flatpak or its root cannot be read (another user's, or gone). Only
    /// meaningful for a pid of this process's own PID namespace.
    package static func of(pid: Int32) -> FlatpakSandbox? {
        guard pid > 0 else { return nil }
        return read("/proc/\(pid)/root" + infoPath)
    }

    /// Reads an info file: a regular file (a symbolic link is not followed), at most 64 KiB.
    package static func read(_ path: String) -> FlatpakSandbox? {
        guard let bytes = try? RegularFile.readIfExists(path, limit: 65536, followSymbolicLinks: false) else { return nil }
        return FlatpakSandbox(info: bytes)
    }

    /// An app id known otherwise.
    package init?(appID: String) {
        guard Self.isValidAppID(appID) else { return nil }
        self.appID = appID
    }

    /// Parses the key file: the `name` key of the `[Application]` group (a runtime's own sandbox,
    /// `[Runtime]`, has no app and no app directory).
    package init?(info bytes: [UInt8]) {
        var group = ""
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("[") {
                group = text
            } else if group == "[Application]", text.hasPrefix("name=") {
                self.init(appID: String(text.dropFirst(5)))
                return
            }
        }
        return nil
    }

    /// A Flatpak app id as Flatpak accepts it (`flatpak_is_valid_name`): 3 to 255 bytes, at least
    /// three `.`-separated elements of ASCII letters, digits, `_` and `-`, none empty or starting
    /// with a digit. It names a directory, so nothing else may pass.
    package static func isValidAppID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count <= 255 else { return false }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 3 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !(0x30...0x39).contains(first) else { return false }
            return element.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
                    || byte == 0x2D
            }
        }
    }
}
