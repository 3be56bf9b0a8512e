import Glibc
import Testing

/// The runtime directory is created 0700 and refused when unsafe (exit 77), never followed
/// through a symlink; the socket path must fit sun_path.
@Suite("Runtime directory (real processes)")
struct RuntimeDirectoryTests {
    @Test("the directory is created with mode 0700 and holds the lock and the socket")
    func createdPrivate() throws {
        let sandbox = try TodoSandbox()
        #expect(try sandbox.run(["--background"]).status == 0)
        var status = stat()
        #expect(lstat(sandbox.runtimeDirectory, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFDIR)
        #expect(status.st_mode & 0o7777 == 0o700)
        #expect(TestFiles.exists(sandbox.lockPath) && TestFiles.exists(sandbox.socketPath))
    }

    @Test("an existing directory with another mode is refused (77)", arguments: [0o755, 0o711, 0o770, 0o1700] as [mode_t])
    func wrongMode(mode: mode_t) throws {
        let sandbox = try TodoSandbox()
        mkdir(sandbox.runtimeDirectory, 0o700)
        chmod(sandbox.runtimeDirectory, mode)
        let run = try sandbox.run(["todolist://?x"])
        #expect(run.status == 77)
        #expect(run.error.contains("its mode is 0\(String(mode, radix: 8)), it must be 0700"), "\(run.error)")
        #expect(sandbox.hooks().isEmpty)
    }

    @Test("a symbolic link planted as the directory is refused (77) and never followed")
    func symlink() throws {
        let sandbox = try TodoSandbox()
        let target = sandbox.root + "/elsewhere"
        mkdir(target, 0o700)
        #expect(Glibc.symlink(target, sandbox.runtimeDirectory) == 0)
        let run = try sandbox.run(["todolist://?x"])
        #expect(run.status == 77)
        #expect(run.error.contains("symbolic link"))
        #expect(!TestFiles.exists(target + "/com.acme.todolist.lock"), "nothing was created through the link")
    }

    @Test(
        "a directory owned by another user is refused (77)",
        .enabled(if: getuid() == 0, "gives the directory to another user (nobody) with chown: needs root"))
    func otherOwner() throws {
        let sandbox = try TodoSandbox()
        mkdir(sandbox.runtimeDirectory, 0o700)
        #expect(chown(sandbox.runtimeDirectory, 65534, 65534) == 0)
        let run = try sandbox.run(["todolist://?x"])
        #expect(run.status == 77)
        #expect(run.error.contains("owned by uid 65534"))
    }

    @Test("a file in place of the directory is refused (77)")
    func notADirectory() throws {
        let sandbox = try TodoSandbox()
        TestFiles.write(sandbox.runtimeDirectory, "")
        let run = try sandbox.run(["--quit"])
        #expect(run.status == 77)
        #expect(run.error.contains("not a directory"))
    }

    @Test("a socket path longer than 107 bytes is refused (77) instead of silently truncated")
    func socketPathTooLong() throws {
        let sandbox = try TodoSandbox()
        var base = sandbox.root + "/"
        base += String(repeating: "d", count: 108 - base.utf8.count - "/schemerouter/com.acme.todolist.sock".utf8.count)
        mkdir(base, 0o700)
        // 108 bytes: one too many.
        let run = try sandbox.run(["todolist://?x"], environment: ["XDG_RUNTIME_DIR=\(base)"])
        #expect(run.status == 77)
        #expect(run.error.contains("is 108 bytes") && run.error.contains("at most 107"), "\(run.error)")
        // 107 bytes fit.
        let shorter = String(base.dropLast())
        mkdir(shorter, 0o700)
        let fits = try sandbox.run(["--background"], environment: ["XDG_RUNTIME_DIR=\(shorter)"])
        #expect(fits.status == 0, "\(fits.error)")
        #expect(try sandbox.run(["--quit"], environment: ["XDG_RUNTIME_DIR=\(shorter)"]).status == 0)
    }

    @Test("a relative XDG_RUNTIME_DIR is ignored with a warning (the fallback is used) and nothing is created relative to the working directory")
    func relative() throws {
        let sandbox = try TodoSandbox()
        let schemectl = try Executables.path("schemectl")
        let environment = sandbox.environment().filter { !$0.hasPrefix("XDG_RUNTIME_DIR=") } + ["XDG_RUNTIME_DIR=relative/dir"]
        // Run from the sandbox (env -C), so a relative directory would land inside it.
        let process = try ChildProcess(
            "/usr/bin/env", ["-C", sandbox.root, schemectl, "lifecycle", "org.example.nonexistent-\(getpid())", "state"].map { Array($0.utf8) },
            environment: environment, outputPrefix: sandbox.root + "/relative")
        #expect(try process.wait() == 8, "\(process.standardError)")
        #expect(process.standardError.contains("ignoring the relative XDG_RUNTIME_DIR=relative/dir"))
        #expect(process.standardError.contains("/tmp/schemerouter-\(geteuid())"))
        #expect(!TestFiles.exists(sandbox.root + "/relative"), "created from a relative base")
    }

    @Test("without XDG_RUNTIME_DIR the fallback is /tmp/schemerouter-<uid>, created 0700")
    func fallback() throws {
        let sandbox = try TodoSandbox()
        let schemectl = try Executables.path("schemectl")
        let environment = sandbox.environment().filter { !$0.hasPrefix("XDG_RUNTIME_DIR=") }
        let process = try ChildProcess(
            schemectl, ["lifecycle", "org.example.nonexistent-\(getpid())", "state"].map { Array($0.utf8) },
            environment: environment, outputPrefix: sandbox.root + "/fallback")
        #expect(try process.wait() == 8, "\(process.standardError)")
        var status = stat()
        #expect(lstat("/tmp/schemerouter-\(geteuid())", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o7777 == 0o700 && status.st_uid == geteuid())
    }
}
