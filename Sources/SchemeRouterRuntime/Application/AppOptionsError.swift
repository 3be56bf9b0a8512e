/// Why an app's declared options (``AppOptions/options``) cannot be used: found before anything
/// else runs, reported at startup with exit status 64 (`ExitStatus.usage`).
public enum AppOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is one of the runtime's own options (``RuntimeHelp/optionNames``).
    case runtimeOption(String)
    /// Two options have this name.
    case duplicateName(String)
    /// The name is not `--name` (letters, digits and `-`, starting with a letter or digit) or `-x`.
    case invalidName(String)
    /// An option with a value whose ``AppOption/valueName`` is empty.
    case emptyValueName(String)

    /// What is wrong, naming the option.
    public var description: String {
        switch self {
        case .runtimeOption(let name): "the app's option \(name) is also the runtime's own; rename it"
        case .duplicateName(let name): "the app declares \(name) twice"
        case .invalidName(let name):
            "the app's option '\(name)' is not --name (letters, digits and '-') or -x"
        case .emptyValueName(let name): "the app's option \(name) takes a value but names it \"\""
        }
    }
}
