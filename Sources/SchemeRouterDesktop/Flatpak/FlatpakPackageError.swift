/// Why a ``FlatpakPackage`` cannot be described.
public enum FlatpakPackageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bundle name is not a valid Flatpak app id (Flatpak wants at least three elements).
    case invalidAppID(String)
    /// An executable's path is relative (the manifest names absolute paths).
    case relativeExecutable(String)
    /// An executable's file name cannot be used unquoted in `/app/bin`.
    case unusableFileName(String)
    /// Two executables have the same file name.
    case duplicateName(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .invalidAppID(let name):
            "the bundle name '\(name)' cannot be a Flatpak app id: Flatpak wants at least three '.'-separated parts of letters, digits, '_' or '-', none starting with a digit (like com.acme.todolist)"
        case .relativeExecutable(let path): "\(path): give the executable's absolute path"
        case .unusableFileName(let path):
            "\(path): the file name must be letters, digits, '.', '_' and '-' (not starting with '-' or '.') to go into /app/bin"
        case .duplicateName(let name): "two executables are called \(name): /app/bin holds one of each name"
        }
    }
}
