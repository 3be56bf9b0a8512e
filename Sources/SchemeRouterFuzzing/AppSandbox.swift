internal import Glibc
public import SchemeRouterPlatform

/// Throwaway directories for an app under attack, so a campaign touches none of the user's
/// state: its own `XDG_RUNTIME_DIR` (a private runtime directory: no running instance of the
/// real app is reached, and none is disturbed), `XDG_DATA_HOME`, `XDG_CONFIG_HOME`,
/// `XDG_CACHE_HOME` and `HOME` (whatever the app stores goes there), all under one `mkdtemp`
/// directory removed by ``remove()``.
///
/// There are two such sets, `launch/` and `wake/`: cold launches run in their own runtime
/// directory, so they neither wake nor disturb the primary that wake deliveries go to.
public final class AppSandbox: Sendable {
    /// The sandbox's root.
    public let root: String

    /// Creates the directories (mode 0700).
    public init() throws(SystemError) {
        var template = Array("/tmp/schemectl-fuzz-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw SystemError(errno: errno, call: "mkdtemp", path: "/tmp/schemectl-fuzz-XXXXXX")
        }
        root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for set in ["launch", "wake"] {
            for name in ["", "/runtime", "/data", "/config", "/cache", "/home"] {
                let path = root + "/" + set + name
                guard mkdir(path, 0o700) == 0 else { throw SystemError(errno: errno, call: "mkdir", path: path) }
            }
        }
    }

    /// The wake primary's runtime directory (`XDG_RUNTIME_DIR`).
    public var runtimeDirectory: String { root + "/wake/runtime" }

    /// The environment entries that point an app into the sandbox: the `wake` set or the `launch` set.
    public func environment(launch: Bool) -> [String] {
        let base = root + (launch ? "/launch" : "/wake")
        return [
            "XDG_RUNTIME_DIR=\(base)/runtime", "XDG_DATA_HOME=\(base)/data", "XDG_CONFIG_HOME=\(base)/config",
            "XDG_CACHE_HOME=\(base)/cache", "HOME=\(base)/home",
        ]
    }

    /// Points this process's own runtime directory into the sandbox, so that `WakeClient` reaches
    /// the sandboxed app (it reads `XDG_RUNTIME_DIR` from the process environment).
    public func enter() {
        setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
    }

    /// Removes the sandbox and everything in it.
    public func remove() {
        _ = try? ChildProcess.run([Array("/bin/rm".utf8), Array("-rf".utf8), Array(root.utf8)], deadline: .seconds(60))
    }
}
