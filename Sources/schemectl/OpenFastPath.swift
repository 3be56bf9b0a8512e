import Glibc

/// `schemectl open …` without argument-parser: the command line is read by hand and, when it is
/// one this understands completely, the command runs and the process exits here. Anything else
/// (`--help`, an unknown option, a missing URL) falls through to argument-parser, which reports
/// it exactly as for every other command.
///
/// Why: argument-parser builds its command tree by reflection (`String(describing:)` of every
/// command type, protocol-conformance scans over this 29 MB binary) before it looks at the
/// arguments, about 2 ms — most of `open`'s budget on the wake path.
enum OpenFastPath {
    static func runIfPossible() {
        // argv read directly: `CommandLine.arguments` costs a generic-metadata instantiation.
        guard CommandLine.argc > 1 else { return }
        var arguments: [String] = []
        arguments.reserveCapacity(Int(CommandLine.argc))
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { return }
            arguments.append(String(cString: pointer))
        }
        guard arguments.first == "open" else { return }
        arguments.removeFirst()
        var url: String?
        var json = false
        var noWait = false
        var source = "schemectl"
        var annotation: String?
        var timeout = 35.0
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--json": json = true
            case "--no-wait": noWait = true
            case "--source":
                guard let value = iterator.next() else { return }
                source = value
            case "--annotation":
                guard let value = iterator.next() else { return }
                annotation = value
            case "--timeout":
                guard let text = iterator.next(), let value = Double(text), value > 0 && value <= 86_400 else { return }
                timeout = value
            default:
                guard !argument.hasPrefix("-"), url == nil else { return }
                url = argument
            }
        }
        guard let url else { return }
        exit(OpenCommand.execute(url: url, json: json, noWait: noWait, source: source, annotation: annotation, timeout: timeout))
    }
}
