public import SchemeRouterSender

/// An app's own command line, beside the runtime's: the options it declares, the help it prints
/// for `--help`, and the work of an option that is a command of its own.
///
/// ```swift
/// struct TodoListOptions: AppOptions {
///     var list = false
///     static let options: [AppOption<Self>] = [
///         .flag("--list", \.list, help: "print the stored items as one JSON array and exit"),
///     ]
///     func run() -> ExitStatus? { list ? TodoStore.printListing() : nil }
/// }
///
/// Application.main(options: TodoListOptions.self) { options in TodoListDelegate(store: TodoStore()) }
/// ```
///
/// `Application.main(options:settings:host:makeDelegate:)` checks the declarations
/// (``checkDeclarations()``: a name the runtime uses itself is an ``AppOptionsError``, exit 64),
/// then reads every argument: the app's options wherever they stand, the rest the runtime's (a URL,
/// `--background`, `--quit`, …). An unknown option, a missing value or a second URL is a usage
/// error (exit 64). `--help` prints ``help(_:)`` and exits 0. Otherwise ``run()`` runs, before the
/// runtime decides whether this process hands its URL to the running app or becomes it, and the
/// options reach the delegate's factory, which only the process that becomes the app calls: a
/// running app does not see the options of a later invocation.
public protocol AppOptions: Sendable {
    /// The options before parsing: every property at its default.
    init()

    /// The app's options, in the order the help lists them.
    static var options: [AppOption<Self>] { get }

    /// The text `app --help` prints. `runtime` is the runtime's part for this app (what it does
    /// with a URL, `--background`, `--quit`, …, and the exit statuses); include it as it is, a
    /// part of it, or nothing. The default is a usage line, ``optionsHelp`` and `runtime`.
    static func help(_ runtime: RuntimeHelp) -> String

    /// Does the work of an option that is a command of its own (print something and exit), or
    /// nothing. The default does nothing.
    /// - Returns: The status to exit with now, or `nil` to go on: launch, or wake the running app.
    func run() -> ExitStatus?
}

extension AppOptions {
    /// No options.
    public static var options: [AppOption<Self>] { [] }

    /// `usage: app [OPTION]... [URL]`, the app's options (``optionsHelp``) and `runtime`.
    public static func help(_ runtime: RuntimeHelp) -> String {
        let usage = "usage: \(runtime.program)\(options.isEmpty ? "" : " [OPTION]...") [URL]"
        return options.isEmpty ? "\(usage)\n\n\(runtime)" : "\(usage)\n\n\(optionsHelp)\n\n\(runtime)"
    }

    /// Nothing to do: go on.
    public func run() -> ExitStatus? { nil }

    /// `Options:` and one line per option, aligned, for a help text.
    public static var optionsHelp: String {
        let width = options.map(\.synopsis.count).max() ?? 0
        return (["Options:"] + options.map { "  " + $0.synopsis.padded(to: width) + "  " + $0.help }).joined(separator: "\n")
    }

    /// Reads `arguments` (after the program name) as `Application.main(options:…)` does: the
    /// app's options set on a new value, and the other arguments, in order, left for the runtime.
    /// For an app's own tests of its options.
    /// - Throws: `RuntimeError` (usage, exit 64) for an option without its value, a flag given a
    ///   value, or a value that is not UTF-8.
    public static func parse(_ arguments: [String]) throws(RuntimeError) -> (options: Self, runtimeArguments: [String]) {
        let split = try AppArguments<Self>(arguments.map { Array($0.utf8) })
        return (split.options, split.runtime.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Checks the declarations: each name well formed, none twice, none of the runtime's own.
    /// - Throws: ``AppOptionsError`` for the first bad declaration.
    public static func checkDeclarations() throws(AppOptionsError) { try check(options) }

    /// Checks `declared` as ``checkDeclarations()`` does.
    static func check(_ declared: [AppOption<Self>]) throws(AppOptionsError) {
        // An array of names, not a Set: an app has a handful of options, and a Set<String> made here
        // would be the process's first, paying a scan of every conformance record at each start.
        var seen: [String] = []
        for option in declared {
            let name = option.name
            guard Self.isWellFormed(name) else { throw .invalidName(name) }
            guard !RuntimeHelp.optionNames.contains(name) else { throw .runtimeOption(name) }
            guard !seen.contains(name) else { throw .duplicateName(name) }
            seen.append(name)
            if let valueName = option.valueName, valueName.isEmpty { throw .emptyValueName(name) }
        }
    }

    /// `--name` (a letter or digit, then letters, digits and `-`) or `-x`.
    private static func isWellFormed(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        }
        if bytes.count == 2 { return bytes[0] == UInt8(ascii: "-") && isAlphanumeric(bytes[1]) }
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "-"), bytes[1] == UInt8(ascii: "-"), isAlphanumeric(bytes[2]) else { return false }
        return bytes.dropFirst(3).allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }
}

/// The options of an app that declares none: only the runtime's.
struct RuntimeOptionsOnly: AppOptions {}

extension String {
    /// The string with spaces after it up to `width` characters.
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
