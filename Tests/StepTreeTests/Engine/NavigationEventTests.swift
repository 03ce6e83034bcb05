import ExampleSteps
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct NavigationEventTests {
    static let friend = StepPath(["profile", "friends", "u2"])

    @Test(arguments: [
        (
            NavigationEvent(.select(oldKey: "home", newKey: "profile"), .root, identity: .root),
            "select / home -> profile"
        ),
        (
            NavigationEvent(
                .select(oldKey: "main", newKey: nil), StepPath(["profile"]), identity: .root),
            "select /profile main -> -"
        ),
        (
            NavigationEvent(
                .select(oldKey: nil, newKey: "main"), StepPath(["profile"]), identity: .root),
            "select /profile - -> main"
        ),
        (NavigationEvent(.replace, StepPath(["explore"]), identity: .root), "replace /explore"),
        (NavigationEvent(.push, friend, identity: .root), "push /profile/friends/u2"),
        (
            NavigationEvent(.pop, StepPath(["profile", "detail"]), identity: .root),
            "pop /profile/detail"
        ),
        (
            NavigationEvent(.present(.sheet), StepPath(["settings"]), identity: .root),
            "present /settings sheet"
        ),
        (
            NavigationEvent(.present(.cover), StepPath(["settings"]), identity: .root),
            "present /settings cover"
        ),
        (
            NavigationEvent(.dismiss("popover"), StepPath(["settings"]), identity: .root),
            "dismiss /settings popover"
        ),
    ])
    func textForm(_ event: NavigationEvent, text: String) {
        #expect(event.description == text)
    }

    @Test func pathAndKindOfEveryEvent() {
        let kinds: [NavigationEvent.Kind] = [
            .select(oldKey: nil, newKey: nil), .replace, .push, .pop, .present(.sheet),
            .dismiss(.cover),
        ]
        let events = kinds.map { NavigationEvent($0, Self.friend, identity: .root) }
        #expect(events.map(\.path) == Array(repeating: Self.friend, count: 6))
        #expect(events.map(\.kind) == kinds)
        #expect(events.map(\.identity) == Array(repeating: .root, count: 6))
    }

    /// The identity is carried by the event and compared with it, but the text form leaves it
    /// out.
    @Test func textFormIsUnchangedByIdentity() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        var renewed = old
        try renewed.renew(path: "profile/detail")
        let first = try #require(
            HeadlessScreen(old).frames(of: .tab(StepPath(["profile"])))?.first?.identity)
        let second = try #require(
            HeadlessScreen(renewed).frames(of: .tab(StepPath(["profile"])))?.first?.identity)
        #expect(first != second)
        let path = StepPath(["profile", "detail"])
        let a = NavigationEvent(.push, path, identity: first)
        let b = NavigationEvent(.push, path, identity: second)
        #expect(a.description == b.description)
        #expect(a.description == "push /profile/detail")
        #expect(a != b)
        #expect(a == NavigationEvent(.push, path, identity: first))
        #expect(first.description.count == 32)
        #expect(first.description != StepIdentity.root.description)
    }

    @Test func stylesAndKinds() {
        #expect(PresentationStyle.sheet.rawValue == "sheet")
        #expect(PresentationStyle.cover.description == "cover")
        #expect(PresentationStyle("popover") == PresentationStyle(rawValue: "popover"))
        #expect(
            [StepKind.tab, .inline, .push, .present(.sheet), .stack].map(\.isFrame) == [
                false, false, true, true, true,
            ])
        #expect(
            [StepKind.tab, .inline, .push, .present(.sheet), .stack].map(\.layer) == [
                .content, .content, .push, .modal, .push,
            ])
    }
}

/// Every event carries the identity of its step in the state where that step is on screen:
/// the new state for `select`, `replace`, `push` and `present`, the old one for `pop` and
/// `dismiss`.
@Suite struct EventIdentityTests {
    /// The identity of every frame on `screen` (pushed steps, elements, modals), by path.
    static func frameIdentities(_ screen: HeadlessScreen) -> [StepPath: StepIdentity] {
        var identities: [StepPath: StepIdentity] = [:]
        for container in screen.containers {
            for frame in screen.frames(of: container) ?? [] {
                identities[frame.path] = frame.identity
            }
        }
        for modal in screen.modals { identities[modal.path] = modal.frame.identity }
        return identities
    }

