import ExampleSteps
import StepTree
import Testing

/// The hand-written `AppSteps` and its JSON-schema twin must behave identically: same events,
/// same errors, same selections, at every step.
@Suite struct DifferentialTests {
    /// A walk through the example app: tabs, deep links, fresh selects, deselects, the friends
    /// stack, friends of friends, sheets in background tabs, and errors. Each step has its exact
    /// expected outcome (SPEC §3).
    static let script: [(PathOperation, Outcome)] = [
        (
            .select("profile/detail/dark"),
            .events(["select / home -> profile", "push /profile/detail"])
        ),
        (.select("profile/detail/dark"), .events([])),
        (.select("explore"), .events(["select / profile -> explore"])),
        // The detail is popped in the background tab, the sheet comes with the tab switch.
        (
            .select("profile/settings"),
            .events([
                "pop /profile/detail", "select / explore -> profile",
                "present /profile/settings sheet",
            ])
        ),
        // A sheet exists only on the active path: it goes with its tab and comes back with it.
        (
            .select("home"),
            .events(["dismiss /profile/settings sheet", "select / profile -> home"])
        ),
        (
            .select("profile"),
            .events(["select / home -> profile", "present /profile/settings sheet"])
        ),
        (
            .stack("profile/friends", ids: ["u1", "u2"]),
            .events([
                "dismiss /profile/settings sheet", "push /profile/friends/u1",
                "push /profile/friends/u2",
            ])
        ),
        (.select("profile/friends/u2/detail/light"), .events(["push /profile/friends/u2/detail"])),
        (
            .select("profile/friends/u2/settings"),
            .events([
                "pop /profile/friends/u2/detail", "present /profile/friends/u2/settings sheet",
            ])
        ),
        // A friend of a friend.
        (
            .stack("profile/friends/u2/friends", ids: ["v1"]),
            .events([
                "dismiss /profile/friends/u2/settings sheet", "push /profile/friends/u2/friends/v1",
            ])
        ),
        (
            .select("profile/friends/u2/friends/v1/settings"),
            .events(["present /profile/friends/u2/friends/v1/settings sheet"])
        ),
        // u1 is below the top: its sheet is not on the active path, so nothing shows.
        (.select("profile/friends/u1/settings"), .events([])),
        (
            .stack("profile/friends", ids: ["u1"]),
            .events([
                "dismiss /profile/friends/u2/friends/v1/settings sheet",
                "pop /profile/friends/u2/friends/v1", "pop /profile/friends/u2",
                "present /profile/friends/u1/settings sheet",
            ])
        ),
        (
            .select("profile/friends/u1/main"),
            .events(["dismiss /profile/friends/u1/settings sheet"])
        ),
        (
            .select("profile/friends/u1", fresh: true),
            .events(["pop /profile/friends/u1", "push /profile/friends/u1"])
        ),
        (.deselect("profile/friends"), .events(["pop /profile/friends/u1"])),
        (.deselect("profile/friends"), .events([])),
        // The stack kept its elements while it was not selected.
        (.select("profile/friends"), .events(["push /profile/friends/u1"])),
        (
            .stack("profile/friends", ids: ["u1", "u2", "u3"]),
            .events(["push /profile/friends/u2", "push /profile/friends/u3"])
        ),
        // Removing from the middle pops everything above and pushes back what stays.
        (
            .stack("profile/friends", ids: ["u1", "u3"]),
            .events([
                "pop /profile/friends/u3", "pop /profile/friends/u2", "push /profile/friends/u3",
            ])
        ),
        (
            .select("profile/friends/u9"),
            .error(.unknownElement("u9", in: StepPath(["profile", "friends"])))
        ),
        (
            .deselect("profile/friends/u1"),
            .error(.cannotDeselectElement(StepPath(["profile", "friends", "u1"])))
        ),
        // The detail kept its theme.
        (
            .select("profile/detail"),
            .events(["pop /profile/friends/u3", "pop /profile/friends/u1", "push /profile/detail"])
        ),
        (.select("profile/detail/light"), .events(["select /profile/detail dark -> light"])),
        (.deselect("profile/detail/light"), .events(["select /profile/detail light -> -"])),
        (.select("profile/main"), .events(["pop /profile/detail"])),
        (.deselect("profile/main"), .events(["select /profile main -> -"])),
        (.select("explore", fresh: true), .events(["select / profile -> explore"])),
        (.select("explore", fresh: true), .events([])),
        // Going back to a tab's root while another tab is shown pops in the background.
        (
            .select("profile/detail"),
            .events(["select / explore -> profile", "push /profile/detail"])
        ),
        (.select("home"), .events(["select / profile -> home"])),
        (.deselect("profile/detail"), .events(["pop /profile/detail"])),
        (.deselect("home"), .error(.cannotDeselectTab(StepPath(["home"])))),
        (.stack("profile/main", ids: ["x"]), .error(.notAStack(StepPath(["profile", "main"])))),
        (.select("explore/query"), .error(.unknownStep("query", in: StepPath(["explore"])))),
        (
            .select("profile/detail/dark/x"),
            .error(.unknownStep("x", in: StepPath(["profile", "detail", "dark"])))
        ),
        (
            .stack("profile/friends", ids: ["a", "a"]),
            .error(.duplicateElementID("a", in: StepPath(["profile", "friends"])))
        ),
        // Every node along a deep link becomes selected, the root included.
        (
            .select("profile/friends/u1/settings"),
            .events([
                "select / home -> profile", "push /profile/friends/u1", "push /profile/friends/u3",
            ])
        ),
        (
            .select("profile/friends/u3/settings"),
            .events(["present /profile/friends/u3/settings sheet"])
        ),
        (
            .select("home"),
            .events(["dismiss /profile/friends/u3/settings sheet", "select / profile -> home"])
        ),
        // Pops in the background tab first, then the tab switch, then the push.
        (
            .select("profile/detail/dark"),
            .events([
                "pop /profile/friends/u3", "pop /profile/friends/u1", "select / home -> profile",
                "push /profile/detail",
            ])
        ),
    ]

