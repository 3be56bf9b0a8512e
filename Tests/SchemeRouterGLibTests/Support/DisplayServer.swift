/// What a test's GUI apps run on (Xvfb with openbox, headless sway, KWin `--virtual`), started for
/// one test in its throwaway directories and stopped after it.
protocol DisplayServer {
    /// The variables a client needs to reach it and behave as on that desktop.
    var environment: [String: String] { get }
    /// Stops it and whatever it started.
    func stop()
}

extension XServer: DisplayServer {
    var environment: [String: String] { ["DISPLAY": display] }
}
