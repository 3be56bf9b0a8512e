import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterGTK

/// One window, presented at launch; a URL retitles it and presents it with the sender's token.
@MainActor
final class WindowProbeDelegate: ApplicationDelegate {
    private let windows: GTKWindows
    private var window: GTKWindow?

    init(windows: GTKWindows) {
        self.windows = windows
    }

    func didFinishLaunching(options: LaunchOptions) -> Bool {
        if options.url == nil { show(title: "Probe", activationToken: options.activationToken) }
        return true
    }

    func open(_ request: WindowProbeRequest, options: OpenOptions) throws -> Bool {
        switch request {
        case .title(let text): show(title: text, activationToken: options.activationToken)
        }
        return true
    }

    private func show(title: String, activationToken: String?) {
        let window = self.window ?? GTKWindow(title: title)
        self.window = window
        window.title = title
        windows.present(window, activationToken: activationToken)
    }
}
