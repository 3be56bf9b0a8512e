import Glibc

/// The append-only log of what the probe's hooks did: one line per event, each written with a
/// single `write(2)` to an `O_APPEND` descriptor, so lines never interleave and a delivery
/// costs one system call (no rewrite of a whole file per URL).
struct ProbeLog: Sendable {
    private let descriptor: Int32

    /// Opens `LOADPROBE_LOG` (created mode 0600), or logs nowhere when it is unset.
    init() {
        if let path = getenv("LOADPROBE_LOG") {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        } else {
            descriptor = -1
        }
    }

    /// Appends one line (the newline is added).
    func append(_ line: String) {
        guard descriptor >= 0 else { return }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
