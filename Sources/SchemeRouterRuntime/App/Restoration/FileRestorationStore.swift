internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

/// The ``SchemeRouter/RestorationStore`` of a running app: two files in its ``StateDirectory``.
///
/// - `state.json`: the archive, replaced atomically (a temporary file in the same directory,
///   written, `fsync`ed, renamed over the old one, then the directory `fsync`ed), so a crash
///   leaves the old archive or the new one, never a mix. Read only when it is a regular file of at
///   most ``SchemeRouter/RestorationArchive/maximumSize`` bytes (symbolic links are not followed).
/// - `restoring`: the record that a restoration began, created and made durable before the first
///   restoration hook runs and removed when it ends. Finding it at launch means the previous
///   launch died while restoring (a crash, or SIGKILL), and the archive is discarded.
///
/// The directory itself is checked before each use, as the runtime directory is
/// (``StateDirectory/refusal(_:)``): a symbolic link, another user's directory or one others may
/// write to is neither read, written nor emptied; the app starts clean and preserves nothing.
@MainActor
final class FileRestorationStore: RestorationStore {
    /// The directory.
    let directory: String
    var archivePath: String { directory + "/state.json" }
    var markerPath: String { directory + "/restoring" }

    init(directory: String) {
        self.directory = directory
    }

    func load() -> StoredRestorationState {
        var state = StoredRestorationState()
        if let refusal = StateDirectory.refusal(directory) {
            state.readFailure = refusal.description
            return state
        }
        var status = stat()
        state.restorationWasInterrupted = lstat(markerPath, &status) == 0
        do throws(FileReadError) {
            state.archive = try RegularFile.readIfExists(
                archivePath, limit: RestorationArchive.maximumSize, followSymbolicLinks: false)
        } catch {
            state.readFailure = error.description
        }
        return state
    }

    func save(_ archive: [UInt8]) throws {
        try StateDirectory.create(directory)
        if let refusal = StateDirectory.refusal(directory) { throw refusal }
        try writeDurably(archivePath, archive)
    }

    func beginRestoring() throws {
        if let refusal = StateDirectory.refusal(directory) { throw refusal }
        try writeDurably(markerPath, Array("restoring\n".utf8))
    }

    func endRestoring() {
        guard StateDirectory.refusal(directory) == nil else { return }
        remove(markerPath)
    }

    /// Deletes the archive and the record, unless the directory is refused (then it is left alone).
    func discard() {
        guard StateDirectory.refusal(directory) == nil else { return }
        remove(archivePath)
        remove(markerPath)
    }

    /// Replaces `path` with `bytes` durably (the platform's atomic writer); a symbolic link there
    /// is replaced, never followed.
    private func writeDurably(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o600, followSymbolicLinks: false)
    }

    /// Removes `path` (a missing file is fine) and makes the removal durable.
    private func remove(_ path: String) {
        if unlink(path) == 0 { syncDirectory() }
    }

    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        Sys.close(descriptor)
    }
}
