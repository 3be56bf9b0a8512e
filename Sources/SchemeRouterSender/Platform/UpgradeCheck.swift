/// Whether a process runs an executable that has since been replaced on disk.
package enum UpgradeCheck {
    /// The marker the kernel appends to `/proc/<pid>/exe` once the file was unlinked or
    /// renamed over.
    package static let deletedSuffix = " (deleted)"

    /// The executable's former path when `link` (a `/proc/<pid>/exe` target) says it was
    /// replaced, else `nil`.
    package static func replaced(_ link: String) -> String? {
        guard link.hasSuffix(deletedSuffix) else { return nil }
        return String(link.dropLast(deletedSuffix.count))
    }

    /// The warning a sender prints when the primary it reached runs a replaced executable.
    package static func warning(app: String, pid: Int32, path: String) -> String {
        "warning: \(app)'s running primary (pid \(pid)) runs a replaced executable (\(path) was rebuilt or upgraded "
            + "since it started); it handles this request with its old code. Restart it to run the new one: "
            + "\(app) --quit, then start it again"
    }
}
