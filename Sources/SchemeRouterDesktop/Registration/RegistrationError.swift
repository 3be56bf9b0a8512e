public import SchemeRouterPlatform

/// Why `register` or `unregister` could not do its work. Nothing is half-done: the checks run
/// before any file is written.
public enum RegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The XDG directories could not be worked out.
    case directories(XDGError)
    /// The executable cannot be written in an `Exec` line.
    case exec(ExecLineError)
    /// The executable does not exist.
    case executableMissing(path: String)
    /// The executable exists but is not an executable regular file.
    case executableNotExecutable(path: String)
    /// A desktop file with our id exists but was not written by `schemectl register` for this
    /// app (no `X-SchemeRouter-BundleName`, or another name): it is left alone.
    case foreignDesktopFile(path: String, bundleName: String?)
    /// `$XDG_DATA_HOME/mime/packages/<name>.xml` exists but was not written by `schemectl
    /// register` for this app: it is left alone.
    case foreignMimePackage(path: String)
    /// The app's desktop entry (``DesktopEntrySource``) cannot be read, or is not a regular file.
    case desktopEntryUnreadable(FileReadError)
    /// The app's desktop entry at `path` breaks the Desktop Entry format, or sets a key
    /// SchemeRouter manages to another value (``DesktopFileError/conflictingKey(line:key:found:required:reason:)``).
    case invalidDesktopEntry(path: String, DesktopFileError)
    /// Writing a file (or creating a directory, removing a file) failed.
    case fileSystem(SystemError)
    /// A file could not be read, or is not a regular file.
    case unreadable(FileReadError)

    /// What is wrong, naming the path.
    public var description: String {
        switch self {
        case .directories(let error): error.description
        case .exec(let error): error.description
        case .executableMissing(let path): "the executable \(path) does not exist"
        case .executableNotExecutable(let path): "\(path) is not an executable file (chmod +x \(path)?)"
        case .foreignDesktopFile(let path, let bundleName):
            if let bundleName {
                "\(path) belongs to the SchemeRouter app \(bundleName), not this one; it was left alone"
            } else {
                "\(path) exists and was not written by schemectl register; it was left alone (move it away to register)"
            }
        case .foreignMimePackage(let path):
            "\(path) exists and was not written by schemectl register for this app; it was left alone (move it away to register)"
        case .desktopEntryUnreadable(let error): "the app's desktop entry: \(error.description)"
        case .invalidDesktopEntry(let path, let error): error.located(in: path)
        case .fileSystem(let error): error.description
        case .unreadable(let error): error.description
        }
    }
}
