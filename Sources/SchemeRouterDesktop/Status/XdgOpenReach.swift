/// Whether `xdg-open` can deliver a URL of a custom scheme from this environment.
///
/// xdg-open (xdg-utils 1.1) hands a URL to the desktop's own opener when it recognises the
/// desktop (`gio open` under GNOME, `kde-open` under KDE, …); otherwise, in its "generic" mode,
/// it looks up `x-scheme-handler/<scheme>` only when a display is set, and without one it
/// fails ("no method available"), even though the registration is right.
enum XdgOpenReach {
    /// `XDG_CURRENT_DESKTOP` names xdg-open's `detectDE` recognises (compared upper-cased).
    static let knownDesktops: Set<String> = [
        "ENLIGHTENMENT", "GNOME", "GNOME-CLASSIC", "GNOME-FLASHBACK", "KDE", "LXDE", "LXQT", "MATE", "XFCE",
        "X-CINNAMON", "CINNAMON", "DEEPIN",
    ]

    /// The problem, or `nil` when xdg-open has a way to deliver.
    static func problem(_ environment: ProcessEnvironment) -> Problem? {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") { return nil }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.uppercased() }
        if desktops.contains(where: knownDesktops.contains) { return nil }
        if isSet("KDE_FULL_SESSION") || isSet("GNOME_DESKTOP_SESSION_ID") || isSet("MATE_DESKTOP_SESSION_ID") { return nil }
        if ["lxde", "lubuntu"].contains((environment["DESKTOP_SESSION"] ?? "").lowercased()) { return nil }
        return Problem(
            .warning, "xdg-open-cannot-deliver",
            "xdg-open has no way to deliver a URL here: neither DISPLAY nor WAYLAND_DISPLAY is set and "
                + "XDG_CURRENT_DESKTOP names no desktop it knows (\(environment["XDG_CURRENT_DESKTOP"] ?? "unset"))",
            fix: "run inside the desktop session (DISPLAY or WAYLAND_DISPLAY set), or use `gio open URL` or `schemectl open URL`")
    }
}
