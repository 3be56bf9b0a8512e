/// What a toolkit reports about one of the app's top-level windows (GTK's `is-active` and
/// `GdkToplevel` state, or any other toolkit's equivalent).
public struct WindowSnapshot: Sendable, Hashable {
    /// Mapped and not minimised: the user can see it.
    public var isVisible: Bool
    /// It has the focus (GTK: `is-active` on X11, the toplevel's `focused` state on Wayland).
    public var isFocused: Bool

    /// Creates a snapshot.
    public init(isVisible: Bool, isFocused: Bool) {
        self.isVisible = isVisible
        self.isFocused = isFocused
    }
}

/// What the app does when its last window is closed (not minimised).
public enum LastWindowPolicy: String, Sendable, CaseIterable {
    /// Keep running in the background (the default): a URL brings a window back.
    case stayInBackground
    /// Terminate, as UIKit's `UIApplicationExitsOnSuspend`: `willTerminate`, then exit.
    case terminate
}

/// One step the lifecycle controller takes when the windows change.
public enum WindowLifecycleStep: String, Sendable, Hashable {
    /// ``LifecycleController/resignActive()``.
    case resignActive
    /// ``LifecycleController/becomeActive()``.
    case becomeActive
    /// ``LifecycleController/enterBackground()``.
    case enterBackground
    /// ``LifecycleController/enterForeground()`` (ends `active`).
    case enterForeground
    /// ``LifecycleController/terminate(discardingState:)`` (the last window closed under ``LastWindowPolicy/terminate``).
    case terminate
}

/// The pure mapping from an app's windows to its lifecycle state: a focused window means
/// `active`, a visible window without focus `inactive`, no visible window `background`.
///
/// | windows | state |
/// |---|---|
/// | one is focused | `active` |
/// | some visible, none focused | `inactive` |
/// | none visible (minimised, hidden, or closed) | `background` |
/// | none left at all, policy ``LastWindowPolicy/terminate`` | terminate |
public enum WindowLifecycle {
    /// The state the windows call for.
    public static func target(of windows: [WindowSnapshot]) -> AppState {
        if windows.contains(where: { $0.isVisible && $0.isFocused }) { return .active }
        if windows.contains(where: \.isVisible) { return .inactive }
        return .background
    }

    /// The controller's steps from `state` to what `windows` call for, in order.
    /// - Parameters:
    ///   - state: The controller's state now.
    ///   - windows: Every top-level window the app has now (closed ones are gone).
    ///   - policy: What the last window's closing means.
    ///   - lastWindowClosed: The window that just went away was the last one.
    public static func steps(
        from state: AppState, windows: [WindowSnapshot], policy: LastWindowPolicy = .stayInBackground,
        lastWindowClosed: Bool = false
    ) -> [WindowLifecycleStep] {
        if state == .notRunning { return [] }
        if lastWindowClosed && windows.isEmpty && policy == .terminate { return [.terminate] }
        switch (state, target(of: windows)) {
        case (.active, .inactive): return [.resignActive]
        case (.active, .background): return [.resignActive, .enterBackground]
        case (.inactive, .active): return [.becomeActive]
        case (.inactive, .background): return [.enterBackground]
        case (.background, .active), (.suspended, .active): return [.enterForeground]
        case (.background, .inactive), (.suspended, .inactive): return [.enterForeground, .resignActive]
        default: return []
        }
    }
}
