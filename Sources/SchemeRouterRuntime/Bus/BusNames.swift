internal import SchemeRouterLifecycle
internal import SchemeRouterSender
/// The names an app has on the session bus, all derived from its bundle name (= its desktop
/// file id), as the Desktop Entry specification's D-Bus activation section says (Docs/DBus.md).
struct BusNames: Sendable, Equatable {
    /// The well-known bus name, e.g. `com.acme.todolist`.
    let busName: String
    /// The object path, e.g. `/com/acme/todolist` (`.` becomes `/`, `-` becomes `_`).
    let objectPath: String
    /// The prefix of the door's error names, e.g. `com.acme.todolist.Error` (`-` becomes `_`:
    /// error names follow the interface-name rules).
    let errorPrefix: String

    /// The interface every door implements.
    static let interface = "org.freedesktop.Application"

    init(bundleName: String) {
        busName = bundleName
        objectPath = "/" + bundleName.split(separator: ".").map { $0.replacing("-", with: "_") }.joined(separator: "/")
        errorPrefix = bundleName.replacing("-", with: "_") + ".Error"
    }

    /// The error name for a verdict that is not success, e.g. `com.acme.todolist.Error.Rejected`.
    func errorName(for verdict: DeliveryVerdict) -> String {
        let suffix =
            switch verdict {
            case .handled, .launched: "Handled"
            case .declined: "Declined"
            case .rejected: "Rejected"
            case .openFailed: "Failed"
            case .launchFailed: "LaunchFailed"
            case .launchTimedOut: "LaunchTimedOut"
            case .terminated: "Terminated"
            case .hookTimedOut: "HookTimedOut"
            case .noAnswer, .protocolError, .refused, .noHandler, .delivered, .notOpened: "Failed"
            case .unresponsive: "Unresponsive"
            case .busy: "Busy"
            }
        return "\(errorPrefix).\(suffix)"
    }

    /// The error name for an action that is not declared or got bad parameters.
    var unknownAction: String { "\(errorPrefix).UnknownAction" }
    /// The error name for a declared action the app declined.
    var actionDeclined: String { "\(errorPrefix).Declined" }
    /// The error name when the primary's buffer budget is full.
    var busy: String { "\(errorPrefix).Busy" }
    /// The error name of a call whose turn came too late (``BusDoor/callWindow(hookDeadline:)``).
    var expired: String { "\(errorPrefix).Expired" }
    /// The error name of a call over the door's limits (too many URIs).
    static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    /// The error name of a call from another user.
    static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    /// The error name of a call with the wrong signature.
    static let invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"

    /// The introspection data of the door's object.
    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.Application">
          <method name="Activate"><arg type="a{sv}" name="platform_data" direction="in"/></method>
          <method name="Open"><arg type="as" name="uris" direction="in"/><arg type="a{sv}" name="platform_data" direction="in"/></method>
          <method name="ActivateAction"><arg type="s" name="action_name" direction="in"/><arg type="av" name="parameter" direction="in"/><arg type="a{sv}" name="platform_data" direction="in"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg type="s" name="xml_data" direction="out"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Peer">
          <method name="Ping"/>
          <method name="GetMachineId"><arg type="s" name="machine_uuid" direction="out"/></method>
         </interface>
        </node>

        """
}
