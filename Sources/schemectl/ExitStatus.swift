import ArgumentParser

/// Every exit status `schemectl` uses, documented in the README and in `schemectl --help`.
enum ExitStatus {
    /// Everything given was valid (or handled).
    static let success = ExitCode(0)
    /// At least one URL was rejected by the strict parser.
    static let rejected = ExitCode(1)
    /// A valid URL matched no route, or a route parameter was invalid.
    static let noRoute = ExitCode(2)
    /// Wrong arguments (argument-parser's `ValidationError`, like `EX_USAGE`).
    static let usage = ExitCode(64)
    /// A manifest is invalid (like `EX_DATAERR`).
    static let invalidManifest = ExitCode(65)
    /// An input file or directory could not be read (like `EX_NOINPUT`).
    static let cannotRead = ExitCode(66)
}
