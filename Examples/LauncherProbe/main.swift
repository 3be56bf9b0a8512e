// LauncherProbe: a window that hands out activation tokens the way a launcher, a browser or a file
// manager does when the user clicks a link, for the Wayland tests (never shipped: no product; not a
// SchemeRouter app). `LauncherProbe [TITLE]`; commands on standard input, one a line:
//   mint   prints "token TOKEN" (or "token -"): GTK's launch context asks the compositor for a token
//          as a launcher does (this seat, the last input serial, this window if it has the keyboard)
// It prints "key NAME" for each key press it gets (a fresh input serial: wlroots refuses a token
// whose serial the client never got). End of input closes the window and ends the program.
import CGLib
import CGTK
import Glibc

/// The probe's window and the command bytes read so far (up to an incomplete last line).
@MainActor enum Probe {
    static var window: UnsafeMutablePointer<GtkWindow>?
    static var input: [UInt8] = []

    /// Writes one line at once (no stdio buffer: a test reads each line as it comes).
    static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// Runs each complete command line in `input`.
    static func runCommands() {
        while let end = input.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: input[..<end], as: UTF8.self)
            input.removeSubrange(...end)
            switch line {
            case "mint": say("token " + (mint() ?? "-"))
            default: say("error unknown command '\(line)'")
            }
        }
    }

    /// The token GTK's launch context makes for an app this window launches.
    static func mint() -> String? {
        guard let window, let display = gtk_widget_get_display(schemerouter_gtk_widget(window)),
            let context = gdk_display_get_app_launch_context(display)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        // GLib asks the context for a token only when it launches an app: any app will do.
        guard let app = g_app_info_create_from_commandline("true", "launcher-probe-target", G_APP_INFO_CREATE_NONE, nil) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(app)) }
        let launch = UnsafeMutableRawPointer(context).assumingMemoryBound(to: GAppLaunchContext.self)
        guard let token = g_app_launch_context_get_startup_notify_id(launch, app, nil) else { return nil }
        defer { g_free(token) }
        return String(cString: token)
    }
}

let title = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Launcher"
g_set_prgname("com.example.launcherprobe")
guard gtk_init_check() != 0 else {
    Probe.say("error GTK could not open a display")
    exit(1)
}
let window = schemerouter_gtk_window(gtk_window_new())
Probe.window = window
gtk_window_set_title(window, title)
gtk_window_set_default_size(window, 320, 200)
gtk_window_set_child(window, gtk_label_new(title))
let keys = gtk_event_controller_key_new()!
let keyPressed: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, _, _ in
    MainActor.assumeIsolated { Probe.say("key " + (gdk_keyval_name(keyval).map { String(cString: $0) } ?? "?")) }
    return 0
}
_ = g_signal_connect_data(
    UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(keyPressed, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
gtk_widget_add_controller(schemerouter_gtk_widget(window), keys)
gtk_window_present(window)
let readable: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { descriptor, _, _ in
    MainActor.assumeIsolated {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if let window = Probe.window { gtk_window_destroy(window) }
            Probe.window = nil
            return 0  // G_SOURCE_REMOVE
        }
        Probe.input += buffer[..<count]
        Probe.runCommands()
        return 1
    }
}
_ = g_unix_fd_add(0, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue), readable, nil)
while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 {
    _ = g_main_context_iteration(nil, 1)
}
