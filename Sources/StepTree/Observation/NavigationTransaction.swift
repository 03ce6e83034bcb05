/// A key for a value that a ``NavigationTransaction`` carries to observers and drivers.
///
/// ```swift
/// enum HapticKey: NavigationTransactionKey { static let defaultValue = false }
/// var transaction = .userGesture
/// transaction[HapticKey.self] = true
/// ```
public protocol NavigationTransactionKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value of a transaction that does not set one.
    static var defaultValue: Value { get }
}

/// What a navigator transaction carries besides the edit: its cause, whether to animate, whether
/// the UI has already shown it, and any values keyed by type (``NavigationTransactionKey``).
///
/// Every ``NavigationChange`` carries the transaction that made it, so a driver can skip
/// animation for `animated: false` and skip what the UI already did.
public struct NavigationTransaction: Sendable {
    /// What started the change.
    public var cause: NavigationCause
    /// Whether a driver should animate the change; `true` unless set.
    public var animated: Bool
    /// Whether the UI has already made the change on screen (a swipe back, a sheet swiped away,
    /// a tab tapped): observers are told, and a driver must not apply its events again.
    public var isAppliedByUI: Bool
    /// The tab a tab-bar re-tap reselected (a tap on the tab already selected), or `nil`: set
    /// on the change of every re-tap, one that changes nothing (no events) included, so that
    /// scroll-to-top and analytics can follow it; see ``Navigator/userDidSelectTab(path:reselect:)``.
    public var reselectedTab: StepPath?
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates a transaction.
    /// - Parameters:
    ///   - cause: What started the change.
    ///   - animated: Whether a driver should animate it.
    ///   - isAppliedByUI: Whether the UI already shows it.
    public init(
        _ cause: NavigationCause = .programmatic, animated: Bool = true,
        isAppliedByUI: Bool = false
    ) {
        self.cause = cause
        self.animated = animated
        self.isAppliedByUI = isAppliedByUI
    }

    /// The value stored for `key`, or its default.
    public subscript<Key: NavigationTransactionKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// A change the app makes in code: cause ``NavigationCause/programmatic``, animated.
    public static var programmatic: NavigationTransaction { NavigationTransaction() }

    /// A deep link from outside: cause ``NavigationCause/deepLink``, animated.
    public static var deepLink: NavigationTransaction { NavigationTransaction(.deepLink) }

    /// A restoration of saved state: cause ``NavigationCause/restoration``, not animated.
    public static var restoration: NavigationTransaction {
        NavigationTransaction(.restoration, animated: false)
    }

    /// A change the user asked for in the app (a tap on a button that navigates), which the UI
    /// has not made yet: cause ``NavigationCause/userGesture``, animated.
    public static var userGesture: NavigationTransaction { NavigationTransaction(.userGesture) }

    /// A gesture the UI has already performed (a swipe back, a sheet swiped away, a tab tapped):
    /// cause ``NavigationCause/userGesture``, applied by the UI.
    public static var appliedGesture: NavigationTransaction {
        NavigationTransaction(.userGesture, isAppliedByUI: true)
    }
}
