import PropertyBased
import SchemeRouterSender
import Testing

@testable import SchemeRouterRuntime

/// An app's own options beside the runtime's: parsed wherever they stand, the rest left to the
/// runtime in order; declarations checked at startup; the help is the app's, with the runtime's
/// part describing only what the app does. The real apps' `--help` and options: `AppCommandLineTests`.
@Suite struct AppOptionsTests {
    struct Options: AppOptions {
        var verbose = false
        var quiet = false
        var store: String?
        var profile: String?

        static let options: [AppOption<Self>] = [
            .flag("--verbose", \.verbose, help: "say more"),
            .flag("-q", \.quiet, help: "say less"),
            .value("--store", \.store, valueName: "DIR", help: "keep items in DIR"),
            .value("-p", \.profile, valueName: "NAME", help: "use the profile NAME"),
        ]
    }

    static func split(_ arguments: [String]) throws(RuntimeError) -> AppArguments<Options> {
        try AppArguments<Options>(arguments.map { Array($0.utf8) })
    }

    @Test func theAppsOptionsAreTakenWhereverTheyStand() throws {
        let split = try Self.split(["--verbose", "todolist://?a", "--store=/tmp/x", "-q", "-p", "work"])
        #expect(split.options.verbose && split.options.quiet)
        #expect(split.options.store == "/tmp/x" && split.options.profile == "work")
        #expect(split.runtime == [Array("todolist://?a".utf8)])
        let separate = try Self.split(["--store", "--odd=value", "--quit"])
        #expect(separate.options.store == "--odd=value")
        #expect(separate.runtime == [Array("--quit".utf8)])
        // Given twice, the last value wins.
        #expect(try Self.split(["--store=a", "--store", "b"]).options.store == "b")
    }

    @Test func theRuntimesArgumentsStayInOrderAndUnknownOnesAreTheRuntimes() throws {
        let split = try Self.split(["--quit", "--verbose", "--discard-state", "--bogus"])
        #expect(split.runtime.map { String(decoding: $0, as: UTF8.self) } == ["--quit", "--discard-state", "--bogus"])
        #expect(throws: RuntimeError.usage("unknown option '--bogus'")) { try InvocationArguments(Self.split(["--verbose", "--bogus"]).runtime) }
        #expect(try InvocationArguments(Self.split(["--verbose", "--quit", "--discard-state"]).runtime) == .quit(discardingState: true))
        #expect(try InvocationArguments(Self.split(["--help", "-q"]).runtime) == .help)
    }

    @Test(arguments: [
        (["--store"], "--store needs a value (--store DIR)"),
        (["-p"], "-p needs a value (-p NAME)"),
        (["--verbose=yes"], "--verbose takes no value"),
    ])
    func aMissingOrUnexpectedValueIsAUsageError(arguments: [String], message: String) {
        #expect(throws: RuntimeError.usage(message)) { try Self.split(arguments) }
    }

