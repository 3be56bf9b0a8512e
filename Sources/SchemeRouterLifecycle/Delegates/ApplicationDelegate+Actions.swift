extension ApplicationDelegate {
    /// Declines: an app handles the actions its manifest declares by implementing this.
    public func performAction(_ action: AppAction) -> Bool { false }
}
