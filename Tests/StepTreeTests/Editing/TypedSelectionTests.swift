import ExampleSteps
import StepTree
import TestSupport
import Testing

@Suite struct TypedSelectionTests {
    // MARK: Every overload depth

    @Test func oneLevel() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1)
        // The push layer only: `start` stays the content.
        #expect(steps.selected == StepSelection(.start, push: .level1))
        #expect(steps.isSelected(.level1))
        #expect(steps.isSelected(.start))
        #expect(steps.level1.renewal.isInitial)
        #expect(eventText(from: start, to: steps) == ["push /level1"])
    }

    @Test func twoLevels() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2)
        #expect(steps.selected.push == .level1)
        #expect(steps.level1.selected == StepSelection(.idle, push: .level2))
        #expect(eventText(from: start, to: steps) == ["push /level1", "push /level1/level2"])
    }

    @Test func threeLevels() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2, \.level3)
        #expect(steps.level1.level2.selected == StepSelection(.idle, modal: .level3))
        #expect(
            eventText(from: start, to: steps) == [
                "push /level1", "push /level1/level2", "present /level1/level2/level3 cover",
            ])
    }

    @Test func fourLevels() throws {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2, \.level3, \.note)
        #expect(steps.level1.level2.level3.selected == StepSelection(.idle, push: .note))
        #expect(steps.isSelected(path: try StepPath(parsing: "level1/level2/level3/note")))
        // The note is pushed inside the new modal, so it comes with the modal.
        #expect(
            eventText(from: start, to: steps) == [
                "push /level1", "push /level1/level2", "present /level1/level2/level3 cover",
            ])
        var path = DeepRoot()
        try path.select(path: "level1/level2/level3/note")
        #expect(path == steps)
    }

    @Test func typedDeepLinkOnTheExampleTree() throws {
        var steps = AppSteps()
        let start = steps
        steps.select(\.profile, \.detail, \.dark)
        #expect(steps.selected == StepSelection(.profile))
        #expect(steps.profile.selected == StepSelection(.main, push: .detail))
        #expect(steps.profile.detail.selected == StepSelection(.dark))
        #expect(steps.isSelected(path: try StepPath(parsing: "profile/detail/dark")))
        #expect(
            eventText(from: start, to: steps) == [
                "select / home -> profile", "push /profile/detail",
            ])
    }

    // MARK: with: gives a new identity

    /// Re-selecting an open path with a new value at each depth replaces that step and
    /// everything above it on screen. The value replaces the node, with its selections.
    @Test func withValueAtEveryDepth() {
        var open = DeepRoot()
        open.select(\.level1, \.level2, \.level3, \.note)

        var one = open
        one.select(\.level1, with: Level1(tag: "new"))
        #expect(one.level1.tag == "new")
        #expect(open.level1.renewal.isInitial)
        #expect(!one.level1.renewal.isInitial)
        #expect(one.level1.selected == StepSelection(.idle))
        #expect(
            eventText(from: open, to: one) == [
                "dismiss /level1/level2/level3 cover", "pop /level1/level2", "pop /level1",
                "push /level1",
            ])

        var two = open
        two.select(\.level1, \.level2, with: Level2(tag: "new"))
        #expect(two.level1.level2.tag == "new")
        #expect(
            eventText(from: open, to: two) == [
                "dismiss /level1/level2/level3 cover", "pop /level1/level2", "push /level1/level2",
            ])

        var three = open
        three.select(\.level1, \.level2, \.level3, with: Level3(tag: "new"))
        #expect(three.level1.level2.level3.tag == "new")
        #expect(three.level1.level2.level3.selected == StepSelection(.idle))
        #expect(
            eventText(from: open, to: three) == [
                "dismiss /level1/level2/level3 cover", "present /level1/level2/level3 cover",
            ])

        var four = open
        four.select(\.level1, \.level2, \.level3, \.note, with: Note("new"))
        #expect(four.level1.level2.level3.note.text == "new")
        #expect(
            eventText(from: open, to: four) == [
                "pop /level1/level2/level3/note", "push /level1/level2/level3/note",
            ])
    }

    /// The same value still gives a new identity: `with:` means "a new screen".
    @Test func withEqualValueStillRenews() {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        let before = steps
        steps.select(\.profile, \.detail, with: before.profile.detail.value)
        #expect(steps.profile.detail.value == before.profile.detail.value)
        #expect(!steps.profile.detail.renewal.isInitial)
        #expect(steps != before)
        #expect(
            eventText(from: before, to: steps) == ["pop /profile/detail", "push /profile/detail"])
        // Each renewal extends the history: a second one is yet another screen.
        let once = steps
        steps.select(\.profile, \.detail, with: before.profile.detail.value)
        #expect(steps.profile.detail.renewal != once.profile.detail.renewal)
        #expect(steps != once)
        #expect(
            eventText(from: once, to: steps) == ["pop /profile/detail", "push /profile/detail"])
    }

    @Test func withPayloadOnATab() {
        var steps = AppSteps()
        let start = steps
        steps.select(\.explore, with: ExploreData(query: "swift"))
        #expect(steps.explore.query == "swift")
        #expect(!steps.explore.renewal.isInitial)
        // The tab was mounted before with another identity: it is rebuilt in place.
        #expect(
            eventText(from: start, to: steps) == ["select / home -> explore", "replace /explore"])
        // A tab that is already shown, with a new payload: replaced in place.
        let shown = steps
        steps.select(\.explore, with: ExploreData(query: "tests"))
        #expect(steps.explore.renewal != shown.explore.renewal)
        #expect(eventText(from: shown, to: steps) == ["replace /explore"])
        // Changing the payload in place is not a renewal: nothing to rebuild.
        let edited = steps
        steps.explore.query = "more"
        #expect(steps.explore.renewal == edited.explore.renewal)
        #expect(steps != edited)
        #expect(eventText(from: edited, to: steps) == [])
    }

    /// A stack with a new identity is a new list of screens.
    @Test func withNewStack() throws {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["u1", "u2"])
        let before = steps
        var replacement = StepStack<ProfileSteps>()
        try replacement.push(id: "u1")
        steps.select(\.profile, \.friends, with: replacement)
        #expect(steps.profile.friends.ids == ["u1"])
        #expect(
            eventText(from: before, to: steps) == [
                "pop /profile/friends/u2", "pop /profile/friends/u1", "push /profile/friends/u1",
            ])
    }

    // MARK: fresh:

    @Test(arguments: 1...4)
    func freshRenewsOnlyTheLastStep(depth: Int) {
        var open = DeepRoot()
        open.select(\.level1, \.level2, \.level3, \.note)
        var steps = open
        switch depth {
        case 1: steps.renew(\.level1)
        case 2: steps.renew(\.level1, \.level2)
        case 3: steps.renew(\.level1, \.level2, \.level3)
        default: steps.renew(\.level1, \.level2, \.level3, \.note)
        }
        let initial = [
            steps.level1.renewal.isInitial, steps.level1.level2.renewal.isInitial,
            steps.level1.level2.level3.renewal.isInitial,
            steps.level1.level2.level3.note.renewal.isInitial,
        ]
        #expect(initial == (1...4).map { $0 != depth })
        // A fresh step keeps its value and its selections: only its identity changes.
        #expect(steps.level1.level2.level3.selected == StepSelection(.idle, push: .note))
        // Everything above the renewed step is shown again; the note comes with the new modal.
        let expected: [[String]] = [
            [
                "dismiss /level1/level2/level3 cover", "pop /level1/level2", "pop /level1",
                "push /level1", "push /level1/level2", "present /level1/level2/level3 cover",
            ],
            [
                "dismiss /level1/level2/level3 cover", "pop /level1/level2", "push /level1/level2",
                "present /level1/level2/level3 cover",
            ],
            ["dismiss /level1/level2/level3 cover", "present /level1/level2/level3 cover"],
            ["pop /level1/level2/level3/note", "push /level1/level2/level3/note"],
        ]
        #expect(eventText(from: open, to: steps) == expected[depth - 1])
    }

    @Test func freshIsTheSameAsFreshPath() throws {
        var typed = AppSteps()
        var path = AppSteps()
        typed.renew(\.profile, \.detail, \.dark)
        try path.renew(path: "profile/detail/dark")
        #expect(typed == path)
        #expect(!typed.profile.detail.dark.renewal.isInitial)
        #expect(typed.profile.detail.renewal.isInitial)
    }

    @Test func notFreshKeepsIdentity() {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        let before = steps
        steps.select(\.profile, \.detail, \.dark)
        #expect(steps == before)
        #expect(eventText(from: before, to: steps) == [])
    }

    // MARK: Unselected branches keep their state

    @Test func leavingAndComingBackKeepsTheSelection() throws {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        steps.select(\.home)
        // A tab that is not shown keeps its state: it is only unmounted from the screen.
        #expect(steps.profile.selected == StepSelection(.main, push: .detail))
        #expect(steps.profile.detail.selected == StepSelection(.dark))
        let away = steps
        steps.select(\.profile)
        #expect(eventText(from: away, to: steps) == ["select / home -> profile"])
        #expect(steps.isSelected(path: try StepPath(parsing: "profile/detail/dark")))

        // Selecting the main content keeps the detail pushed above it (another layer).
        let detail = steps
        steps.select(\.profile, \.main)
        #expect(steps == detail)
        #expect(eventText(from: detail, to: steps) == [])
        // Showing the main screen pops the detail, which is deselected: it starts afresh.
        steps.show(\.profile, \.main)
        #expect(eventText(from: detail, to: steps) == ["pop /profile/detail"])
        #expect(steps.profile.detail.value == ThemeSteps())
        let main = steps
        steps.select(\.profile, \.detail)
        #expect(eventText(from: main, to: steps) == ["push /profile/detail"])
        #expect(steps.profile.detail.selected == StepSelection())
    }

    /// `show` takes a value as `select` does: a deep link with a payload lands on its screen.
    @Test func showWithAValueLandsOnItsScreen() throws {
        var steps = AppSteps()
        try steps.select(path: "login/signUp")
        let covered = steps
        steps.show(\.explore, with: ExploreData(query: "swift"))
        #expect(
            eventText(from: covered, to: steps) == [
                "dismiss /login cover", "select / home -> explore", "replace /explore",
            ])
        #expect(steps.explore.value == ExploreData(query: "swift"))
        #expect(steps.visibleScreen == StepPath(["explore"]))
        // The same value again renews it in place, as a second `select` with it would.
        let shown = steps
        steps.show(\.explore, with: ExploreData(query: "swift"))
        #expect(eventText(from: shown, to: steps) == ["replace /explore"])
        // Two levels, with `fresh`: the detail is pushed over the profile and renewed.
        try steps.select(path: "profile/settings")
        let sheet = steps
        steps.show(\.profile, \.detail)
        steps.renew(\.profile, \.detail)
        #expect(
            eventText(from: sheet, to: steps) == [
                "dismiss /profile/settings sheet", "push /profile/detail",
            ])
    }

    @Test func selectingInANodeDoesNotTouchItsParent() {
        var steps = AppSteps()
        let start = steps
        steps.profile.value.select(.detail)
        #expect(steps.selected == StepSelection(.home))
        #expect(steps.profile.value.isSelected(.detail))
        // The profile tab is mounted but not shown: its stack changes in the background.
        #expect(eventText(from: start, to: steps) == ["push /profile/detail"])
    }

    @Test func dynamicMemberLookupReadsAndWrites() {
        var steps = AppSteps()
        steps.explore.query = "swift"
        #expect(steps.explore.value == ExploreData(query: "swift"))
        #expect(steps.explore.renewal.isInitial)
        steps.profile.detail.selected = StepSelection(.light)
        #expect(steps.profile.value.detail.value.selected.content == .light)
        #expect(steps.profile.friends.count == 0)
        #expect(steps.profile.friends.isEmpty)
        #expect(AppSteps.steps.keys == [.home, .explore, .profile, .login])
        #expect(AppSteps.steps.kind(of: .login) == .present(.cover))
        #expect(LoginSteps.steps.kind(of: .signUp) == .push)
        #expect(ProfileSteps.steps.kind(of: .settings) == .present(.sheet))
        #expect(ProfileSteps.steps.kind(of: .friends) == .stack)
        #expect(AppSteps.steps.kind(of: .explore) == .tab)
    }
}