    @Test func aValueThatIsNotUTF8IsAUsageError() throws {
        #expect(throws: RuntimeError.usage("the value of --store is not UTF-8")) {
            try AppArguments<Options>([Array("--store=".utf8) + [0xFF]])
        }
        // A URL argument is the runtime's and stays raw bytes, whatever they are.
        #expect(try AppArguments<Options>([[0x61, 0xFF]]).runtime == [[0x61, 0xFF]])
    }

    /// Any interleaving of app options and runtime arguments: the app's are all found, the
    /// runtime's kept byte for byte in their order.
    @Test func anyInterleavingSplitsCleanly() async {
        let runtime = ["todolist://?a%20b", "--quit", "--discard-state", "--background", "x:y", "--bogus", "-z"]
        let app = [["--verbose"], ["-q"], ["--store", "/s"], ["--store=/t"], ["-p", "n"]]
        let cases = Generator { (rng: inout any SeededRandomNumberGenerator) -> (arguments: [String], runtime: [String]) in
            var arguments: [String] = []
            var kept: [String] = []
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                if Bool.random(using: &rng) {
                    arguments += app.randomElement(using: &rng)!
                } else {
                    let argument = runtime.randomElement(using: &rng)!
                    arguments.append(argument)
                    kept.append(argument)
                }
            }
            return (arguments, kept)
        }
        await propertyCheck(count: 500, input: cases) { generated in
            let split = try Self.split(generated.arguments)
            #expect(split.runtime.map { String(decoding: $0, as: UTF8.self) } == generated.runtime)
            #expect(split.options.verbose == generated.arguments.contains("--verbose"))
            #expect(split.options.quiet == generated.arguments.contains("-q"))
        }
    }

    @Test(arguments: [
        ("--help", AppOptionsError.runtimeOption("--help")),
        ("-h", .runtimeOption("-h")),
        ("--quit", .runtimeOption("--quit")),
        ("--discard-state", .runtimeOption("--discard-state")),
        ("--background", .runtimeOption("--background")),
        ("--manifest", .runtimeOption("--manifest")),
        ("--gapplication-service", .runtimeOption("--gapplication-service")),
        ("list", .invalidName("list")),
        ("--", .invalidName("--")),
        ("---x", .invalidName("---x")),
        ("--two words", .invalidName("--two words")),
        ("-xy", .invalidName("-xy")),
        ("--verbose", .duplicateName("--verbose")),
    ])
    func aBadDeclarationIsATypedError(name: String, expected: AppOptionsError) {
        #expect(throws: expected) { try Options.check([.flag("--verbose", \.verbose, help: "x"), .flag(name, \.quiet, help: "y")]) }
    }

    @Test func wellFormedDeclarationsPass() throws {
        try Options.checkDeclarations()
        struct Empty: AppOptions {
            var value: String?
            static var options: [AppOption<Self>] { [.value("--name", \.value, valueName: "", help: "x")] }
        }
        #expect(throws: AppOptionsError.emptyValueName("--name")) { try Empty.checkDeclarations() }
    }

    @Test func theRuntimesPartDescribesOnlyWhatTheAppDoes() {
        let plain = RuntimeHelp(program: "todolist", schemes: ["todolist"], restoresState: false, launchesIntoBackground: true)
        #expect(plain.invocations.contains("  todolist URL           open a todolist: URL in the running app"))
        #expect(plain.invocations.contains("  todolist --background  launch into the background\n"))
        #expect(plain.invocations.contains("  todolist --quit        terminate the running app\n"))
        #expect(!plain.description.contains("discard") && !plain.description.contains("preserve"))
        let restoring = RuntimeHelp(program: "notes", schemes: ["notes", "note"], restoresState: true, launchesIntoBackground: false)
        #expect(restoring.invocations.contains("open a notes: or note: URL"))
        #expect(restoring.invocations.contains("the state it preserves comes back at the next launch"))
        #expect(restoring.invocations.contains("  notes --quit --discard-state\n"))
        #expect(!restoring.invocations.contains("--background"))
        #expect(plain.description == plain.invocations + "\n\n" + plain.exitStatuses)
        #expect(!plain.invocations.contains("FILE"))
        let documents = RuntimeHelp(
            program: "notes", schemes: ["notes"], restoresState: false, launchesIntoBackground: true, documentPatterns: ["*.note", "*.md"])
        #expect(documents.invocations.contains("open each file (*.note, *.md), in order, in the running app, or launch it with them"))
    }

    @Test func theDefaultHelpListsTheAppsOptionsThenTheRuntimes() {
        let runtime = RuntimeHelp(program: "app", schemes: ["app"], restoresState: false, launchesIntoBackground: true)
        #expect(Options.help(runtime) == "usage: app [OPTION]... [URL]\n\n\(Options.optionsHelp)\n\n\(runtime)")
        #expect(Options.optionsHelp == "Options:\n  --verbose    say more\n  -q           say less\n  --store DIR  keep items in DIR\n  -p NAME      use the profile NAME")
        #expect(RuntimeOptionsOnly.help(runtime) == "usage: app [URL]\n\n\(runtime)")
    }
}
