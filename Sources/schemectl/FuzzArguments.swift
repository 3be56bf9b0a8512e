/// Parsing of `schemectl fuzz`'s values that argument-parser cannot read itself.
enum FuzzArguments {
    /// `60s`, `500ms`, `2m`, `1h`, `1.5s` or a plain number of seconds; `nil` when malformed or not positive.
    static func duration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(text)
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = text.dropLast(suffix.count)
            scale = factor
            break
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let milliseconds = (value * scale * 1000).rounded()
        guard milliseconds >= 1, milliseconds < 1e12 else { return nil }
        return .milliseconds(Int64(milliseconds))
    }
}