    /// Checks the identity of every frame event of `old -> new` against the two screens.
    static func checkFrameEvents<Root: StepNode>(
        from old: Root, to new: Root, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [NavigationEvent] {
        let before = frameIdentities(HeadlessScreen(old))
        let after = frameIdentities(HeadlessScreen(new))
        let events = NavigationDiff.events(from: old, to: new)
        for event in events {
            switch event.kind {
            case .push, .present:
                #expect(
                    after[event.path] == event.identity, "\(event)", sourceLocation: sourceLocation)
            case .pop, .dismiss:
                #expect(
                    before[event.path] == event.identity, "\(event)",
                    sourceLocation: sourceLocation)
            case .select, .replace:
                break
            }
        }
        return events
    }

    @Test func framesCarryTheirOnScreenIdentity() throws {
        var old = AppSteps()
        try old.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try old.select(path: "profile/friends/u2/settings")
        var new = old
        try new.renew(path: "profile/friends/u2")
        try new.select(path: "login")
        let events = Self.checkFrameEvents(from: old, to: new)
        // A renewal keeps u2's sheet selected but gives it a new identity: it comes back above
        // the new u2, below the root's own cover.
        #expect(
            events.map(\.description) == [
                "dismiss /profile/friends/u2/settings sheet", "pop /profile/friends/u2",
                "push /profile/friends/u2", "present /profile/friends/u2/settings sheet",
                "present /login cover",
            ])
        // The popped u2 and the pushed u2 are two screens, and so are the two sheets.
        #expect(events[1].identity != events[2].identity)
        #expect(events[0].identity != events[3].identity)
        let back = Self.checkFrameEvents(from: new, to: old)
        #expect(
            back.map(\.description) == [
                "dismiss /login cover", "dismiss /profile/friends/u2/settings sheet",
                "pop /profile/friends/u2", "push /profile/friends/u2",
                "present /profile/friends/u2/settings sheet",
            ])
        #expect(back.map(\.identity) == [4, 3, 2, 1, 0].map { events[$0].identity })
    }

    /// `select` carries the node's identity and `replace` the new content's: a `select` made on
    /// a renewed tab carries the identity its `replace` announced.
    @Test func selectionsCarryTheNewIdentity() throws {
        var start = AppSteps()
        try start.select(path: "profile")
        var plain = start
        try plain.deselect(path: "profile/main")
        let plainSelect = try #require(NavigationDiff.events(from: start, to: plain).first)
        #expect(plainSelect.description == "select /profile main -> -")

        var renewed = start
        try renewed.renew(path: "profile")
        let replace = try #require(NavigationDiff.events(from: start, to: renewed).first)
        #expect(replace.description == "replace /profile")
        var after = renewed
        try after.deselect(path: "profile/main")
        let select = try #require(NavigationDiff.events(from: renewed, to: after).first)
        #expect(select.description == "select /profile main -> -")
        #expect(select.identity == replace.identity)
        #expect(select.identity != plainSelect.identity)

        // The root's selections carry the root's identity.
        let tabSwitch = NavigationDiff.events(from: start, to: AppSteps())
        #expect(tabSwitch.map(\.description) == ["select / profile -> home"])
        #expect(tabSwitch.map(\.identity) == [.root])
    }

    /// The same on the schema-driven twin.
    @Test func schemaDrivenEventsCarryIdentitiesToo() throws {
        var old = DynamicSteps(schema: try ExampleSchema.load())
        try old.select(path: "profile/detail")
        var new = old
        try new.renew(path: "profile/detail")
        let events = Self.checkFrameEvents(from: old, to: new)
        #expect(events.map(\.description) == ["pop /profile/detail", "push /profile/detail"])
        #expect(events[0].identity != events[1].identity)
    }
}
