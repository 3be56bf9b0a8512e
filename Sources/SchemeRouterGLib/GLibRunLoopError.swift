/// Why the GLib run loop cannot run the app.
public enum GLibRunLoopError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The app's `GApplication` is unique (no `G_APPLICATION_NON_UNIQUE`): GLib would run its
    /// own single-instance election over D-Bus next to SchemeRouter's and forward URLs to a
    /// primary SchemeRouter never sees.
    case uniqueApplication(id: String)
    /// The app's `GApplication` has an id other than the manifest's `CFBundleURLName`: its
    /// windows would carry that id, and the desktop could not tie them to the app's desktop file.
    case applicationIDMismatch(id: String, bundleName: String)
    /// The toolkit did not start (for GTK: no display could be opened).
    case toolkitUnavailable(String)

    public var description: String {
        switch self {
        case .uniqueApplication(let id):
            "the GApplication '\(id)' is unique: create it with G_APPLICATION_NON_UNIQUE "
                + "(SchemeRouter owns single instance; see Docs/GLib.md)"
        case .applicationIDMismatch(let id, let bundleName):
            "the GApplication's id '\(id)' is not the app's bundle name '\(bundleName)': create it with "
                + "'\(bundleName)' (or no id), the name its windows and desktop file carry (see Docs/GLib.md)"
        case .toolkitUnavailable(let reason):
            "the toolkit cannot start: \(reason)"
        }
    }
}
