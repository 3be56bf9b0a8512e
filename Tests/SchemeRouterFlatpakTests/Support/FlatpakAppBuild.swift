import Glibc

import SchemeRouterPlatform

/// An example app packaged as a Flatpak the way a user would: `schemectl flatpak MANIFEST
/// --executable APP --include schemectl` writes the desktop file, the MIME package (when the app
/// defines types) and the flatpak-builder manifest, and flatpak-builder builds it (against the
/// test runtime, its own SDK) into an ostree repository, removed when the process exits.
enum FlatpakAppBuild {
    /// Builds the app of `manifest` (relative to the package root) whose executable is the
    /// product `executable`, into a repository holding `app/<appID>/<arch>/master`.
    static func build(manifest: String, executable: String, appID: String) -> Result<String, FlatpakTestFailure> {
        guard case .ready(let runtime) = FlatpakRuntime.status else {
            return .failure(FlatpakTestFailure("the Flatpak runtime is not available"))
        }
        var template = Array("/tmp/srfp-app.XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            return .failure(FlatpakTestFailure("mkdtemp failed"))
        }
        let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        removeAtExit(root)
        do {
            let schemectl = try Binaries.path("schemectl")
            let app = try Binaries.path(executable)
            let package = try run(schemectl, [
                "flatpak", FlatpakRuntime.packageRoot + "/" + manifest, "--executable", app, "--include", schemectl,
                "--output", root + "/package", "--runtime", runtime.id, "--runtime-version", runtime.branch, "--sdk", runtime.id,
            ], root: root, runtime: runtime)
            guard package.termination == .exited(0) else {
                return .failure(FlatpakTestFailure("schemectl flatpak: \(package.termination): \(package.standardErrorText)"))
            }
            // No rofiles-fuse (no FUSE needed), no network, state and build directories of its own.
            let builder = try run("flatpak-builder", [
                "--disable-rofiles-fuse", "--disable-updates", "--disable-download", "--state-dir=\(root)/state",
                "--repo=\(root)/repo", root + "/build", root + "/package/\(appID).json",
            ], root: root, runtime: runtime)
            guard builder.termination == .exited(0) else {
                return .failure(FlatpakTestFailure("flatpak-builder: \(builder.termination): \(builder.standardErrorText)\(builder.standardOutputText)"))
            }
            // Only the repository is needed from here on.
            _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", root + "/build", root + "/state"], environment: [], deadline: .seconds(60))
            return .success(root + "/repo")
        } catch let error as FlatpakTestFailure {
            return .failure(error)
        } catch {
            return .failure(FlatpakTestFailure("\(error)"))
        }
    }

    /// Runs a build step with a throwaway home and user installation, the runtime's installation.
    private static func run(_ tool: String, _ arguments: [String], root: String, runtime: FlatpakRuntime.Ready) throws
        -> ChildProcess.Result
    {
        let path = tool.hasPrefix("/") ? tool : FlatpakRuntime.which(tool) ?? tool
        try FileSystem.makeDirectories(root + "/home")
        let environment = [
            "HOME=\(root)/home", "FLATPAK_USER_DIR=\(root)/user", "FLATPAK_SYSTEM_DIR=\(runtime.systemDirectory)",
            "PATH=\(Sys.environment("PATH") ?? "/usr/bin:/bin")", "LANG=C.UTF-8",
        ]
        return try ChildProcess.run(path, arguments: [tool] + arguments, environment: environment, deadline: .seconds(300))
    }

    nonisolated(unsafe) private static var removals: [String] = []

    /// Removes `directory` when the test process exits.
    private static func removeAtExit(_ directory: String) {
        removals.append(directory)
        atexit {
            for directory in FlatpakAppBuild.removals {
                _ = try? ChildProcess.run("/bin/rm", arguments: ["rm", "-rf", directory], environment: [], deadline: .seconds(60))
            }
        }
    }
}
