/// Default system-event hooks: each does nothing.
extension ApplicationDelegate {
    /// Does nothing.
    public func significantTimeChange() {}
    /// Does nothing.
    public func systemTimeZoneDidChange(from: String, to: String) {}
    /// Does nothing.
    public func currentLocaleDidChange(from: String, to: String) {}
    /// Does nothing.
    public func didReceiveMemoryWarning() {}
}
