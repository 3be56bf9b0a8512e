internal import CGLib

/// The check that keeps GLib's own single-instance election out of a SchemeRouter app.
public enum GApplicationCheck {
    /// Throws unless the `GApplication` at `application` has `G_APPLICATION_NON_UNIQUE`.
    /// - Parameter application: A `GApplication *` (or `GtkApplication *`).
    public static func requireNonUnique(_ application: OpaquePointer) throws(GLibRunLoopError) {
        let app = UnsafeMutablePointer<GApplication>(application)
        let flags = g_application_get_flags(app)
        guard flags.rawValue & G_APPLICATION_NON_UNIQUE.rawValue != 0 else {
            let id = g_application_get_application_id(app).map { String(cString: $0) } ?? "(no id)"
            throw .uniqueApplication(id: id)
        }
    }

    /// Throws unless the `GApplication` at `application` has no id or `programName`: GTK names a
    /// `GtkApplication`'s windows after its id (Wayland's app id, X11's `_GTK_APPLICATION_ID`),
    /// which must then be the name the desktop file carries.
    /// - Parameters:
    ///   - application: A `GApplication *` (or `GtkApplication *`).
    ///   - programName: The app's bundle name (`g_get_prgname()` once `GLibRunLoop` set it).
    public static func requireID(_ application: OpaquePointer, matching programName: String) throws(GLibRunLoopError) {
        let app = UnsafeMutablePointer<GApplication>(application)
        guard let id = g_application_get_application_id(app).map({ String(cString: $0) }), id != programName else { return }
        throw .applicationIDMismatch(id: id, bundleName: programName)
    }
}
