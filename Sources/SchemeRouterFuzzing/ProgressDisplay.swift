internal import Glibc

/// Shows a running campaign: on a terminal, one line redrawn in place with a bar, execs/s,
/// findings and elapsed time; otherwise quiet, line-oriented output (a finding per line, and a
/// status line at most every `quietInterval`), which logs and CI read well.
public struct ProgressDisplay {
    /// Whether standard error is a terminal (then the bar is drawn).
    public let isTerminal: Bool
    /// How often the quiet mode prints a status line.
    public var quietInterval: Duration
    private var lastQuietLine: Duration = .zero
    private var drawn = false

    /// Creates a display for standard error.
    public init(quietInterval: Duration = .seconds(10)) {
        isTerminal = isatty(2) == 1
        self.quietInterval = quietInterval
    }

    /// Draws (or, when quiet, maybe prints) the progress.
    public mutating func show(_ progress: FuzzProgress) {
        if isTerminal {
            let width = 24
            let filled = Int(progress.fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            Self.write(
                "\r\u{1B}[K[\(bar)] \(progress.iterations) inputs  \(FuzzSummary.format(progress.execsPerSecond, digits: 0)) execs/s  findings \(progress.findings)  corpus \(progress.corpusSize)  \(FuzzSummary.format(FuzzSummary.seconds(progress.elapsed), digits: 1)) s"
            )
            drawn = true
        } else if progress.elapsed - lastQuietLine >= quietInterval {
            lastQuietLine = progress.elapsed
            Self.write(
                "fuzz: \(progress.iterations) inputs, \(FuzzSummary.format(progress.execsPerSecond, digits: 0)) execs/s, \(progress.findings) findings, \(FuzzSummary.format(FuzzSummary.seconds(progress.elapsed), digits: 0)) s\n")
        }
    }

    /// Prints a finding as one line (after clearing the bar).
    public mutating func announce(_ finding: FuzzFinding) {
        clear()
        Self.write("fuzz: finding \(finding.failure.signature): \(FuzzFinding.printable(finding.input))\(finding.file.map { " → \($0)" } ?? "")\n")
    }

    /// Clears the bar before the summary.
    public mutating func clear() {
        if drawn {
            Self.write("\r\u{1B}[K")
            drawn = false
        }
    }

    /// Writes text to standard error.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let result = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if result < 0 && errno == EINTR { continue }
                if result <= 0 { return }
                offset += result
            }
        }
    }
}
