import ExampleSteps
import StepTree
import TestSupport
import Testing

/// SPEC §4: a bad path or stack change is a typed error that says what and where, the state is
/// unchanged and the diff is empty — on both front-ends.
@Suite struct BadInputTests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        let operation: PathOperation
        let error: StepPathError
        init(_ operation: PathOperation, _ error: StepPathError) {
            self.operation = operation
            self.error = error
        }
        var testDescription: String { "\(operation.testDescription) → \(error)" }
    }

    static let friends = StepPath(["profile", "friends"])

    static let inputs: [BadInput] = [
        // Parsing.
        BadInput(.select(""), .emptyPath),
        BadInput(.select("/"), .emptyPath),
        BadInput(.select("//"), .emptySegment(index: 0)),
        BadInput(.select("//profile"), .emptySegment(index: 0)),
        BadInput(.select("/profile/"), .emptySegment(index: 1)),
        BadInput(.select("/profile//detail"), .emptySegment(index: 1)),
        BadInput(.select("/", fresh: true), .emptyPath),
        BadInput(.show("/"), .emptyPath),
        BadInput(.show("//profile"), .emptySegment(index: 0)),
        BadInput(.deselect("/"), .emptyPath),
        BadInput(.remove("/"), .emptyPath),
        BadInput(.select("profile/"), .emptySegment(index: 1)),
        BadInput(.select("profile//detail"), .emptySegment(index: 1)),
        BadInput(.select("profile/detail/dark/"), .emptySegment(index: 3)),
        BadInput(.select("", fresh: true), .emptyPath),
        BadInput(.deselect(""), .emptyPath),
        BadInput(.deselect("profile//main"), .emptySegment(index: 1)),
        BadInput(.stack("", ids: ["a"]), .emptyPath),
        BadInput(.stack("/", ids: ["a"]), .emptyPath),
        BadInput(.stack("//profile/friends", ids: ["a"]), .emptySegment(index: 0)),
        BadInput(
            .stack("/profile/friends", ids: ["a", "a"]), .duplicateElementID("a", in: friends)),
        BadInput(.select("/nope"), .unknownStep("nope", in: .root)),
        BadInput(.select("/profile/nope"), .unknownStep("nope", in: StepPath(["profile"]))),
        BadInput(.stack("profile/friends/", ids: []), .emptySegment(index: 2)),
        // Unknown steps and elements.
        BadInput(.select("nope"), .unknownStep("nope", in: .root)),
        BadInput(.select("Profile"), .unknownStep("Profile", in: .root)),
        BadInput(.select(" profile"), .unknownStep(" profile", in: .root)),
        BadInput(.select("profile/nope"), .unknownStep("nope", in: StepPath(["profile"]))),
        BadInput(
            .select("profile/nope", fresh: true), .unknownStep("nope", in: StepPath(["profile"]))),
        BadInput(.select("nope/detail"), .unknownStep("nope", in: .root)),
        BadInput(.deselect("profile/nope"), .unknownStep("nope", in: StepPath(["profile"]))),
        BadInput(
            .stack("profile/nope", ids: ["a"]), .unknownStep("nope", in: StepPath(["profile"]))),
        BadInput(.select("profile/friends/u9"), .unknownElement("u9", in: friends)),
        BadInput(.select("profile/friends/main"), .unknownElement("main", in: friends)),
        BadInput(.deselect("profile/friends/u9/detail"), .unknownElement("u9", in: friends)),
        BadInput(
            .select("profile/friends/u1/nope"),
            .unknownStep("nope", in: StepPath(["profile", "friends", "u1"]))),
        BadInput(
            .select("profile/friends/u1/friends/u1"),
            .unknownElement("u1", in: StepPath(["profile", "friends", "u1", "friends"]))),
        // Below a leaf.
        BadInput(.select("home/x"), .unknownStep("x", in: StepPath(["home"]))),
        BadInput(.select("explore/query"), .unknownStep("query", in: StepPath(["explore"]))),
        BadInput(.select("profile/main/x"), .unknownStep("x", in: StepPath(["profile", "main"]))),
        BadInput(
            .select("profile/detail/dark/x"),
            .unknownStep("x", in: StepPath(["profile", "detail", "dark"]))),
        BadInput(
            .stack("profile/settings/x", ids: []),
            .unknownStep("x", in: StepPath(["profile", "settings"]))),
        // Deselecting what cannot be deselected.
        BadInput(.deselect("home"), .cannotDeselectTab(StepPath(["home"]))),
        BadInput(.deselect("profile"), .cannotDeselectTab(StepPath(["profile"]))),
        BadInput(
            .deselect("profile/friends/u1"),
            .cannotDeselectElement(StepPath(["profile", "friends", "u1"]))),
        // Stacks.
        BadInput(.stack("profile", ids: ["a"]), .notAStack(StepPath(["profile"]))),
        BadInput(.stack("home", ids: []), .notAStack(StepPath(["home"]))),
        BadInput(
            .stack("profile/detail", ids: ["a"]), .notAStack(StepPath(["profile", "detail"]))),
        BadInput(
            .stack("profile/detail", ids: ["a", "a"]), .notAStack(StepPath(["profile", "detail"]))),
        BadInput(
            .stack("profile/friends/u1", ids: ["a"]),
            .notAStack(StepPath(["profile", "friends", "u1"]))),
        BadInput(
            .stack("profile/friends", ids: ["a", "b", "a"]), .duplicateElementID("a", in: friends)),
        BadInput(
            .stack("profile/friends", ids: ["u1", "u1"]), .duplicateElementID("u1", in: friends)),
        BadInput(.stack("profile/friends", ids: ["a", ""]), .invalidElementID("", in: friends)),
        BadInput(.stack("profile/friends", ids: ["a/b"]), .invalidElementID("a/b", in: friends)),
        BadInput(.stack("profile/friends", ids: ["/"]), .invalidElementID("/", in: friends)),
        BadInput(.stack("profile/friends", ids: ["", ""]), .invalidElementID("", in: friends)),
        BadInput(
            .stack("profile/friends/u1/friends", ids: ["x", "x"]),
            .duplicateElementID("x", in: StepPath(["profile", "friends", "u1", "friends"]))),
    ]

    /// A state with something everywhere: the profile tab, a friends stack with a detail on the
    /// first friend and a sheet on the top one, and a theme in the profile's own detail.
    static func prepare<Root: StepNode>(_ state: inout Root) throws {
        try state.select(path: "profile/detail/dark")
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "profile/friends/u1/detail/light")
        try state.select(path: "profile/friends/u2/settings")
    }

    @Test(arguments: inputs)
    func handWrittenTreeRefuses(_ input: BadInput) throws {
        var state = AppSteps()
        try Self.prepare(&state)
        let before = state
        #expect(state.apply(input.operation) == .error(input.error))
        #expect(state == before)
    }

    @Test(arguments: inputs)
    func schemaTreeRefuses(_ input: BadInput) throws {
        var state = DynamicSteps(schema: try ExampleSchema.load())
        try Self.prepare(&state)
        let before = state
        #expect(state.apply(input.operation) == .error(input.error))
        #expect(state == before)
    }

    /// One leading `/` is allowed (SPEC §4): `/profile/detail/dark` names the same steps as
    /// `profile/detail/dark`, with the same events, on both front-ends.
    @Test(arguments: [
        PathOperation.select("/profile/detail/dark"), .select("/profile/friends/u1", fresh: true),
        .show("/profile/detail/dark"), .show("/profile/friends/u1/detail"),
        .deselect("/profile/friends/u2/settings"),
        .stack("/profile/friends/u1/friends", ids: ["w"]),
        .remove("/profile/friends/u2"), .select("/home"),
    ])
    func leadingSlashNamesTheSamePath(_ operation: PathOperation) throws {
        let relative: PathOperation =
            switch operation {
            case .select(let path, let fresh): .select(String(path.dropFirst()), fresh: fresh)
            case .selectValue(let path, let value): .selectValue(String(path.dropFirst()), value)
            case .show(let path): .show(String(path.dropFirst()))
            case .deselect(let path): .deselect(String(path.dropFirst()))
            case .stack(let path, let ids): .stack(String(path.dropFirst()), ids: ids)
            case .remove(let path): .remove(String(path.dropFirst()))
            }
        var typed = AppSteps()
        try Self.prepare(&typed)
        var typedRelative = typed
        let typedOutcome = typed.apply(operation)
        #expect(typedOutcome == typedRelative.apply(relative))
        #expect(typed == typedRelative)
        #expect(typedOutcome != .events([]))
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        try Self.prepare(&dynamic)
        var dynamicRelative = dynamic
        #expect(dynamic.apply(operation) == typedOutcome)
        #expect(dynamicRelative.apply(relative) == typedOutcome)
        #expect(dynamic == dynamicRelative)
    }

    /// The `StepPath` overloads check the same things, except parsing.
    @Test func stepPathOverloadsRefuse() throws {
        var state = AppSteps()
        try Self.prepare(&state)
        let before = state
        #expect(throws: StepPathError.emptyPath) { try state.select(path: StepPath.root) }
        #expect(throws: StepPathError.emptyPath) { try state.deselect(path: StepPath.root) }
        #expect(throws: StepPathError.emptyPath) {
            try state.setStack(path: StepPath.root, ids: [])
        }
        #expect(throws: StepPathError.unknownStep("", in: .root)) {
            try state.select(path: StepPath([""]))
        }
        #expect(throws: StepPathError.unknownStep("profile/detail", in: .root)) {
            try state.select(path: StepPath(["profile/detail"]))
        }
        #expect(throws: StepPathError.cannotDeselectTab(StepPath(["explore"]))) {
            try state.deselect(path: StepPath(["explore"]))
        }
        #expect(throws: StepPathError.notAStack(StepPath(["profile", "settings"]))) {
            try state.setStack(path: StepPath(["profile", "settings"]), ids: [])
        }
        #expect(state == before)
    }

    @Test func errorsDescribeWhatAndWhere() {
        let descriptions = [
            StepPathError.emptyPath, .emptySegment(index: 1),
            .unknownStep("x", in: StepPath(["profile"])), .unknownElement("u9", in: Self.friends),
            .notAStack(StepPath(["home"])), .cannotDeselectTab(StepPath(["home"])),
            .cannotDeselectElement(StepPath(["profile", "friends", "u1"])),
            .duplicateElementID("a", in: Self.friends), .invalidElementID("", in: Self.friends),
            .invalidURL("app://x"),
        ].map(\.description)
        #expect(
            descriptions == [
                "the path is empty",
                "segment 2 of the path is empty",
                "no step 'x' in /profile",
                "no element 'u9' in the stack /profile/friends",
                "/home is not a stack",
                "/home is a tab and cannot be deselected",
                "/profile/friends/u1 is a stack element; change the stack to remove it",
                "element id 'a' appears twice in the stack /profile/friends",
                "element id '' in the stack /profile/friends is empty, too long, the name of a step of its elements, or contains '/' or a control character",
                "'app://x' is not a deep link to a step",
            ])
    }
}