    /// Paths whose selection is compared between the twins after every step.
    static let probes: [StepPath] = [
        ["home"], ["explore"], ["profile"], ["profile", "main"], ["profile", "detail"],
        ["profile", "detail", "dark"], ["profile", "detail", "light"], ["profile", "settings"],
        ["profile", "friends"], ["profile", "friends", "u1"],
        ["profile", "friends", "u1", "settings"],
        ["profile", "friends", "u2", "friends", "v1"], ["profile", "friends", "u3", "settings"],
    ].map { StepPath($0) }

    @Test func scriptGivesTheSameOutcomeOnBothFrontEnds() throws {
        var typed = AppSteps()
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        for (index, (operation, expected)) in Self.script.enumerated() {
            let typedOutcome = typed.apply(operation)
            let dynamicOutcome = dynamic.apply(operation)
            #expect(typedOutcome == expected, "step \(index): \(operation) on AppSteps")
            #expect(dynamicOutcome == expected, "step \(index): \(operation) on DynamicSteps")
            for probe in Self.probes {
                #expect(
                    typed.isSelected(path: probe) == dynamic.isSelected(path: probe),
                    "step \(index): isSelected(\(probe))")
            }
        }
    }

    /// The same state reached through the typed API and through paths.
    @Test func typedAndPathSelectionsAgree() throws {
        var byKeyPath = AppSteps()
        var byPath = AppSteps()
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        let start = byKeyPath
        let dynamicStart = dynamic

        byKeyPath.select(\.profile, \.detail, \.dark)
        try byPath.select(path: "profile/detail/dark")
        try dynamic.select(path: "profile/detail/dark")
        #expect(byKeyPath == byPath)
        #expect(eventText(from: start, to: byKeyPath) == eventText(from: dynamicStart, to: dynamic))

        let before = byKeyPath
        let dynamicBefore = dynamic
        byKeyPath.select(\.profile, \.detail, fresh: true)
        try byPath.select(path: "profile/detail", fresh: true)
        try dynamic.select(path: "profile/detail", fresh: true)
        #expect(byKeyPath == byPath)
        #expect(
            eventText(from: before, to: byKeyPath) == [
                "pop /profile/detail", "push /profile/detail",
            ])
        #expect(
            eventText(from: dynamicBefore, to: dynamic) == [
                "pop /profile/detail", "push /profile/detail",
            ])
    }

    /// Edits through the value API (`StepStack`) and through `setStack` agree.
    @Test func stackValueAPIAndPathAPIAgree() throws {
        var byValue = AppSteps()
        var byPath = AppSteps()
        byValue.select(\.profile, \.friends)
        try byValue.profile.friends.value.push(id: "u1")
        try byValue.profile.friends.value.push(id: "u2")
        try byPath.setStack(path: "profile/friends", ids: ["u1", "u2"])
        #expect(byValue == byPath)
        #expect(byValue.hashValue == byPath.hashValue)
        #expect(eventText(from: byValue, to: byPath) == [])
    }
}
