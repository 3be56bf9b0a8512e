public import CGTK
public import SchemeRouterGLib

/// Starting GTK 4 in a SchemeRouter primary (Docs/GLib.md).
public enum GTK {
    /// Initialises GTK: call it from `GLibRunLoop`'s `start`, which runs only in the primary,
    /// after the single-instance decision (a sender never opens a display).
    /// - Parameter application: The app's `GtkApplication`, if it has one: it must be created with
    ///   `G_APPLICATION_NON_UNIQUE` (SchemeRouter owns single instance) and the manifest's
    ///   `CFBundleURLName` or no id (`GLibRunLoop` named the program after it); it is registered here.
    /// - Throws: `GLibRunLoopError.uniqueApplication(id:)` for a unique application,
    ///   `GLibRunLoopError.applicationIDMismatch(id:bundleName:)` for one with another id,
    ///   `GLibRunLoopError.toolkitUnavailable(_:)` when no display can be opened.
    @MainActor
    public static func start(application: UnsafeMutablePointer<GtkApplication>? = nil) throws(GLibRunLoopError) {
        if let application {
            try GApplicationCheck.requireNonUnique(OpaquePointer(application))
            if let programName = g_get_prgname().map({ String(cString: $0) }) {
                try GApplicationCheck.requireID(OpaquePointer(application), matching: programName)
            }
        }
        guard gtk_init_check() != 0 else {
            throw .toolkitUnavailable(
                "GTK could not open a display (DISPLAY=\(environment("DISPLAY") ?? "unset"), "
                    + "WAYLAND_DISPLAY=\(environment("WAYLAND_DISPLAY") ?? "unset"))")
        }
        if let application {
            var error: UnsafeMutablePointer<GError>?
            let app = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
            guard g_application_register(app, nil, &error) != 0 else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                g_clear_error(&error)
                throw .toolkitUnavailable("g_application_register: \(message)")
            }
        }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
