import ExampleSteps
import StepTree
import TestSupport
import Testing

@Suite struct StepStackTests {
    static func stack(_ ids: [String]) throws -> StepStack<ProfileSteps> {
        var stack = StepStack<ProfileSteps>()
        for id in ids { try stack.push(id: id) }
        return stack
    }

    @Test func emptyStack() {
        var stack = StepStack<ProfileSteps>()
        #expect(stack.ids == [])
        #expect(stack.count == 0)
        #expect(stack.isEmpty)
        #expect(stack.lastID == nil)
        #expect(stack.pop() == nil)
        #expect(stack.popToRoot() == [])
        #expect(stack.pop(last: 3) == [])
        #expect(stack[id: "u1"] == nil)
    }

    @Test func pushAppendsOnTop() throws {
        var stack = try Self.stack(["u1", "u2"])
        var element = ProfileSteps()
        element.select(.settings)
        try stack.push(element, id: "u3")
        #expect(stack.ids == ["u1", "u2", "u3"])
        #expect(stack.count == 3)
        #expect(!stack.isEmpty)
        #expect(stack.lastID == "u3")
        #expect(stack.contains(id: "u2"))
        #expect(!stack.contains(id: "u4"))
        #expect(stack.elements.map(\.selected.modal) == [nil, nil, .settings])
        #expect(stack[id: "u3"]?.selected == StepSelection(.main, modal: .settings))
        #expect(stack[id: "u3"]?.isSelected(.settings) == true)
    }

    @Test(arguments: [
        ("u1", StepPathError.duplicateElementID("u1", in: nil)),
        ("", .invalidElementID("", in: nil)),
        ("a/b", .invalidElementID("a/b", in: nil)),
        ("/", .invalidElementID("/", in: nil)),
    ])
    func pushRefusesBadIDs(id: String, error: StepPathError) throws {
        var stack = try Self.stack(["u1", "u2"])
        let before = stack
        #expect(throws: error) { try stack.push(id: id) }
        #expect(throws: error) { try stack.push(ProfileSteps(), id: id) }
        #expect(stack == before)
        #expect(stack.ids == ["u1", "u2"])
    }

    @Test func popRemovesTheTop() throws {
        var stack = try Self.stack(["u1", "u2", "u3"])
        #expect(stack.pop() == "u3")
        #expect(stack.ids == ["u1", "u2"])
    }

    @Test(arguments: [
        (-1, [String](), ["u1", "u2", "u3", "u4"]),
        (0, [], ["u1", "u2", "u3", "u4"]),
        (1, ["u4"], ["u1", "u2", "u3"]),
        (3, ["u2", "u3", "u4"], ["u1"]),
        (4, ["u1", "u2", "u3", "u4"], []),
        (9, ["u1", "u2", "u3", "u4"], []),
    ])
    func popLast(count: Int, removed: [String], left: [String]) throws {
        var stack = try Self.stack(["u1", "u2", "u3", "u4"])
        #expect(stack.pop(last: count) == removed)
        #expect(stack.ids == left)
    }

    @Test func popToAnElement() throws {
        var stack = try Self.stack(["u1", "u2", "u3", "u4"])
        #expect(try stack.pop(to: "u2") == ["u3", "u4"])
        #expect(stack.ids == ["u1", "u2"])
        #expect(try stack.pop(to: "u2") == [])
        #expect(stack.ids == ["u1", "u2"])
    }

