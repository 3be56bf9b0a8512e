internal import SchemeRouter

extension HandlerDesktopFile {
    /// The keys SchemeRouter manages in the app's `[Desktop Entry]`, in the order it adds them,
    /// and what it needs in each. This is the one list: ``merged(into:)`` writes, checks and
    /// records exactly these; everything else in the app's entry is the app's.
    public var managedKeys: [ManagedKey] {
        [
            ManagedKey("Type", .value("Application"), reason: "a URL handler is an application"),
            ManagedKey(
                "Name", namesItself ? .value(displayName) : .fallback(displayName),
                reason: "--display-name sets it; leave it out to keep the entry's own"),
            ManagedKey(
                "Exec", .value(execLine),
                reason: documentTypes.isEmpty
                    ? "register writes it from --exec, with %u for the URL" : "register writes it from --exec, with %U for the URLs and files"),
            ManagedKey("TryExec", .unset(allowing: executable), reason: "a launcher hides the entry when TryExec is not the executable"),
            ManagedKey(
                "DBusActivatable", busActivatable ? .value("true") : .unset(allowing: "false"),
                reason: "--dbus-activatable decides it, with the D-Bus service file it needs"),
            ManagedKey("StartupNotify", .value("true"), reason: "launchers must make an activation token for the app to pass on"),
            ManagedKey("StartupWMClass", .unset(allowing: name.rawValue), reason: "the runtime names every window after the bundle name"),
            ManagedKey("X-GIO-NoFuse", .unset(allowing: nil), reason: "it changes what GLib passes for %u"),
            ManagedKey("Hidden", .unset(allowing: "false"), reason: "Hidden=true deletes the entry: no launcher would find the handler"),
            ManagedKey("MimeType", .union(mimeTypes), reason: "the schemes and document types of the manifest are added to the entry's own types"),
            ManagedKey("Actions", .union(actions.map(\.id)), reason: "the manifest's actions are added to the entry's own"),
            ManagedKey(
                Self.ownedTypesKey, ownedMimeTypes.isEmpty ? .unset(allowing: nil) : .value(DesktopEntryValue.listValue(ownedMimeTypes)),
                reason: "it lists the Owner types whose default register sets, for unregister"),
            ManagedKey(DesktopEntry.bundleNameKey, .value(name.rawValue), reason: "it marks the app's file, and senders find the app's socket by it"),
        ]
    }
}
