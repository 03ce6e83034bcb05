import ExampleSteps
import StepTree
import TestSupport
import Testing

/// Typed routes of any depth, through stack elements (`StepRoute`).
@Suite struct StepRouteTests {
    static let friends = StepRoute(\AppSteps.profile).then(\.friends)
    static let bobDetail = friends.element("bob").then(\.detail)

    /// The profile tab with friends [ann, bob] pushed.
    static func withFriends() throws -> AppSteps {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
        return steps
    }

    @Test func routesSpellTheirPath() {
        #expect(StepRoute(\AppSteps.login).path == StepPath(["login"]))
        #expect(Self.friends.path == StepPath(["profile", "friends"]))
        #expect(Self.bobDetail.path == StepPath(["profile", "friends", "bob", "detail"]))
        let deep = Self.friends.element("bob").then(\.friends).element("cid").then(\.settings)
        #expect(deep.path.description == "/profile/friends/bob/friends/cid/settings")
        #expect(Self.bobDetail.then(\.dark).path.segments.count == 5)
        #expect(
            Self.friends.element("bob")
                == StepRoute(\AppSteps.profile).then(\.friends).element("bob"))
        #expect(Self.friends.element("bob") != Self.friends.element("ann"))
    }

    @Test func keyForAPropertyIsPublic() {
        #expect(AppSteps.steps.key(for: \.login) == .login)
        #expect(AppSteps.steps.key(for: \.explore) == .explore)
        #expect(ProfileSteps.steps.key(for: \.friends) == .friends)
        #expect(ProfileSteps.steps.key(for: \.settings) == .settings)
        #expect(ThemeSteps.steps.key(for: \.dark) == .dark)
        #expect(LoginSteps.steps.key(for: \.signUp) == .signUp)
    }

    @Test func selectThroughAnElement() throws {
        var steps = try Self.withFriends()
        let before = steps
        try steps.select(path: Self.bobDetail.then(\.dark).path)
        #expect(eventText(from: before, to: steps) == ["push /profile/friends/bob/detail"])
        #expect(steps.isSelected(path: Self.bobDetail.then(\.dark).path))
        #expect(steps.isSelected(path: Self.bobDetail.path))
        #expect(!steps.isSelected(path: Self.bobDetail.then(\.light).path))
        #expect(!steps.isSelected(path: Self.friends.element("ann").then(\.detail).path))
        var byPath = before
        try byPath.select(path: "profile/friends/bob/detail/dark")
        #expect(steps == byPath)
        // Addressing an element does not change the stack.
        #expect(steps.profile.friends.ids == ["ann", "bob"])
    }

    @Test func selectFreshAndWithAValue() throws {
        var steps = try Self.withFriends()
        let before = steps
        try steps.renew(path: Self.friends.element("bob").path)
        #expect(
            eventText(from: before, to: steps) == [
                "pop /profile/friends/bob", "push /profile/friends/bob",
            ])
        // A value replaces the element, with its selections.
        let renewed = steps
        try steps.select(
            path: Self.friends.element("ann").path, with: ProfileSteps.selecting(\.detail))
        #expect(
            eventText(from: renewed, to: steps) == [
                "pop /profile/friends/bob", "pop /profile/friends/ann", "push /profile/friends/ann",
                "push /profile/friends/ann/detail", "push /profile/friends/bob",
            ])
        #expect(
            steps.profile.friends.value[id: "ann"]?.selected == StepSelection(.main, push: .detail))
        // A payload at any depth.
        let payload = steps
        try steps.select(path: StepRoute(\AppSteps.explore).path, with: ExploreData(query: "swift"))
        #expect(steps.explore.query == "swift")
        #expect(
            eventText(from: payload, to: steps) == [
                "select / profile -> explore", "replace /explore",
            ])
    }

    @Test func showThroughAnElement() throws {
        var steps = try Self.withFriends()
        try steps.select(path: Self.bobDetail.path)
        try steps.select(path: Self.friends.element("ann").then(\.settings).path)
        try steps.select(path: StepRoute(\AppSteps.login).path)
        let before = steps
        // The elements after ann are removed, the cover over the tab bar dismissed.
        try steps.show(path: Self.friends.element("ann").path)
        #expect(
            eventText(from: before, to: steps) == [
                "dismiss /login cover", "pop /profile/friends/bob/detail",
                "pop /profile/friends/bob",
            ])
        #expect(steps.profile.friends.ids == ["ann"])
        #expect(steps.visibleScreen == StepPath(["profile", "friends", "ann", "main"]))
        // ann's own sheet was cleared too: show ends on exactly this screen.
        #expect(!steps.isSelected(path: Self.friends.element("ann").then(\.settings).path))
        var shown = try Self.withFriends()
        try shown.show(path: Self.friends.element("bob").then(\.settings).path)
        try shown.renew(path: Self.friends.element("bob").then(\.settings).path)
        #expect(shown.visibleScreen == StepPath(["profile", "friends", "bob", "settings"]))
        var valued = try Self.withFriends()
        try valued.show(path: StepRoute(\AppSteps.explore).path, with: ExploreData(query: "q"))
        #expect(valued.visibleScreen == StepPath(["explore"]))
        #expect(valued.explore.query == "q")
    }

    @Test func deselectThroughAnElement() throws {
        var steps = try Self.withFriends()
        try steps.select(path: Self.friends.element("bob").then(\.settings).path)
        let before = steps
        try steps.deselect(path: Self.friends.element("bob").then(\.settings).path)
        #expect(
            eventText(from: before, to: steps) == ["dismiss /profile/friends/bob/settings sheet"])
        // Not selected: nothing changes.
        let after = steps
        try steps.deselect(path: Self.friends.element("bob").then(\.settings).path)
        #expect(steps == after)
        #expect(
            throws: StepPathError.cannotDeselectElement(StepPath(["profile", "friends", "bob"]))
        ) {
            try steps.deselect(path: Self.friends.element("bob").path)
        }
        #expect(throws: StepPathError.cannotDeselectTab(StepPath(["profile"]))) {
            try steps.deselect(path: StepRoute(\AppSteps.profile).path)
        }
        #expect(steps == after)
    }

    /// Key paths always resolve; an element id may not exist.
    @Test func anUnknownElementIsAnError() throws {
        var steps = try Self.withFriends()
        let before = steps
        let missing = StepPathError.unknownElement("zoe", in: StepPath(["profile", "friends"]))
        let zoe = Self.friends.element("zoe")
        #expect(throws: missing) { try steps.select(path: zoe.path) }
        #expect(throws: missing) { try steps.renew(path: zoe.then(\.detail).path) }
        #expect(throws: missing) { try steps.select(path: zoe.path, with: ProfileSteps()) }
        #expect(throws: missing) { try steps.show(path: zoe.then(\.settings).path) }
        #expect(throws: missing) { try steps.show(path: zoe.path, with: ProfileSteps()) }
        #expect(throws: missing) { try steps.deselect(path: zoe.then(\.settings).path) }
        #expect(!steps.isSelected(path: zoe.path))
        let nested = Self.friends.element("bob").then(\.friends).element("cid")
        #expect(
            throws: StepPathError.unknownElement(
                "cid", in: StepPath(["profile", "friends", "bob", "friends"]))
        ) {
            try steps.select(path: nested.path)
        }
        #expect(steps == before)
    }

    /// A route of four levels is the typed overload of four key paths.
    @Test func aRouteEqualsTheTypedOverloads() throws {
        let route = StepRoute(\DeepRoot.level1).then(\.level2).then(\.level3).then(\.note)
        var byRoute = DeepRoot()
        try byRoute.select(path: route.path, with: Note("x"))
        var byKeyPaths = DeepRoot()
        byKeyPaths.select(\.level1, \.level2, \.level3, \.note, with: Note("x"))
        #expect(byRoute == byKeyPaths)
        #expect(byRoute.isSelected(path: route.path))
        #expect(byRoute.level1.level2.level3.note.text == "x")
    }
}
