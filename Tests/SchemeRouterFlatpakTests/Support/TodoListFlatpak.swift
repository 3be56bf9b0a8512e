/// TodoList as a Flatpak (``FlatpakAppBuild``), with `schemectl` beside it: built once per test
/// process (a few seconds); each test installs it into its own ``FlatpakWorld``.
enum TodoListFlatpak {
    /// The app id: TodoList's bundle name.
    static let appID = "com.acme.todolist"

    /// The repository, or why it could not be built.
    private static let built = FlatpakAppBuild.build(manifest: "Examples/TodoList/Schemes/todolist.json", executable: "todolist", appID: appID)

    /// The ostree repository holding `app/com.acme.todolist/<arch>/master`.
    static func repository(_ runtime: FlatpakRuntime.Ready) throws -> String {
        try built.get()
    }
}

/// LoadProbe as a Flatpak: an app with document types, one of which it defines (`.probedoc`).
enum LoadProbeFlatpak {
    /// The app id: LoadProbe's bundle name.
    static let appID = "org.schemerouter.loadprobe"

    private static let built = FlatpakAppBuild.build(manifest: "Examples/LoadProbe/Schemes/probe.json", executable: "load-probe", appID: appID)

    /// The ostree repository holding `app/org.schemerouter.loadprobe/<arch>/master`.
    static func repository(_ runtime: FlatpakRuntime.Ready) throws -> String {
        try built.get()
    }
}
