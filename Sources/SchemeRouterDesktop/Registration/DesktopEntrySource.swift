/// Where the app's own desktop entry came from, which `register` merges SchemeRouter's keys into
/// (``HandlerDesktopFile/merged(into:)``). The first that exists wins, in this order.
public enum DesktopEntrySource: Sendable, Hashable, CustomStringConvertible {
    /// A file the caller named: `register --desktop-entry FILE`, or `schemectl register` finding
    /// `<CFBundleURLName>.desktop` in the target beside the manifest's `Schemes/` directory.
    case file(String)
    /// The file an earlier `register` wrote: what was added to it since (by hand, or by the app)
    /// stays, and SchemeRouter's own additions are made afresh.
    case registered(String)
    /// The app's file in an `$XDG_DATA_DIRS/applications` directory (installed by a package),
    /// which the file `register` writes in `$XDG_DATA_HOME` hides: its keys carry over.
    case installed(String)
    /// None: a minimal entry (`Type`, `Version`, `Terminal=false`, `NoDisplay=true`).
    case minimal

    /// The file's path, when there is one.
    public var path: String? {
        switch self {
        case .file(let path), .registered(let path), .installed(let path): path
        case .minimal: nil
        }
    }

    /// `file`, `registered`, `installed` or `minimal`.
    public var kind: String {
        switch self {
        case .file: "file"
        case .registered: "registered"
        case .installed: "installed"
        case .minimal: "minimal"
        }
    }

    /// `the app's entry /path/app.desktop`, for people.
    public var description: String {
        switch self {
        case .file(let path): "the app's entry \(path)"
        case .registered(let path): "the keys already in \(path)"
        case .installed(let path): "the installed entry \(path)"
        case .minimal: "a minimal entry (NoDisplay=true; give the app's own with --desktop-entry)"
        }
    }
}
