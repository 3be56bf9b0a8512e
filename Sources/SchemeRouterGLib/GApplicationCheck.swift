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
}
