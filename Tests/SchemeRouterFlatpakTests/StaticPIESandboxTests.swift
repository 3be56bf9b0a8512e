import Glibc
import Testing

import SchemeRouterPlatform

/// Why the shipped binary is a static PIE: the sandbox has no Swift runtime (the tests' debug
/// build only starts there because each test app may read the toolchain's libraries). A Swift
/// program linked as `scripts/release --static-pie` links runs in the sandbox without them; the
/// debug `todolist` does not. (`Benchmarks/flatpak` runs the shipped static PIE of TodoList there.)
@Suite("Flatpak: a static PIE needs no Swift runtime in the sandbox", .serialized)
struct StaticPIESandboxTests {
    @Test func aStaticPIERunsWhereTheDebugBuildCannot() throws {
        let world = try FlatpakSingleInstanceTests.world()
        defer { world.tearDown() }
        let directory = world.root + "/pie"
        try FileSystem.makeDirectories(directory)
        try FileSystem.writeAtomically(
            Array("import Glibc\nprint(\"a static PIE in \\(String(cString: getenv(\"FLATPAK_ID\")!))\")\n".utf8), to: directory + "/main.swift")
        // The link flags of scripts/release --static-pie (and scripts/check-static-pie --recipe).
        let compiled = try world.run("swiftc", [
            "-static-executable", "-use-ld=lld", "-Xclang-linker", "-static-pie", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            directory + "/main.swift", "-o", directory + "/pie",
        ], timeout: .seconds(300))
        try #require(FileSystem.isExecutableFile(directory + "/pie"), "swiftc: \(compiled.standardErrorText)")
        let check = try world.run(FlatpakRuntime.packageRoot + "/scripts/check-static-pie", [directory + "/pie"])
        #expect(check.termination == .exited(0), "\(check.standardErrorText)")

        // The toolchain's libraries hidden again (the test app's override shows them).
        let hidden = world.runtime.toolchainLibraries.map { "--nofilesystem=\($0)" }
        let pie = try world.run("flatpak", ["run"] + hidden + ["--filesystem=\(directory):ro", "--command=\(directory)/pie", world.appID])
        #expect(pie.termination == .exited(0), "\(pie.standardErrorText)")
        #expect(pie.standardOutputText == "a static PIE in com.acme.todolist\n")
        let debug = try world.run("flatpak", ["run"] + hidden + ["--command=/app/bin/todolist", world.appID, "--help"])
        #expect(debug.termination != .exited(0), "the debug build started without the Swift runtime: \(debug.standardOutputText)")
        #expect(debug.standardErrorText.contains("error while loading shared libraries: libswift"), "\(debug.standardErrorText)")
    }
}
