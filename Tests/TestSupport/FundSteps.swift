import StepTree

// A crowdfunding app's tree, for its links: a project tab whose page lies beneath a stack of
// comments, updates and rewards; creators' profiles; discovery with filters; settings; a
// sign-in cover that says why it is shown.

/// A project's page, at the bottom of the project tab.
package struct FundPage: StepValue {
    package var creator = ""
    package var project = ""
    package init(creator: String = "", project: String = "") {
        self.creator = creator
        self.project = project
    }
}

/// A project's comments, scrolled to one when the link names it.
package struct FundComments: StepsCollection {
    package typealias Key = NoStepKey
    package var creator = ""
    package var project = ""
    package var comment: Int?
    package init() {}
    package init(creator: String = "", project: String = "", comment: Int? = nil) {
        self.creator = creator
        self.project = project
        self.comment = comment
    }
}

/// A project's updates.
package struct FundUpdates: StepsCollection {
    package typealias Key = NoStepKey
    package var creator = ""
    package var project = ""
    package init() {}
    package init(creator: String = "", project: String = "") {
        self.creator = creator
        self.project = project
    }
}

/// One update: it knows its project, not the project's creator.
package struct FundUpdate: StepsCollection {
    package typealias Key = NoStepKey
    package var project = ""
    package var update = 0
    package init() {}
    package init(project: String = "", update: Int = 0) {
        self.project = project
        self.update = update
    }
}

/// A project's rewards, one of them highlighted when the link names it.
package struct FundRewards: StepsCollection {
    package typealias Key = NoStepKey
    package var project = ""
    package var reward: Int?
    package init() {}
    package init(project: String = "", reward: Int? = nil) {
        self.project = project
        self.reward = reward
    }
}

/// The pledge screen, behind sign-in.
package struct FundPledge: StepsCollection {
    package typealias Key = NoStepKey
    package var project = ""
    package var reward: Int?
    package init() {}
    package init(project: String = "", reward: Int? = nil) {
        self.project = project
        self.reward = reward
    }
}

/// A creator's profile.
package struct FundCreator: StepsCollection {
    package typealias Key = NoStepKey
    package var creator = ""
    package init() {}
    package init(creator: String = "") {
        self.creator = creator
    }
}

/// What the project tab's stack holds.
package enum FundDestination: StepDestination {
    case comments(FundComments)
    case updates(FundUpdates)
    case update(FundUpdate)
    case rewards(FundRewards)
    case pledge(FundPledge)
    case creator(FundCreator)

    package static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.comments), .init(Self.updates), .init(Self.update), .init(Self.rewards),
        .init(Self.pledge), .init(Self.creator),
    ]
}

/// The project tab: the page, and the stack over it.
package struct FundProjectTab: StepsCollection {
    package enum Key: String, StepKey { case page, path }
    package var selected = StepSelection<Key>(.page)
    package var page = Step(FundPage())
    package var path = Step(StepStack<FundDestination>())
    package static let steps = StepTable<Self>(.inline(.page, \.page), .stack(.path, \.path))
    package init() {}
}

/// Discovery's filters.
package struct FundDiscover: StepValue {
    package var category = ""
    package var sort = ""
    package var page: Int?
    package var tags: [String] = []
    package init(category: String = "", sort: String = "", page: Int? = nil, tags: [String] = []) {
        self.category = category
        self.sort = sort
        self.page = page
        self.tags = tags
    }
}

/// The user's own profile: backed and saved projects.
package struct FundProfileTab: StepsCollection {
    package enum Key: String, StepKey { case main, backed, saved, following }
    package var selected = StepSelection<Key>(.main)
    package var main = Step()
    package var backed = Step()
    package var saved = Step()
    package var following = Step()
    package static let steps = StepTable<Self>(
        .inline(.main, \.main), .push(.backed, \.backed), .push(.saved, \.saved),
        .push(.following, \.following))
    package init() {}
}

/// The settings tab.
package struct FundSettingsTab: StepsCollection {
    package enum Key: String, StepKey { case main, account, notifications, payment, privacy }
    package var selected = StepSelection<Key>(.main)
    package var main = Step()
    package var account = Step()
    package var notifications = Step(FundNotifications())
    package var payment = Step()
    package var privacy = Step()
    package static let steps = StepTable<Self>(
        .inline(.main, \.main), .push(.account, \.account),
        .push(.notifications, \.notifications), .push(.payment, \.payment),
        .push(.privacy, \.privacy))
    package init() {}
}

/// Notification settings, opened on one channel.
package struct FundNotifications: StepValue {
    package var channel = ""
    package init(channel: String = "") {
        self.channel = channel
    }
}

/// The sign-in cover, saying why it is shown.
package struct FundSignIn: StepValue {
    package var reason = ""
    package var project = ""
    package init(reason: String = "", project: String = "") {
        self.reason = reason
        self.project = project
    }
}

/// The app: discovery, project, profile and settings tabs; a sign-in cover.
package struct FundApp: StepsCollection {
    package enum Key: String, StepKey { case discover, project, profile, settings, signIn }
    package var selected = StepSelection<Key>(.discover)
    package var discover = Step(FundDiscover())
    package var project = Step(FundProjectTab())
    package var profile = Step(FundProfileTab())
    package var settings = Step(FundSettingsTab())
    package var signIn = Step(FundSignIn())
    package static let steps = StepTable<Self>(
        .tab(.discover, \.discover), .tab(.project, \.project), .tab(.profile, \.profile),
        .tab(.settings, \.settings), .present(.signIn, \.signIn, style: .cover))
    package init() {}
}
