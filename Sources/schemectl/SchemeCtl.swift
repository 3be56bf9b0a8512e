import ArgumentParser
import SchemeRouterDesktop

/// `schemectl`: validate, route, register, open and fuzz custom URL schemes.
struct SchemeCtl: ParsableCommand {
    // Every command names itself: argument-parser derives a missing name from the type's
    // description, a protocol-conformance scan of the whole binary per command at every start.
    static let configuration = CommandConfiguration(
        commandName: "schemectl",
        abstract: "Strict custom-URL-scheme tooling for the Linux desktop.",
        discussion: """
            SchemeRouter parses every URL strictly (RFC 3986), matches it to the typed routes an app \
            declares in its manifest (Schemes/<name>.json in the app's target), and delivers it with UIKit's launch-or-wake sequence.

            Each command documents its exit statuses in its help (schemectl help <command>). They come \
            from the one table every SchemeRouter process uses (Docs/Runtime.md): 0 is always \
            success and 64 a usage error; a rejected URL is 2 everywhere; open and lifecycle exit \
            with the app's own verdict statuses, so `schemectl open URL` and `app URL` agree.
            """,
        subcommands: [
            Validate.self, Route.self, Check.self,
            Register.self, Unregister.self, Status.self, Open.self, Plist.self, Flatpak.self,
            Fuzz.self, Lifecycle.self,
        ]
    )

    init() {}

    static func main() {
        for warning in XDGDirectories.ignoredRelativeValues(in: .current()) {
            DesktopErrorOutput.warn(warning)
        }
        main(nil)
    }
}
