// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SchemeRouter",
    products: [
        .library(name: "SchemeRouter", targets: ["SchemeRouter"]),
        .library(name: "SchemeRouterTestKit", targets: ["SchemeRouterTestKit"]),
        .library(name: "SchemeRouterRuntime", targets: ["SchemeRouterRuntime"]),
        .executable(name: "schemectl", targets: ["schemectl"]),
        .executable(name: "todolist", targets: ["TodoList"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // The pure core: parser, registry, routes, lifecycle state machine. No C, no sockets, no clocks.
        .target(name: "SchemeRouter"),
        // Test doubles any app can use to assert its own hook sequence: RecordingDelegate, ManualClock.
        .target(name: "SchemeRouterTestKit", dependencies: ["SchemeRouter"]),
        // Module map over the system libuv (Debian `libuv1-dev`, pkg-config `libuv`).
        .systemLibrary(
            name: "CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        // The only code that touches libuv: main run loop, single instance, wake protocol, signals, deadlines.
        .target(name: "SchemeRouterRuntime", dependencies: ["SchemeRouter", "CLibUV"]),
        // The seed's TodoList app (Listing 6-2) on Linux.
        .executableTarget(name: "TodoList", dependencies: ["SchemeRouterRuntime"], path: "Examples/TodoList"),
        .executableTarget(
            name: "schemectl",
            dependencies: [
                "SchemeRouter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SchemeRouterTests",
            dependencies: [
                "SchemeRouter",
                "SchemeRouterTestKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Real processes and real sockets: end-to-end tests of the runtime and the examples.
        .testTarget(
            name: "SchemeRouterRuntimeTests",
            dependencies: ["SchemeRouterRuntime", "SchemeRouterTestKit"]
        ),
    ]
)

// The same strictness for every target: Swift 6 language mode (strict concurrency) and upcoming features.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
