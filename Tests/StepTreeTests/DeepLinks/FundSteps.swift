import StepTree

// A crowdfunding app's tree, for its links: a project tab whose page lies beneath a stack of
// comments, updates and rewards; creators' profiles; discovery with filters; settings; a
// sign-in cover that says why it is shown.

/// A project's page, at the bottom of the project tab.
struct FundPage: StepValue {
    var creator = ""
    var project = ""
}

/// A project's comments, scrolled to one when the link names it.
struct FundComments: StepsCollection {
    typealias Key = NoStepKey
    var creator = ""
    var project = ""
    var comment: Int?
}

/// A project's updates.
struct FundUpdates: StepsCollection {
    typealias Key = NoStepKey
    var creator = ""
    var project = ""
}

/// One update: it knows its project, not the project's creator.
struct FundUpdate: StepsCollection {
    typealias Key = NoStepKey
    var project = ""
    var update = 0
}

/// A project's rewards, one of them highlighted when the link names it.
struct FundRewards: StepsCollection {
    typealias Key = NoStepKey
    var project = ""
    var reward: Int?
}

/// The pledge screen, behind sign-in.
struct FundPledge: StepsCollection {
    typealias Key = NoStepKey
    var project = ""
    var reward: Int?
}

/// A creator's profile.
struct FundCreator: StepsCollection {
    typealias Key = NoStepKey
    var creator = ""
}

/// What the project tab's stack holds.
enum FundDestination: StepDestination {
    case comments(FundComments)
    case updates(FundUpdates)
    case update(FundUpdate)
    case rewards(FundRewards)
    case pledge(FundPledge)
    case creator(FundCreator)

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.comments), .init(Self.updates), .init(Self.update), .init(Self.rewards),
        .init(Self.pledge), .init(Self.creator),
    ]
}

/// The project tab: the page, and the stack over it.
struct FundProjectTab: StepsCollection {
    enum Key: String, StepKey { case page, path }
    var selected = StepSelection<Key>(.page)
    var page = Step(FundPage())
    var path = Step(StepStack<FundDestination>())
    static let steps = StepTable<Self>(.inline(.page, \.page), .stack(.path, \.path))
}

/// Discovery's filters.
struct FundDiscover: StepValue {
    var category = ""
    var sort = ""
    var page: Int?
    var tags: [String] = []
}

/// The user's own profile: backed and saved projects.
struct FundProfileTab: StepsCollection {
    enum Key: String, StepKey { case main, backed, saved, following }
    var selected = StepSelection<Key>(.main)
    var main = Step()
    var backed = Step()
    var saved = Step()
    var following = Step()
    static let steps = StepTable<Self>(
        .inline(.main, \.main), .push(.backed, \.backed), .push(.saved, \.saved),
        .push(.following, \.following))
}

/// The settings tab.
struct FundSettingsTab: StepsCollection {
    enum Key: String, StepKey { case main, account, notifications, payment, privacy }
    var selected = StepSelection<Key>(.main)
    var main = Step()
    var account = Step()
    var notifications = Step(FundNotifications())
    var payment = Step()
    var privacy = Step()
    static let steps = StepTable<Self>(
        .inline(.main, \.main), .push(.account, \.account),
        .push(.notifications, \.notifications), .push(.payment, \.payment),
        .push(.privacy, \.privacy))
}

/// Notification settings, opened on one channel.
struct FundNotifications: StepValue {
    var channel = ""
}

/// The sign-in cover, saying why it is shown.
struct FundSignIn: StepValue {
    var reason = ""
    var project = ""
}

/// The app: discovery, project, profile and settings tabs; a sign-in cover.
struct FundApp: StepsCollection {
    enum Key: String, StepKey { case discover, project, profile, settings, signIn }
    var selected = StepSelection<Key>(.discover)
    var discover = Step(FundDiscover())
    var project = Step(FundProjectTab())
    var profile = Step(FundProfileTab())
    var settings = Step(FundSettingsTab())
    var signIn = Step(FundSignIn())
    static let steps = StepTable<Self>(
        .tab(.discover, \.discover), .tab(.project, \.project), .tab(.profile, \.profile),
        .tab(.settings, \.settings), .present(.signIn, \.signIn, style: .cover))
}