    @Test func popToAnUnknownElementThrows() throws {
        var stack = try Self.stack(["u1", "u2"])
        let before = stack
        #expect(throws: StepPathError.unknownElement("u9", in: nil)) {
            try stack.pop(to: "u9")
        }
        #expect(stack == before)
    }

    @Test(arguments: [
        ("u1", ["u1", "u2", "u3", "u4"], [String]()),
        ("u2", ["u2", "u3", "u4"], ["u1"]),
        ("u4", ["u4"], ["u1", "u2", "u3"]),
    ])
    func popFromAnElement(id: String, removed: [String], left: [String]) throws {
        var stack = try Self.stack(["u1", "u2", "u3", "u4"])
        #expect(try stack.pop(from: id) == removed)
        #expect(stack.ids == left)
        #expect(!stack.contains(id: id))
    }

    @Test func popFromAnUnknownElementThrows() throws {
        var stack = try Self.stack(["u1", "u2"])
        let before = stack
        #expect(throws: StepPathError.unknownElement("u9", in: nil)) {
            try stack.pop(from: "u9")
        }
        #expect(stack == before)
        var empty = StepStack<ProfileSteps>()
        #expect(throws: StepPathError.unknownElement("u1", in: nil)) {
            try empty.pop(from: "u1")
        }
    }

    @Test func popToRoot() throws {
        var stack = try Self.stack(["u1", "u2", "u3"])
        #expect(stack.popToRoot() == ["u1", "u2", "u3"])
        #expect(stack.ids == [])
        #expect(stack.isEmpty)
    }

    @Test func setIDsKeepsTheStateOfElementsThatStay() throws {
        var stack = try Self.stack(["u1", "u2", "u3"])
        stack[id: "u2"]?.select(.detail)
        stack[id: "u3"]?.select(.settings)
        try stack.setIDs(["u0", "u2"])
        #expect(stack.ids == ["u0", "u2"])
        #expect(stack[id: "u2"]?.selected == StepSelection(.main, push: .detail))
        #expect(stack[id: "u0"]?.selected == StepSelection(.main))
        // u3 lost its state with it.
        try stack.setIDs(["u0", "u2", "u3"])
        #expect(stack[id: "u3"]?.selected == StepSelection(.main))
    }

    @Test func setIDsWithAFactory() throws {
        var stack = StepStack<ThemeSteps>()
        try stack.setIDs(["a", "b"]) { id in
            var theme = ThemeSteps()
            theme.select(id == "a" ? .light : .dark)
            return theme
        }
        #expect(stack.elements.map(\.selected.content) == [.light, .dark])
    }

    @Test(arguments: [
        (["a", "a"], StepPathError.duplicateElementID("a", in: nil)),
        (["a", "", "b"], .invalidElementID("", in: nil)),
        (["x/y"], .invalidElementID("x/y", in: nil)),
    ])
    func setIDsRefusesBadIDs(ids: [String], error: StepPathError) throws {
        var stack = try Self.stack(["u1"])
        let before = stack
        #expect(throws: error) { try stack.setIDs(ids) }
        #expect(stack == before)
    }

    @Test func subscriptRemovesWithNilAndIgnoresUnknownIDs() throws {
        var stack = try Self.stack(["u1", "u2", "u3"])
        stack[id: "u9"] = ProfileSteps()
        #expect(stack.ids == ["u1", "u2", "u3"])
        #expect(stack[id: "u9"] == nil)
        stack[id: "u2"] = nil
        #expect(stack.ids == ["u1", "u3"])
        stack[id: "u9"] = nil
        #expect(stack.ids == ["u1", "u3"])
    }

    // MARK: Identity of elements

    /// Elements are identified by id plus their own renewal history (SPEC §1), and a push
    /// records its number there (issue 29): popped and pushed again, in one change or two, an
    /// element is popped, then pushed.
    @Test func readdedElementIsANewScreenWithinAChange() throws {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["u1"])
        try steps.select(path: "profile/friends/u1/detail")
        let before = steps
        steps.profile.friends.value.pop()
        let popped = steps
        try steps.profile.friends.value.push(id: "u1")
        #expect(steps.profile.friends.ids == ["u1"])
        #expect(
            eventText(from: before, to: steps) == [
                "pop /profile/friends/u1/detail", "pop /profile/friends/u1",
                "push /profile/friends/u1",
            ])
        #expect(
            eventText(from: before, to: popped) == [
                "pop /profile/friends/u1/detail", "pop /profile/friends/u1",
            ])
        #expect(eventText(from: popped, to: steps) == ["push /profile/friends/u1"])
        // A renewed element that is re-added is a new element again: its history restarts.
        try steps.renew(path: "profile/friends/u1")
        let renewed = steps
        steps.profile.friends.value.pop()
        try steps.profile.friends.value.push(id: "u1")
        #expect(
            eventText(from: renewed, to: steps) == [
                "pop /profile/friends/u1", "push /profile/friends/u1",
            ])
    }

    @Test func freshSelectionMakesAnElementANewScreen() throws {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["u1"])
        let before = steps
        try steps.renew(path: "profile/friends/u1")
        #expect(
            eventText(from: before, to: steps) == [
                "pop /profile/friends/u1", "push /profile/friends/u1",
            ])
    }

    @Test func stackEditsThroughTheValueEmitEvents() throws {
        var steps = AppSteps()
        steps.select(\.profile, \.friends)
        let empty = steps
        try steps.profile.friends.value.push(id: "u1")
        try steps.profile.friends.value.push(id: "u2")
        #expect(
            eventText(from: empty, to: steps) == [
                "push /profile/friends/u1", "push /profile/friends/u2",
            ])
        let two = steps
        #expect(steps.profile.friends.value.popToRoot() == ["u1", "u2"])
        #expect(
            eventText(from: two, to: steps) == [
                "pop /profile/friends/u2", "pop /profile/friends/u1",
            ])
        // Editing an element's state in place keeps its identity.
        let three = steps
        try steps.profile.friends.value.setIDs(["u1"])
        steps.profile.friends.value[id: "u1"]?.select(.detail)
        #expect(
            eventText(from: three, to: steps) == [
                "push /profile/friends/u1", "push /profile/friends/u1/detail",
            ])
    }

    @Test func equalityCoversIDsValuesAndRenewals() throws {
        let a = try Self.stack(["u1", "u2"])
        var b = try Self.stack(["u1", "u2"])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b[id: "u2"]?.select(.detail)
        #expect(a != b)
        let c = try Self.stack(["u2", "u1"])
        #expect(a != c)
        // Renewal histories count too.
        var first = AppSteps()
        try first.setStack(path: "profile/friends", ids: ["u1", "u2"])
        var second = first
        try second.renew(path: "profile/friends/u2")
        #expect(first.profile.friends.value != second.profile.friends.value)
        #expect(first.profile.friends.ids == second.profile.friends.ids)
        #expect(first.profile.friends.elements == second.profile.friends.elements)
    }

    /// The stack methods are reachable on the stack step itself, and each change is told by
    /// exactly the frames it adds or removes.
    @Test func stackMethodsOnAStackStep() throws {
        var steps = AppSteps()
        steps.select(\.profile, \.friends)
        var log: [[String]] = []
        var removed: [[String]] = []
        func step(_ body: (inout AppSteps) throws -> [String]) rethrows {
            let before = steps
            removed.append(try body(&steps))
            log.append(eventText(from: before, to: steps))
        }
        try step {
            try $0.profile.friends.value.push(id: "u1")
            return []
        }
        try step {
            try $0.profile.friends.value.setIDs(["u1", "u2", "u3", "u4"])
            return []
        }
        #expect(steps.profile.friends.ids == ["u1", "u2", "u3", "u4"])
        #expect(steps.profile.friends.count == 4)
        #expect(steps.profile.friends.lastID == "u4")
        step { [$0.profile.friends.value.pop()].compactMap { $0 } }
        step { $0.profile.friends.value.pop(last: 1) }
        try step { try $0.profile.friends.value.pop(to: "u1") }
        try step {
            try $0.profile.friends.value.push(ProfileSteps.selecting(\.detail), id: "u5")
            return []
        }
        try step { try $0.profile.friends.value.pop(from: "u5") }
        step { $0.profile.friends.value.popToRoot() }
        #expect(removed == [[], [], ["u4"], ["u3"], ["u2"], [], ["u5"], ["u1"]])
        #expect(
            log == [
                ["push /profile/friends/u1"],
                [
                    "push /profile/friends/u2", "push /profile/friends/u3",
                    "push /profile/friends/u4",
                ],
                ["pop /profile/friends/u4"], ["pop /profile/friends/u3"],
                ["pop /profile/friends/u2"],
                ["push /profile/friends/u5", "push /profile/friends/u5/detail"],
                ["pop /profile/friends/u5/detail", "pop /profile/friends/u5"],
                ["pop /profile/friends/u1"],
            ])
        #expect(steps.profile.friends.isEmpty)
        // Errors leave the stack as it is.
        let before = steps
        #expect(throws: StepPathError.unknownElement("u9", in: nil)) {
            try steps.profile.friends.value.pop(to: "u9")
        }
        #expect(throws: StepPathError.invalidElementID("a/b", in: nil)) {
            try steps.profile.friends.value.push(id: "a/b")
        }
        #expect(throws: StepPathError.duplicateElementID("x", in: nil)) {
            try steps.profile.friends.value.setIDs(["x", "x"])
        }
        #expect(steps == before)
    }

    /// Ids must not contain the `/` scalar, even when a combining mark follows it (the text form
    /// of events would otherwise show more segments than the path has).
    @Test func slashWithACombiningMarkIsRefused() throws {
        var stack = StepStack<ProfileSteps>()
        var steps = AppSteps()
        #expect(throws: StepPathError.invalidElementID("a/\u{301}", in: nil)) {
            try stack.push(id: "a/\u{301}")
        }
        #expect(
            throws: StepPathError.invalidElementID(
                "a/\u{301}", in: StepPath(["profile", "friends"]))
        ) {
            try steps.setStack(path: "profile/friends", ids: ["a/\u{301}"])
        }
    }
}
