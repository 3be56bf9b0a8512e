import Testing

@testable import SchemeRouterDesktop

/// The real desktop tools the tests run. `bash scripts/test` installs them (`scripts/setup
/// desktop`); a test that needs them fails with this message when they are missing, it never skips.
enum Tools {
    static let required = ["xdg-open", "xdg-mime", "gio", "desktop-file-validate", "update-desktop-database"]

    /// Fails the test, naming the missing tools and the command that installs them.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let environment = ProcessEnvironment.current()
        let missing = required.filter { environment.which($0) == nil }
        try #require(
            missing.isEmpty,
            "missing desktop tools \(missing.joined(separator: ", ")): run `bash scripts/setup desktop` (installs xdg-utils, desktop-file-utils, libglib2.0-bin)",
            sourceLocation: sourceLocation)
    }
}
