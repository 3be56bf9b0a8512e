internal import SchemeRouterSender

/// What an app invocation asks of the runtime, from the raw `argv` bytes that are not the app's
/// own options (`AppArguments`); `RuntimeHelp` describes them to the app's users.
///
/// | arguments | meaning |
/// |---|---|
/// | `URL`… or `FILE`… | open each, in order: hand them to the running primary, or launch with them (a path is sent as its `file:` URL, ``OpenArgument``) |
/// | (none) | launch into the foreground, or bring the running app to the foreground |
/// | `--background` | launch into the background (nothing to do when already running) |
/// | `--quit` | terminate the running primary (its state is preserved) |
/// | `--quit --discard-state` | force-quit: terminate it and delete its preserved state |
/// | `--manifest` | print the embedded manifest JSON exactly (for registration tools and tests) |
/// | `--gapplication-service` | started by the session bus (D-Bus activation): launch with the first `Open` |
/// | `--help` | print the app's help (`AppOptions.help`) |
enum InvocationArguments: Equatable {
    case open([[UInt8]])
    case launch(intoBackground: Bool)
    case quit(discardingState: Bool)
    case manifest
    case busService
    case help

    /// Parses the arguments after the program name.
    /// - Throws: `RuntimeError` (usage) for an unknown option or extra arguments.
    init(_ arguments: [[UInt8]]) throws(RuntimeError) {
        if arguments.map({ String(decoding: $0, as: UTF8.self) }) == ["--quit", "--discard-state"] {
            self = .quit(discardingState: true)
            return
        }
        if arguments.count > 1 {
            if let option = arguments.first(where: Self.isOption) {
                throw .usage("'\(String(decoding: option, as: UTF8.self))' is an option: options go alone, URLs and files may be several")
            }
            self = .open(arguments)
            return
        }
        guard let argument = arguments.first else {
            self = .launch(intoBackground: false)
            return
        }
        switch String(decoding: argument, as: UTF8.self) {
        case "--background": self = .launch(intoBackground: true)
        case "--quit": self = .quit(discardingState: false)
        case "--manifest": self = .manifest
        case "--gapplication-service": self = .busService
        case "--help", "-h": self = .help
        case let option where Self.isOption(argument):
            throw .usage("unknown option '\(option)'")
        default: self = .open([argument])
        }
    }

    /// Whether an argument is an option (`-x`, `--x`), not a URL or a file.
    static func isOption(_ argument: [UInt8]) -> Bool {
        argument.count > 1 && argument.first == UInt8(ascii: "-") && !argument.contains(UInt8(ascii: ":"))
    }

    /// The process's arguments after the program name, as the exact bytes the kernel passed.
    static var raw: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            return Array(UnsafeRawBufferPointer(start: pointer, count: length))
        }
    }
}
