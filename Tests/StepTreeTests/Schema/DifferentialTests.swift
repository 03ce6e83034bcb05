import ExampleSteps
import StepTree
import TestSupport
import Testing

/// The hand-written `AppSteps` and its JSON-schema twin must behave identically: same events,
/// same errors, same selections, at every step.
@Suite struct DifferentialTests {
    /// A walk through the example app: tabs, deep links, `show`, fresh selects, deselects, the
    /// friends stack, friends of friends, sheets in background tabs, the login cover, and
    /// errors. Each step has its exact expected outcome (SPEC v2 §3).
    static let script: [(PathOperation, Outcome)] = [
        (
            .select("profile/detail/dark"),
            .events(["select / home -> profile", "push /profile/detail"])
        ),
        (.select("profile/detail/dark"), .events([])),
        (.select("explore"), .events(["select / profile -> explore"])),
        // One selection per layer: the detail stays pushed under the sheet.
        (
            .select("profile/settings"),
            .events(["select / explore -> profile", "present /profile/settings sheet"])
        ),
        // A sheet is mounted only while its parent is active: it goes with its tab and comes
        // back with it.
        (
            .select("home"),
            .events(["dismiss /profile/settings sheet", "select / profile -> home"])
        ),
        (
            .select("profile"),
            .events(["select / home -> profile", "present /profile/settings sheet"])
        ),
        (.deselect("profile/settings"), .events(["dismiss /profile/settings sheet"])),
        (.select("profile/settings"), .events(["present /profile/settings sheet"])),
        // Show removes what covers the target: the sheet above the pushed detail.
        (.show("profile/detail"), .events(["dismiss /profile/settings sheet"])),
        // The stack replaces the detail in the push layer: the detail is deselected.
        (
            .stack("profile/friends", ids: ["u1", "u2"]),
            .events([
                "pop /profile/detail", "push /profile/friends/u1", "push /profile/friends/u2",
            ])
        ),
        // The detail comes back from scratch (no theme); the replaced stack loses its elements.
        (
            .select("profile/detail"),
            .events(["pop /profile/friends/u2", "pop /profile/friends/u1", "push /profile/detail"])
        ),
        (.select("profile/detail/light"), .events(["select /profile/detail - -> light"])),
        (
            .stack("profile/friends", ids: ["u1", "u2"]),
            .events([
                "pop /profile/detail", "push /profile/friends/u1", "push /profile/friends/u2",
            ])
        ),
        (.select("profile/friends/u2/detail/light"), .events(["push /profile/friends/u2/detail"])),
        // The sheet over a pushed screen of the same node.
        (
            .select("profile/friends/u2/settings"),
            .events(["present /profile/friends/u2/settings sheet"])
        ),
        // A friend of a friend replaces u2's detail; u2's sheet stays.
        (
            .stack("profile/friends/u2/friends", ids: ["v1"]),
            .events(["pop /profile/friends/u2/detail", "push /profile/friends/u2/friends/v1"])
        ),
        // v1's sheet comes below u2's own sheet in the window chain (depth-first order).
        (
            .select("profile/friends/u2/friends/v1/settings"),
            .events([
                "dismiss /profile/friends/u2/settings sheet",
                "present /profile/friends/u2/friends/v1/settings sheet",
                "present /profile/friends/u2/settings sheet",
            ])
        ),
        // u1 is below the top: it is not active, so its sheet is not mounted.
        (.select("profile/friends/u1/settings"), .events([])),
        (
            .stack("profile/friends", ids: ["u1"]),
            .events([
                "dismiss /profile/friends/u2/settings sheet",
                "dismiss /profile/friends/u2/friends/v1/settings sheet",
                "pop /profile/friends/u2/friends/v1", "pop /profile/friends/u2",
                "present /profile/friends/u1/settings sheet",
            ])
        ),
        (
            .show("profile/friends/u1"),
            .events(["dismiss /profile/friends/u1/settings sheet"])
        ),
        (
            .select("profile/friends/u1", fresh: true),
            .events(["pop /profile/friends/u1", "push /profile/friends/u1"])
        ),
        (.deselect("profile/friends"), .events(["pop /profile/friends/u1"])),
        (.deselect("profile/friends"), .events([])),
        // A deselected stack starts afresh: selected again, it has no elements.
        (.select("profile/friends"), .events([])),
        (
            .stack("profile/friends", ids: ["u1", "u2", "u3"]),
            .events([
                "push /profile/friends/u1", "push /profile/friends/u2", "push /profile/friends/u3",
            ])
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
        (
            .select("profile/detail"),
            .events(["pop /profile/friends/u3", "pop /profile/friends/u1", "push /profile/detail"])
        ),
        (.select("profile/detail/light"), .events(["select /profile/detail - -> light"])),
        (.deselect("profile/detail/light"), .events(["select /profile/detail light -> -"])),
        // Selecting the content keeps the push layer; showing it pops.
        (.select("profile/main"), .events([])),
        (.show("profile/main"), .events(["pop /profile/detail"])),
        (.deselect("profile/main"), .events(["select /profile main -> -"])),
        // A renewed tab is rebuilt in place.
        (
            .select("explore", fresh: true),
            .events(["select / profile -> explore", "replace /explore"])
        ),
        (.select("explore", fresh: true), .events(["replace /explore"])),
        (
            .select("profile/detail"),
            .events(["select / explore -> profile", "push /profile/detail"])
        ),
        (.select("home"), .events(["select / profile -> home"])),
        // Going back to a tab's root while another tab is shown pops in the background.
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
        // The login cover over the tab bar, with its own navigation stack.
        (.select("login"), .events(["present /login cover"])),
        (.select("login/signUp"), .events(["push /login/signUp"])),
        // A tab switch under the cover leaves the cover alone.
        (.select("profile"), .events(["select / home -> profile"])),
        (.deselect("login"), .events(["dismiss /login cover"])),
        // The dismissed cover starts afresh: no sign-up pushed.
        (.select("login"), .events(["present /login cover"])),
        (.show("profile/friends"), .events(["dismiss /login cover"])),
        (
            .select("profile/friends/u1/settings"),
            .error(.unknownElement("u1", in: StepPath(["profile", "friends"])))
        ),
        (
            .stack("profile/friends", ids: ["u1", "u2"]),
            .events(["push /profile/friends/u1", "push /profile/friends/u2"])
        ),
        (
            .remove("profile/friends/u1"),
            .events(["pop /profile/friends/u2", "pop /profile/friends/u1"])
        ),
        (.select("profile/settings"), .events(["present /profile/settings sheet"])),
        (
            .select("home"),
            .events(["dismiss /profile/settings sheet", "select / profile -> home"])
        ),
        // The detail replaces the empty stack; the sheet comes back with the tab.
        (
            .select("profile/detail/dark"),
            .events([
                "select / home -> profile", "push /profile/detail",
                "present /profile/settings sheet",
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
        ["profile", "friends", "u2", "detail"], ["login"], ["login", "signUp"], ["login", "form"],
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
        byKeyPath.renew(\.profile, \.detail)
        try byPath.renew(path: "profile/detail")
        try dynamic.renew(path: "profile/detail")
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
        // The same ids; but a push is a new screen (it holds its push number), while set stack
        // names elements by id alone (SPEC §4).
        #expect(byValue.profile.friends.ids == byPath.profile.friends.ids)
        #expect(
            eventText(from: byValue, to: byPath) == [
                "pop /profile/friends/u2", "pop /profile/friends/u1", "push /profile/friends/u1",
                "push /profile/friends/u2",
            ])
    }
}
