import StepTree

/// A draft in a reply sheet: a leaf screen.
package struct DraftScreen: StepsCollection {
    package typealias Key = NoStepKey
    package var text = ""
    package init() {}
    package init(text: String = "") {
        self.text = text
    }
}

/// The reply sheet: a form, and a stack of drafts pushed inside the sheet.
package struct ReplySheet: StepsCollection {
    package enum Key: String, StepKey { case form, drafts }
    package var selected = StepSelection<Key>(.form)
    package var form = Step()
    package var drafts = Step(StepStack<DraftScreen>())
    package static let steps = StepTable<Self>(.inline(.form, \.form), .stack(.drafts, \.drafts))
    package init() {}
}

/// A thread: its posts, and a reply sheet.
package struct ThreadScreen: StepsCollection {
    package enum Key: String, StepKey { case posts, reply }
    package var selected = StepSelection<Key>(.posts)
    package var topic = ""
    package var posts = Step()
    package var reply = Step(ReplySheet())
    package static let steps = StepTable<Self>(
        .inline(.posts, \.posts), .present(.reply, \.reply, style: .sheet))
    package init() {}
    package init(topic: String = "") {
        self.topic = topic
    }
}

/// What a feed tab's stack shows: threads, and an about screen.
package enum FeedDestination: StepDestination {
    case thread(ThreadScreen)
    case about

    package static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.thread), .init(Self.about),
    ]
}

/// A feed tab: a timeline, and a stack of threads over it.
package struct FeedTab: StepsCollection {
    package enum Key: String, StepKey { case timeline, path }
    package var selected = StepSelection<Key>(.timeline)
    package var timeline = Step()
    package var path = Step(StepStack<FeedDestination>())
    package static let steps = StepTable<Self>(
        .inline(.timeline, \.timeline), .stack(.path, \.path))
    package init() {}
}

/// Two tabs with destination stacks, and a settings sheet over the tab bar.
package struct FeedApp: StepsCollection {
    package enum Key: String, StepKey { case feed, inbox, settings }
    package var selected = StepSelection<Key>(.feed)
    package var feed = Step(FeedTab())
    package var inbox = Step(FeedTab())
    package var settings = Step()
    package static let steps = StepTable<Self>(
        .tab(.feed, \.feed), .tab(.inbox, \.inbox), .present(.settings, \.settings, style: .sheet))

    /// The feed with a thread pushed, its reply sheet up and two drafts pushed in the sheet.
    package static func replying() throws -> FeedApp {
        var app = FeedApp()
        try app.push(FeedDestination.thread(ThreadScreen(topic: "swift")))
        try app.select(path: "feed/path/1/thread/reply")
        try app.push(DraftScreen(text: "a"))
        try app.push(DraftScreen(text: "b"))
        return app
    }
    package init() {}
}
