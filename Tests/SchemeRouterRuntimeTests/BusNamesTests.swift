import SchemeRouterLifecycle
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// The names of the D-Bus door (Docs/DBus.md): the object path and error names derived from
/// the bundle name, and the typed parameters of actions.
@Suite("D-Bus names and action parameters")
struct BusNamesTests {
    @Test("object path and error prefix", arguments: [
        ("com.acme.todolist", "/com/acme/todolist", "com.acme.todolist.Error"),
        ("org.schemerouter.loadprobe", "/org/schemerouter/loadprobe", "org.schemerouter.loadprobe.Error"),
        ("org.example.my_app", "/org/example/my_app", "org.example.my_app.Error"),
    ])
    func names(bundle: String, path: String, prefix: String) {
        let names = BusNames(bundleName: bundle)
        #expect(names.busName == bundle)
        #expect(names.objectPath == path)
        #expect(names.errorPrefix == prefix)
    }

    @Test("each failing verdict has its error name", arguments: [
        (DeliveryVerdict.declined, "Declined"),
        (.rejected(code: "space", offset: 3, message: "m"), "Rejected"),
        (.openFailed("x"), "Failed"),
        (.terminated, "Terminated"),
        (.launchTimedOut, "LaunchTimedOut"),
        (.hookTimedOut("open"), "HookTimedOut"),
    ])
    func errorNames(verdict: DeliveryVerdict, suffix: String) {
        #expect(BusNames(bundleName: "com.acme.todolist").errorName(for: verdict) == "com.acme.todolist.Error.\(suffix)")
    }
}
