/// One option of an app's own command line, declared in ``AppOptions/options``: a flag
/// (`--list`) or an option with a value (`--store DIR` or `--store=DIR`), and what it sets.
///
/// ```swift
/// static let options: [AppOption<Self>] = [
///     .flag("--list", \.list, help: "print the stored items as one JSON array and exit"),
///     .value("--store", \.store, valueName: "DIR", help: "keep the items in DIR"),
/// ]
/// ```
// Unconstrained: an app's `[AppOption<Self>]` is then made without a conformance lookup at start-up.
public struct AppOption<Options>: Sendable {
    /// The name, `--list` or `-l`.
    public let name: String
    /// The value's name in the help (`DIR`), or `nil` for a flag.
    public let valueName: String?
    /// One line for the help.
    public let help: String
    /// Sets the parsed value (`nil` for a flag).
    let apply: @Sendable (inout Options, String?) -> Void

    /// A flag: present, it sets `keyPath` to `true`.
    /// - Parameters:
    ///   - name: `--name` (letters, digits and `-`), or `-x`.
    ///   - keyPath: The property it sets.
    ///   - help: One line for the help.
    public static func flag(_ name: String, _ keyPath: any WritableKeyPath<Options, Bool> & Sendable, help: String) -> AppOption {
        AppOption(name: name, valueName: nil, help: help) { options, _ in options[keyPath: keyPath] = true }
    }

    /// An option with a value, `--name VALUE` or `--name=VALUE` (UTF-8); given again, the last wins.
    /// - Parameters:
    ///   - name: `--name` (letters, digits and `-`), or `-x`.
    ///   - keyPath: The property the value is stored in.
    ///   - valueName: The value's name in the help, e.g. `DIR`.
    ///   - help: One line for the help.
    public static func value(
        _ name: String, _ keyPath: any WritableKeyPath<Options, String?> & Sendable, valueName: String, help: String
    ) -> AppOption {
        AppOption(name: name, valueName: valueName, help: help) { options, value in options[keyPath: keyPath] = value }
    }

    /// `--store DIR`, or `--list`: how the help shows it.
    public var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}
