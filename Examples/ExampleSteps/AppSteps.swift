import StepTree

/// The app's root: three tabs.
public struct AppSteps: StepsCollection {
    public enum Key: String, StepKey { case home, explore, profile }

    public var selected: Key? = .home
    public var home = Step()
    public var explore = Step(ExploreData())
    public var profile = Step(ProfileSteps())

    public static let steps = StepTable<Self>(
        .tab(.home, \.home),
        .tab(.explore, \.explore),
        .tab(.profile, \.profile)
    )

    public init() {}
}

/// The payload of the explore tab.
public struct ExploreData: StepValue {
    public var query: String

    public init(query: String = "") { self.query = query }
}

/// A profile: its main screen, a pushed detail, a settings sheet and a stack of friends'
/// profiles, each a `ProfileSteps` again (a recursive flow).
public struct ProfileSteps: StepsCollection {
    public enum Key: String, StepKey { case main, detail, settings, friends }

    public var selected: Key? = .main
    public var main = Step()
    public var detail = Step(ThemeSteps())
    public var settings = Step()
    public var friends = Step(StepStack<ProfileSteps>())

    public static let steps = StepTable<Self>(
        .inline(.main, \.main),
        .push(.detail, \.detail),
        .present(.settings, \.settings, style: .sheet),
        .stack(.friends, \.friends)
    )

    public init() {}
}

/// The theme picker shown in the detail screen; `selected == nil` means none.
public struct ThemeSteps: StepsCollection {
    public enum Key: String, StepKey { case light, dark }

    public var selected: Key?
    public var light = Step()
    public var dark = Step()

    public static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))

    public init() {}
}
