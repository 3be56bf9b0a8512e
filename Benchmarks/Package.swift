// swift-tools-version: 6.1
// The benchmarks are their own package so the test build never compiles them. Run them with
// `Benchmarks/run` (release build, medians, ratios). No timed benchmark links the malloc
// interposer: its malloc and free (a header on every block) would slow what is timed; `run` builds
// its library (with InterposerProbe) and preloads it for the allocation count only.
import PackageDescription

let package = Package(
    name: "SchemeRouterBenchmarks",
    dependencies: [
        .package(name: "SchemeRouter", path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "SchemeRouterBenchmarks",
            dependencies: [
                .product(name: "SchemeRouter", package: "SchemeRouter"),
                "BenchmarkProcesses",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // NotesRequest and TodolistRequest from Schemes/*.json, as an app gets its request type.
            plugins: [.plugin(name: "SchemeRouterGenerator", package: "SchemeRouter")]
        ),
        // Checks that the preloaded interposer counts; building it builds the library `run` preloads.
        .executableTarget(
            name: "InterposerProbe",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Wake and cold-launch latency of `todolist` against the C-with-libuv floor (spawns processes;
        // `run` builds the measured binaries and the C programs in WakeFloor/).
        .executableTarget(
            name: "WakeBenchmarks",
            dependencies: ["WakeBenchmarksSupport", "BenchmarkProcesses"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(name: "WakeBenchmarksSupport"),
        // Process and file helpers shared by WakeBenchmarks and LoadBenchmarks.
        .target(name: "BenchmarkProcesses", dependencies: ["WakeBenchmarksSupport"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // Sustained load into one primary (LoadProbe) next to a C libuv floor server (`load` builds both).
        .executableTarget(name: "LoadBenchmarks", dependencies: ["WakeBenchmarksSupport", "BenchmarkProcesses"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // `schemectl open` waking TodoList running in a Flatpak sandbox, next to `flatpak run` (`flatpak` builds both).
        .executableTarget(name: "FlatpakBenchmark", dependencies: ["BenchmarkProcesses"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // `schemectl open` to a running TodoList next to gio open and xdg-open (Docs/Desktop.md).
        .executableTarget(name: "OpenBenchmark", swiftSettings: [.swiftLanguageMode(.v6)]),
        // Reading an app's command line at launch: AppOptions against swift-argument-parser, in
        // process and as a cold start (`options` builds the two probes static and runs this).
        .executableTarget(name: "OptionsBenchmark", dependencies: ["BenchmarkProcesses", "OptionsProbeDriver"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "OptionsProbeDriver", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "options-probe-appoptions",
            dependencies: ["OptionsProbeDriver", .product(name: "SchemeRouterRuntime", package: "SchemeRouter")],
            path: "Sources/OptionsProbeAppOptions", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "options-probe-argumentparser",
            dependencies: [
                "OptionsProbeDriver", .product(name: "SchemeRouterRuntime", package: "SchemeRouter"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/OptionsProbeArgumentParser", swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
