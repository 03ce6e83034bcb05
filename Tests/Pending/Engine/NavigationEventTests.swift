import StepTree
import Testing

@Suite struct NavigationEventTests {
    static let friend = StepPath(["profile", "friends", "u2"])

    @Test(arguments: [
        (NavigationEvent.select(.root, from: "home", to: "profile"), "select / home -> profile"),
        (.select(StepPath(["profile"]), from: "main", to: nil), "select /profile main -> -"),
        (.select(StepPath(["profile"]), from: nil, to: "main"), "select /profile - -> main"),
        (.push(friend), "push /profile/friends/u2"),
        (.pop(StepPath(["profile", "detail"])), "pop /profile/detail"),
        (.present(StepPath(["settings"]), style: .sheet), "present /settings sheet"),
        (.present(StepPath(["settings"]), style: .cover), "present /settings cover"),
        (.dismiss(StepPath(["settings"]), style: "popover"), "dismiss /settings popover"),
    ])
    func textForm(_ event: NavigationEvent, text: String) {
        #expect(event.description == text)
    }

    @Test func pathOfEveryEvent() {
        let events: [NavigationEvent] = [
            .select(Self.friend, from: nil, to: nil), .push(Self.friend), .pop(Self.friend),
            .present(Self.friend, style: .sheet), .dismiss(Self.friend, style: .cover),
        ]
        #expect(events.map(\.path) == Array(repeating: Self.friend, count: 5))
    }

    @Test func stylesAndKinds() {
        #expect(PresentationStyle.sheet.rawValue == "sheet")
        #expect(PresentationStyle.cover.description == "cover")
        #expect(PresentationStyle("popover") == PresentationStyle(rawValue: "popover"))
        #expect(
            [StepKind.tab, .inline, .push, .present(.sheet), .stack].map(\.isFrame) == [
                false, false, true, true, true,
            ])
    }
}
