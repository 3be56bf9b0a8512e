/// A change in the system around the app that the app may need to react to: the events the
/// seed's Table 4-1 queues for a suspended app, as they exist on a Linux desktop, plus the
/// memory warning.
///
/// While the app is `inactive` or `active` a ``LifecycleController`` delivers each one at once;
/// while it is in the `background` or `suspended` it queues them, coalesced into one per
/// ``Kind`` that reflects the net change, and delivers them when the app comes back, before
/// `willEnterForeground` (see ``LifecycleController/post(_:)``).
public enum SystemEvent: Sendable, Hashable, CustomStringConvertible {
    /// The wall clock was set or jumped (UIKit's `applicationSignificantTimeChange`).
    case significantTimeChange
    /// The system time zone changed (Foundation's `NSSystemTimeZoneDidChange`): `from` and `to`
    /// are the zone names (for example `Europe/Paris`), as the runtime read them.
    case timeZoneChange(from: String, to: String)
    /// The user's locale changed (Foundation's `NSCurrentLocaleDidChange`): `from` and `to` are
    /// the locale names (for example `de_DE.UTF-8`).
    case localeChange(from: String, to: String)
    /// The system is short of memory (UIKit's `applicationDidReceiveMemoryWarning`).
    case memoryWarning

    /// The kinds of system event, in the order queued events are delivered: the seed's Table
    /// 4-1 order (time change before locale change), the time zone next to the time change it
    /// belongs to, and the memory warning, which Table 4-1 does not list, last.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// ``SystemEvent/significantTimeChange``.
        case significantTimeChange
        /// ``SystemEvent/timeZoneChange(from:to:)``.
        case timeZoneChange
        /// ``SystemEvent/localeChange(from:to:)``.
        case localeChange
        /// ``SystemEvent/memoryWarning``.
        case memoryWarning

        /// Orders kinds by their delivery order.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The event's kind.
    public var kind: Kind {
        switch self {
        case .significantTimeChange: .significantTimeChange
        case .timeZoneChange: .timeZoneChange
        case .localeChange: .localeChange
        case .memoryWarning: .memoryWarning
        }
    }

    /// `timeZoneChange(Etc/UTC → Europe/Paris)`.
    public var description: String {
        switch self {
        case .timeZoneChange(let from, let to), .localeChange(let from, let to): "\(kind.rawValue)(\(from) → \(to))"
        case .significantTimeChange, .memoryWarning: kind.rawValue
        }
    }
}
