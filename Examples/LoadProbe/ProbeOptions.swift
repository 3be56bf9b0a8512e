import Glibc
import SchemeRouterRuntime

/// The probe's own command line: `--probe-tag TEXT`, which the primary logs as `tag TEXT` when it
/// launches (the options reach the delegate's factory), and a flag for each name
/// `LOADPROBE_OPTIONS` lists (comma-separated), so a test can declare a name the runtime uses.
struct ProbeOptions: AppOptions {
    var tag: String?
    var declared = false

    static var options: [AppOption<Self>] {
        let listed = getenv("LOADPROBE_OPTIONS").map { String(cString: $0) } ?? ""
        return [.value("--probe-tag", \.tag, valueName: "TEXT", help: "logged as 'tag TEXT' when the app launches")]
            + listed.split(separator: ",").map { .flag(String($0), \.declared, help: "declared by LOADPROBE_OPTIONS") }
    }
}
