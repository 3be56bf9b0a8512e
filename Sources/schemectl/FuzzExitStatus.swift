import ArgumentParser

/// The exit statuses of `schemectl fuzz`, documented in its `--help` and in Docs/Fuzzing.md.
enum FuzzExitStatus {
    /// Nothing was found (differential disagreements do not count: they are questions, not failures).
    static let nothingFound = ExitCode(0)
    /// At least one finding was written (or, with `--replay`, an input still fails).
    static let found = ExitCode(1)
    /// With `--replay`: the input ran past its deadline (the watchdog's status, `InputWatchdog.hangExitStatus`).
    static let inputHung = ExitCode(3)
    /// Wrong arguments (`ValidationError`, like `EX_USAGE`).
    static let usage = ExitCode(64)
    /// A manifest is invalid (like `EX_DATAERR`).
    static let invalidManifest = ExitCode(65)
    /// A manifest, corpus or replay file could not be read (like `EX_NOINPUT`).
    static let cannotRead = ExitCode(66)
    /// The target app could not be started, or its wake socket never came up (like `EX_UNAVAILABLE`).
    static let targetUnavailable = ExitCode(69)
    /// The findings directory could not be created or written (like `EX_CANTCREAT`).
    static let cannotWriteFindings = ExitCode(73)
}
