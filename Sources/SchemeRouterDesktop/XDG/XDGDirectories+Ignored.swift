extension XDGDirectories {
    /// The variables the XDG lookup ignores in `environment` because their value is relative
    /// (the XDG Base Directory spec calls relative paths invalid), each as a warning sentence:
    /// `HOME`, `XDG_DATA_HOME`, `XDG_CONFIG_HOME`, and relative entries of `XDG_DATA_DIRS` and
    /// `XDG_CONFIG_DIRS`. Nothing is ever created relative to the working directory.
    public static func ignoredRelativeValues(in environment: ProcessEnvironment) -> [String] {
        var warnings: [String] = []
        for name in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] {
            if let value = environment.nonEmpty(name), !value.hasPrefix("/") {
                warnings.append("ignoring the relative \(name)=\(value) (the XDG Base Directory spec requires absolute paths)")
            }
        }
        for name in ["XDG_DATA_DIRS", "XDG_CONFIG_DIRS"] {
            for entry in (environment.nonEmpty(name) ?? "").split(separator: ":") where !entry.hasPrefix("/") {
                warnings.append("ignoring the relative entry \(entry) of \(name) (the XDG Base Directory spec requires absolute paths)")
            }
        }
        return warnings
    }
}
