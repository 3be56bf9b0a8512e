// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SchemeRouter",
    products: [
        .library(name: "SchemeRouter", targets: ["SchemeRouter"]),
        .library(name: "SchemeRouterLifecycle", targets: ["SchemeRouterLifecycle"]),
        .library(name: "SchemeRouterSender", targets: ["SchemeRouterSender"]),
        .library(name: "SchemeRouterTestKit", targets: ["SchemeRouterTestKit"]),
        .library(name: "SchemeRouterRuntime", targets: ["SchemeRouterRuntime"]),
        .library(name: "SchemeRouterDesktop", targets: ["SchemeRouterDesktop"]),
        .library(name: "SchemeRouterFuzzing", targets: ["SchemeRouterFuzzing"]),
        .library(name: "SchemeRouterGLib", targets: ["SchemeRouterGLib"]),
        .library(name: "SchemeRouterGTK", targets: ["SchemeRouterGTK"]),
        .plugin(name: "SchemeRouterGenerator", targets: ["SchemeRouterGenerator"]),
        .executable(name: "schemectl", targets: ["schemectl"]),
        .executable(name: "todolist", targets: ["TodoList"]),
        .executable(name: "share-to-todo", targets: ["ShareToTodo"]),
        .executable(name: "notes", targets: ["Notes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The URL and routing core: parser, manifests, registry, routes, typed requests, printing.
        // No C, no sockets, no clocks, no Foundation, no file I/O (callers hand it bytes).
        // Double's rounding (JSON numbers) calls libm, which only a Glibc import would link otherwise.
        .target(name: "SchemeRouter", linkerSettings: [.linkedLibrary("m")]),
        // The app model: one lifecycle engine for apps with and without scenes, background tasks,
        // queued system events, preservation rules. Pure: events in, hook calls out.
        .target(name: "SchemeRouterLifecycle", dependencies: ["SchemeRouter"]),
        // The generator the plugin runs: an app's manifest → its request type, printing and the
        // embedded manifest; manifest errors as build diagnostics (path:line:column). The core only.
        .executableTarget(name: "schemerouter-generator", dependencies: ["SchemeRouter"]),
        // The build-tool plugin: every `Schemes/<name>.json` in a target → `<Name>Request`, at every build.
        .plugin(name: "SchemeRouterGenerator", capability: .buildTool(), dependencies: ["schemerouter-generator"]),
        // Test doubles any app can use to assert its own hook sequence: RecordingDelegate, RecordingSceneApp, ManualClock, InMemoryRestorationStore.
        .target(name: "SchemeRouterTestKit", dependencies: ["SchemeRouter", "SchemeRouterLifecycle"]),
        // Module map over the system libuv (Debian `libuv1-dev`, pkg-config `libuv`), and nothing else.
        .systemLibrary(
            name: "CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        // Module map over the system libdbus-1 (Debian `libdbus-1-dev`, pkg-config `dbus-1`): the
        // runtime's D-Bus door (org.freedesktop.Application) and the desktop layer's OpenURI
        // portal client.
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // The two libsystemd calls libdbus-1.a refers to, answered "no sockets passed" (hidden
        // symbols), so a static executable links without a libsystemd.a Debian does not ship.
        .target(name: "CDBusStaticLink"),
        // The Linux calls Swift cannot make (variadic, or hidden behind _GNU_SOURCE): pidfd,
        // pipe2, accept4, spawn helpers, fcntl with an argument, libdispatch's main-queue hooks.
        .systemLibrary(name: "CSchemeRouterLinux"),
        // The one platform layer under the runtime, the desktop layer and the fuzzer: the errno
        // error, checked calls, the bounded whole-file reader, the atomic writer, the child process,
        // the monotonic clock.
        // the monotonic clock, reading manifest files, one-line messages to standard error.
        .target(name: "SchemeRouterPlatform", dependencies: ["SchemeRouter", "CSchemeRouterLinux"]),
        // The sender: the wire protocol and the client that hands a URL to a running primary and
        // reads its verdict, the runtime directory and the single-instance lookup, the one
        // verdict-to-exit-status table. No server: no listening socket, no D-Bus door, no libuv.
        .target(
            name: "SchemeRouterSender",
            dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterPlatform", "CSchemeRouterLinux"]),
        // The kernel's sources of system events (clock set, time zone, locale, memory pressure):
        // descriptors the runtime polls and `schemectl status` surveys.
        .target(name: "SchemeRouterSystemEvents", dependencies: ["SchemeRouterLifecycle", "SchemeRouterPlatform", "CSchemeRouterLinux"]),
        // The primary, and the only code that touches libuv: the run loop, the socket door and the
        // D-Bus door, signals, deadlines, the archive on disk, `Application.main`.
        .target(
            name: "SchemeRouterRuntime",
            dependencies: [
                "SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterPlatform", "SchemeRouterSender", "SchemeRouterSystemEvents",
                "CLibUV", "CSchemeRouterLinux", "CDBus", "CDBusStaticLink",
            ]),
        // Desktop integration: .desktop files, mimeapps.list, XDG lookup, Info.plist, open/canOpen
        // (inside a Flatpak sandbox through the OpenURI portal: a libdbus client, no door).
        .target(
            name: "SchemeRouterDesktop",
            dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterPlatform", "CDBus", "CDBusStaticLink"]),
        // Module maps over GLib/GIO (Debian `libglib2.0-dev`, pkg-config `gio-2.0`) and GTK 4
        // (Debian `libgtk-4-dev`, pkg-config `gtk4`): only the optional GLib/GTK layers use them.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // Optional: the runtime inside GLib's main context (libuv and the main queue as GLib sources).
        .target(name: "SchemeRouterGLib", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterRuntime", "CGLib"]),
        // Optional: GTK 4 windows drive the lifecycle; activation tokens reach the presented window.
        .target(name: "SchemeRouterGTK", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterRuntime", "SchemeRouterGLib", "CGLib", "CGTK"]),
        // The fuzzing engine behind `schemectl fuzz`: generation, mutation, oracles, minimisation.
        .target(name: "SchemeRouterFuzzing", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterPlatform"]),
        // `schemectl`: validate, route, register, open, status, lifecycle and fuzz.
        .executableTarget(
            name: "schemectl",
            dependencies: [
                "SchemeRouter",
                "SchemeRouterLifecycle",
                "SchemeRouterPlatform",
                "SchemeRouterSender",
                "SchemeRouterSystemEvents",
                "SchemeRouterDesktop",
                "SchemeRouterFuzzing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The seed's TodoList app (Listing 6-2) on Linux.
        .executableTarget(
            name: "TodoList", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterPlatform", "SchemeRouterRuntime"],
            path: "Examples/TodoList", plugins: ["SchemeRouterGenerator"]),
        // A second app that sends todolist: URLs through the library (inter-app communication).
        .executableTarget(
            name: "ShareToTodo", dependencies: ["SchemeRouterDesktop", "SchemeRouterLifecycle", "SchemeRouterSender"],
            path: "Examples/ShareToTodo"),
        // Executables the tests, the demo and the benchmarks build and run, never shipped (no
        // product): each target is named as the executable they run.
        // A handler with planted bugs for `schemectl fuzz --target` to find.
        .executableTarget(
            name: "fragile-handler", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterRuntime"],
            path: "Examples/FragileHandler", plugins: ["SchemeRouterGenerator"]),
        // An app that records deliveries cheaply or misbehaves on request, and a load driver (issue 6).
        .executableTarget(
            name: "load-probe", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterRuntime", "CLibUV"],
            path: "Examples/LoadProbe", plugins: ["SchemeRouterGenerator"]),
        // SchemeRouter's in-process fuzz target with planted traps and hangs, through the fuzzing
        // library's crash path (InProcessCrashTests).
        .executableTarget(
            name: "FuzzProbe", dependencies: ["SchemeRouter", "SchemeRouterFuzzing", "SchemeRouterPlatform"], path: "Examples/FuzzProbe"),
        // A real GTK 4 app: notes:// URLs open, create and search notes in a window (issue 17).
        .executableTarget(
            name: "Notes", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterRuntime", "SchemeRouterGTK", "CGTK"], path: "Examples/Notes",
            // Its own desktop entry, which `schemectl register` merges SchemeRouter's keys into.
            exclude: ["com.example.notes.desktop"], plugins: ["SchemeRouterGenerator"]),
        // A probe for the tests, never shipped (no product): a window that mints activation tokens as a launcher does (the Wayland tests).
        .executableTarget(name: "LauncherProbe", dependencies: ["CGLib", "CGTK"], path: "Examples/LauncherProbe"),
        // A probe for the tests, never shipped (no product): one GTK window without scenes (WindowProbeTests).
        .executableTarget(
            name: "WindowProbe", dependencies: ["SchemeRouter", "SchemeRouterLifecycle", "SchemeRouterRuntime", "SchemeRouterGTK"], path: "Examples/WindowProbe",
            plugins: ["SchemeRouterGenerator"]),

        // The pure core: no sockets, no clocks, no processes.
        .testTarget(
            name: "SchemeRouterTests",
            dependencies: [
                "SchemeRouter",
                "SchemeRouterLifecycle",
                "SchemeRouterTestKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // The tests' one-nanosecond step of the wall clock (the kernel's clock-set notice, for real).
        .target(name: "CWallClockStep", path: "Tests/CWallClockStep"),
        // The request type the SchemeRouterGenerator plugin generates from Schemes/everything.json
        // (every parameter type): round trips, positions, names, the embedded bytes.
        .testTarget(
            name: "SchemeRouterGeneratedTests",
            dependencies: ["SchemeRouter", "SchemeRouterTestKit", .product(name: "PropertyBased", package: "swift-property-based")],
            plugins: ["SchemeRouterGenerator"]
        ),
        // Real processes and real sockets: end-to-end tests of the runtime and the examples.
        .testTarget(
            name: "SchemeRouterRuntimeTests",
            dependencies: [
                "SchemeRouterRuntime", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterSystemEvents", "SchemeRouterTestKit",
                "SchemeRouterPlatform", "CSchemeRouterLinux", "CWallClockStep",
            ],
            // Compiled by DocSnippetTests next to the documentation's code blocks, not into the tests.
            exclude: ["DocPreludes"]
        ),
        // Real xdg-utils, desktop-file-utils and gio in throwaway XDG directories.
        .testTarget(
            name: "SchemeRouterDesktopTests",
            dependencies: [
                "SchemeRouterDesktop", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterPlatform",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SchemeRouterFuzzingTests",
            dependencies: [
                "SchemeRouterFuzzing", "SchemeRouterLifecycle", "SchemeRouterSender", "SchemeRouterPlatform",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The platform layer against the real kernel: FIFOs, devices, children, atomic writes, documents' paths.
        .testTarget(
            name: "SchemeRouterPlatformTests",
            dependencies: ["SchemeRouterPlatform", "SchemeRouter", "SchemeRouterSender", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // A real GTK app in a real Xvfb with a real window manager (openbox), real xdg-open and gio.
        .testTarget(name: "SchemeRouterGLibTests", dependencies: ["SchemeRouterGLib", "SchemeRouterDesktop", "SchemeRouterPlatform", "CGLib"]),
        // Real Flatpak sandboxes and the real OpenURI portal: TodoList built with `schemectl flatpak`
        // and flatpak-builder on a runtime `scripts/flatpak-test-runtime` caches outside the clone.
        .testTarget(
            name: "SchemeRouterFlatpakTests",
            dependencies: ["SchemeRouterSender", "SchemeRouterPlatform", "CSchemeRouterLinux"],
            exclude: ["Support/stub-appchooser.py"]
        ),
        // The CLI as a user runs it: exit statuses, --json, help text snapshots.
        .testTarget(name: "SchemectlTests", dependencies: ["SchemeRouter"], exclude: ["Snapshots"]),
    ]
)

// The same strictness for every target: Swift 6 language mode (strict concurrency) and upcoming features.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
