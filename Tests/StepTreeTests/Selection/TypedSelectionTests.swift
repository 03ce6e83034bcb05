import ExampleSteps
import StepTree
import Testing

@Suite struct TypedSelectionTests {
    // MARK: Every overload depth

    @Test func oneLevel() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1)
        #expect(steps.selected == .level1)
        #expect(steps.isSelected(.level1))
        #expect(steps.level1.generation == 0)
        #expect(eventText(from: start, to: steps) == ["push /level1"])
    }

    @Test func twoLevels() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2)
        #expect(steps.selected == .level1)
        #expect(steps.level1.selected == .level2)
        #expect(eventText(from: start, to: steps) == ["push /level1", "push /level1/level2"])
    }

    @Test func threeLevels() {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2, \.level3)
        #expect(steps.level1.level2.selected == .level3)
        #expect(
            eventText(from: start, to: steps) == [
                "push /level1", "push /level1/level2", "present /level1/level2/level3 cover",
            ])
    }

    @Test func fourLevels() throws {
        var steps = DeepRoot()
        let start = steps
        steps.select(\.level1, \.level2, \.level3, \.note)
        #expect(steps.level1.level2.level3.selected == .note)
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
        #expect(steps.selected == .profile)
        #expect(steps.profile.selected == .detail)
        #expect(steps.profile.detail.selected == .dark)
        #expect(steps.isSelected(path: try StepPath(parsing: "profile/detail/dark")))
        #expect(
            eventText(from: start, to: steps) == [
                "select / home -> profile", "push /profile/detail",
            ])
    }

    // MARK: with: gives a new identity

    /// Re-selecting an open path with a new value at each depth replaces that step and
    /// everything above it on screen.
    @Test func withValueAtEveryDepth() {
        var open = DeepRoot()
        open.select(\.level1, \.level2, \.level3, \.note)

        var one = open
        one.select(\.level1, with: Level1(tag: "new"))
        #expect(one.level1.tag == "new")
        #expect(one.level1.generation == open.level1.generation + 1)
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
        #expect(three.level1.level2.level3.selected == .idle)
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
        #expect(steps.profile.detail.generation == 1)
        #expect(steps != before)
        #expect(
            eventText(from: before, to: steps) == ["pop /profile/detail", "push /profile/detail"])
    }

    @Test func withPayloadOnATab() {
        var steps = AppSteps()
        let start = steps
        steps.select(\.explore, with: ExploreData(query: "swift"))
        #expect(steps.explore.query == "swift")
        #expect(steps.explore.generation == 1)
        #expect(eventText(from: start, to: steps) == ["select / home -> explore"])
        // A tab that is already shown, with a new payload: a new container, nothing pushed.
        let shown = steps
        steps.select(\.explore, with: ExploreData(query: "tests"))
        #expect(steps.explore.generation == 2)
        #expect(eventText(from: shown, to: steps) == [])
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
        case 1: steps.select(\.level1, fresh: true)
        case 2: steps.select(\.level1, \.level2, fresh: true)
        case 3: steps.select(\.level1, \.level2, \.level3, fresh: true)
        default: steps.select(\.level1, \.level2, \.level3, \.note, fresh: true)
        }
        let generations = [
            steps.level1.generation, steps.level1.level2.generation,
            steps.level1.level2.level3.generation, steps.level1.level2.level3.note.generation,
        ]
        #expect(generations == (1...4).map { $0 == depth ? 1 : 0 })
        // A fresh step keeps its value: only its identity changes.
        #expect(steps.level1.level2.level3.selected == .note)
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
        typed.select(\.profile, \.detail, \.dark, fresh: true)
        try path.select(path: "profile/detail/dark", fresh: true)
        #expect(typed == path)
        #expect(typed.profile.detail.dark.generation == 1)
    }

    @Test func notFreshKeepsIdentity() {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        let before = steps
        steps.select(\.profile, \.detail, \.dark, fresh: false)
        #expect(steps == before)
        #expect(eventText(from: before, to: steps) == [])
    }

    // MARK: Unselected branches keep their state

    @Test func leavingAndComingBackKeepsTheSelection() throws {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        steps.select(\.home)
        #expect(steps.profile.selected == .detail)
        #expect(steps.profile.detail.selected == .dark)
        let away = steps
        steps.select(\.profile)
        #expect(eventText(from: away, to: steps) == ["select / home -> profile"])
        #expect(steps.isSelected(path: try StepPath(parsing: "profile/detail/dark")))

        // Leaving the detail for the main screen keeps the theme for the next push.
        let detail = steps
        steps.select(\.profile, \.main)
        #expect(eventText(from: detail, to: steps) == ["pop /profile/detail"])
        let main = steps
        steps.select(\.profile, \.detail)
        #expect(eventText(from: main, to: steps) == ["push /profile/detail"])
        #expect(steps.profile.detail.selected == .dark)
    }

    @Test func selectingInANodeDoesNotTouchItsParent() {
        var steps = AppSteps()
        let start = steps
        steps.profile.value.select(.detail)
        #expect(steps.selected == .home)
        #expect(steps.profile.value.isSelected(.detail))
        // The profile tab is mounted but not shown: its stack changes in the background.
        #expect(eventText(from: start, to: steps) == ["push /profile/detail"])
    }

    @Test func dynamicMemberLookupReadsAndWrites() {
        var steps = AppSteps()
        steps.explore.query = "swift"
        #expect(steps.explore.value == ExploreData(query: "swift"))
        #expect(steps.explore.generation == 0)
        steps.profile.detail.selected = .light
        #expect(steps.profile.value.detail.value.selected == .light)
        #expect(AppSteps.steps.keys == [.home, .explore, .profile])
        #expect(ProfileSteps.steps.kind(of: .settings) == .present(.sheet))
        #expect(ProfileSteps.steps.kind(of: .friends) == .stack)
        #expect(AppSteps.steps.kind(of: .explore) == .tab)
    }
}
