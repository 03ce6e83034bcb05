import StepTree

/// The app's root: three tabs, and a login cover presented over the tab bar.
public struct AppSteps: StepsCollection {
    public enum Key: String, StepKey { case home, explore, profile, login }

    public var selected = StepSelection<Key>(.home)
    public var home = Step()
    public var explore = Step(ExploreData())
    public var profile = Step(ProfileSteps())
    public var login = Step(LoginSteps())

    public static let steps = StepTable<Self>(
        .tab(.home, \.home),
        .tab(.explore, \.explore),
        .tab(.profile, \.profile),
        .present(.login, \.login, style: .cover)
    )

    public init() {}
}

/// The payload of the explore tab.
public struct ExploreData: StepValue {
    public var query: String

    public init(query: String = "") { self.query = query }
}

/// A profile: its main screen, a pushed detail, a settings sheet and a stack of friends'
/// profiles, each a `ProfileSteps` again (a recursive flow). `main` stays selected while the
/// detail is pushed and the sheet presented: one selection per layer.
public struct ProfileSteps: StepsCollection {
    public enum Key: String, StepKey { case main, detail, settings, friends }

    public var selected = StepSelection<Key>(.main)
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

/// The theme picker shown in the detail screen; nothing selected at first.
public struct ThemeSteps: StepsCollection {
    public enum Key: String, StepKey { case light, dark }

    public var selected = StepSelection<Key>()
    public var light = Step()
    public var dark = Step()

    public static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))

    public init() {}
}

/// The login cover: a form, with a sign-up screen pushed above it. Dismissed, it comes back
/// from scratch.
public struct LoginSteps: StepsCollection {
    public enum Key: String, StepKey { case form, signUp }

    public var selected = StepSelection<Key>(.form)
    public var form = Step()
    public var signUp = Step()

    public static let steps = StepTable<Self>(.inline(.form, \.form), .push(.signUp, \.signUp))

    public init() {}
}
