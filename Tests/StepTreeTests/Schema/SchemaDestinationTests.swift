import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Schema-driven trees have what hand-written ones have: modals a gesture cannot dismiss,
/// stacks of destinations, and minted ids.
@Suite struct SchemaDestinationTests {
    static func client() throws -> DynamicSteps {
        DynamicSteps(schema: try StepSchema(json: Data(ClientSchema.json.utf8)))
    }

    static func events<Root: StepNode>(_ old: Root, _ new: Root) -> [String] {
        NavigationDiff.events(from: old, to: new).map(\.description)
    }

    static func encoded(_ state: DynamicSteps) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    static func decoded(_ text: String, _ schema: StepSchema) throws -> DynamicSteps {
        let decoder = JSONDecoder()
        decoder.userInfo[.stepSchema] = schema
        return try decoder.decode(DynamicSteps.self, from: Data(text.utf8))
    }

    // MARK: User-dismissible

    static let recorderJSON = """
        {"initial": "list", "children": [
          {"key": "list"},
          {"key": "record", "kind": "present", "style": "cover", "userDismissible": false},
          {"key": "help", "kind": "present", "userDismissible": true},
          {"key": "detail", "kind": "push", "initial": "body", "children": [
            {"key": "body"}, {"key": "record", "kind": "present", "userDismissible": false}]}]}
        """

    @Test func theSchemaSaysWhichModalsAGestureMayDismiss() throws {
        let schema = try StepSchema(json: Data(Self.recorderJSON.utf8))
        #expect(schema.children.map(\.isUserDismissible) == [true, false, true, true])
        #expect(schema.children[3].children.map(\.isUserDismissible) == [true, false])
        #expect(
            schema
                != (try StepSchema(
                    json: Data(Self.recorderJSON.utf8).replacing(
                        Data(#""userDismissible": false"#.utf8),
                        with: Data(#""userDismissible": true"#.utf8)))))
        #expect(schema == (try StepSchema(json: Data(Self.recorderJSON.utf8))))
    }

    @Test func aGestureCannotDismissASchemaModalDeclaredSo() throws {
        let navigator = Navigator(
            DynamicSteps(schema: try StepSchema(json: Data(Self.recorderJSON.utf8))))
        try navigator.select(path: "record")
        let before = navigator.root
        #expect(throws: StepPathError.notUserDismissible(StepPath(["record"]))) {
            try navigator.userDidRemove(path: "record")
        }
        #expect(navigator.root == before)
        let binding = navigator.modalBinding()
        #expect(binding.get()?.isUserDismissible == false)
        binding.set(nil)
        #expect(navigator.root.selectedKeys == ["list", "record"])
        // The app dismisses it itself; other modals still go by gesture.
        try navigator.deselect(path: "record")
        try navigator.select(path: "help")
        #expect(navigator.modalBinding().get()?.isUserDismissible == true)
        let events = try navigator.transaction(.appliedGesture) { try $0.close(path: "help") }
        #expect(events.map(\.description) == ["dismiss /help sheet"])
    }

    @Test func aGestureCannotTakeAwayASchemaModalNestedInWhatItRemoves() throws {
        let navigator = Navigator(
            DynamicSteps(schema: try StepSchema(json: Data(Self.recorderJSON.utf8))))
        try navigator.select(path: "detail/record")
        #expect(throws: StepPathError.notUserDismissible(StepPath(["detail", "record"]))) {
            try navigator.userDidRemove(path: "detail")
        }
        #expect(navigator.root.isSelected(path: "detail/record"))
    }

    // MARK: Destinations

    @Test func theElementSchemaListsItsDestinations() throws {
        let schema = try StepSchema(json: Data(ClientSchema.json.utf8))
        let element = try #require(schema.children[0].children[1].element)
        #expect(element.hasDestinations)
        #expect(element.children.map(\.key) == ["status", "account", "about", "tag"])
        #expect(element.children.map(\.kind) == [.inline, .inline, .inline, .inline])
        let sheet = schema.children[2]
        #expect(sheet.hasDestinations && sheet.kind == .present(.sheet) && sheet.key == "sheet")
        #expect(sheet.children.map(\.key) == element.children.map(\.key))
        #expect(element.initialKeys == ["status"])
        #expect(!schema.hasDestinations)
    }

    @Test func pushingADestinationMakesAnElementShowingIt() throws {
        var state = try Self.client()
        let old = state
        #expect(try state.push(path: "home/path/account").description == "/home/path/1")
        #expect(state.visibleScreen.description == "/home/path/1/account/posts")
        #expect(Self.events(old, state) == ["push /home/path/1"])
        #expect(state["home"]?["path"]?.elementIDs == ["1"])
        #expect(state.node(at: "home/path/1")?.selectedKeys == ["account"])
        let pushed = state
        try state.select(path: "home/path/1/account/followers")
        #expect(Self.events(pushed, state) == ["push /home/path/1/account/followers"])
        // A push of the stack alone shows the first destination.
        #expect(try state.push(path: "home/path").description == "/home/path/2")
        #expect(state.visibleScreen.description == "/home/path/2/status/thread")
        #expect(
            state.frames(in: "home").map(\.path.description) == [
                "/home/path/1", "/home/path/1/account/followers", "/home/path/2",
            ])
    }

    @Test func screenFramesNameTheirDestination() throws {
        var state = try Self.client()
        try state.push(path: "home/path/about")
        try state.push(path: "home/path/status/reply")
        let rendering = ScreenChanges(from: try Self.client(), to: state)
        #expect(
            rendering.appeared.map(\.path.description) == [
                "/home/path/1", "/home/path/2", "/home/path/2/status/reply",
            ])
        #expect(
            rendering.appeared.map(\.destination) == [
                "about", "status", nil,
            ])
    }

    @Test func anotherDestinationStartsFromItsInitialState() throws {
        var state = try Self.client()
        try state.push(path: "home/path/account/followers", with: "ada")
        #expect(state.node(at: "home/path/1/account")?.selectedKeys == ["posts", "followers"])
        try state.select(path: "home/path/1/about")
        #expect(state.node(at: "home/path/1")?.selectedKeys == ["about"])
        #expect(
            state.node(at: "home/path/1/account")
                == DynamicSteps(
                    schema: try #require(state.node(at: "home/path/1")?.schema.children[1])))
    }

    /// An element always shows one destination: deselecting or closing it is refused, in
    /// schema-driven and hand-written trees alike.
    @Test func aDestinationCannotBeDeselected() throws {
        var state = try Self.client()
        var typed = ClientSteps()
        try state.push(path: "home/path/about")
        try typed.push(path: "home/path/about")
        let path = StepPath(["home", "path", "1", "about"])
        let error = StepPathError.cannotDeselectDestination(path)
        #expect(
            error.description == "/home/path/1/about is the destination of its element; "
                + "remove the element, or select another destination")
        let (before, typedBefore) = (state, typed)
        #expect(throws: error) { try state.deselect(path: path) }
        #expect(throws: error) { try state.close(path: path) }
        #expect(throws: error) { try typed.deselect(path: path) }
        #expect(throws: error) { try typed.close(path: path) }
        #expect(state == before)
        #expect(typed == typedBefore)
        #expect(state.visibleScreen.description == "/home/path/1/about")
        // What lies inside a destination is deselected as usual.
        try state.select(path: "home/path/1/status/reply")
        try state.deselect(path: "home/path/1/status/reply")
        #expect(state.node(at: "home/path/1/status")?.selectedKeys == ["thread"])
    }

    /// One operation of ``schemaDestinationsGiveTheEventsHandWrittenOnesDo()``.
    enum Operation {
        case push(StepPath, id: String? = nil)
        case select(StepPath)
        case pop(StepPath)
        case popToRoot(StepPath)

        func events<Root: StepNode>(on state: inout Root) throws -> [String] {
            let old = state
            switch self {
            case .push(let path, let id): _ = try state.push(path: path, id: id)
            case .select(let path): try state.select(path: path)
            case .pop(let container): _ = state.pop(in: container)
            case .popToRoot(let container): _ = state.popToRoot(in: container)
            }
            return SchemaDestinationTests.events(old, state)
        }
    }

    @Test func schemaDestinationsGiveTheEventsHandWrittenOnesDo() throws {
        var schema = try Self.client()
        var typed = ClientSteps()
        let operations: [Operation] = [
            .push("home/path/status"),
            .push("home/path/account/followers"),
            .select("home/path/1/status/reply"),
            .push("search/path/about"),
            .push("home/path/about", id: "7"),
            .select("home/path/2/about"),
            .pop("home"),
            .select("home/path/2/status/reply"),
            .popToRoot("home"),
            .push("home/path/account"),
        ]
        var all: [[String]] = []
        for operation in operations {
            let fromSchema = try operation.events(on: &schema)
            #expect(try operation.events(on: &typed) == fromSchema)
            all.append(fromSchema)
        }
        #expect(
            all == [
                ["push /home/path/1"],
                ["push /home/path/2", "push /home/path/2/account/followers"],
                // Element 1 is covered: its sheet is not shown.
                [],
                ["select / home -> search", "push /search/path/1"],
                ["select / search -> home", "push /home/path/7"],
                // Element 2 shows another destination: what covers it is shown again over it.
                [
                    "pop /home/path/7", "pop /home/path/2/account/followers",
                    "select /home/path/2 account -> about", "push /home/path/7",
                ],
                ["pop /home/path/7"],
                ["select /home/path/2 about -> status", "present /home/path/2/status/reply sheet"],
                [
                    "dismiss /home/path/2/status/reply sheet", "pop /home/path/2",
                    "pop /home/path/1",
                ],
                ["push /home/path/8"],
            ])
    }

    // MARK: Minted ids

    @Test func schemaStacksMintIDsThatAreNeverReused() throws {
        var state = try Self.client()
        #expect(try state.push(path: "home/path/about").description == "/home/path/1")
        #expect(try state.push(path: "home/path/about").description == "/home/path/2")
        #expect(state.pop(in: "home")?.description == "/home/path/2")
        #expect(try state.push(path: "home/path").description == "/home/path/3")
        #expect(try state.push(path: "home/path", id: "10").description == "/home/path/10")
        #expect(try state.push(path: "home/path", id: "ann").description == "/home/path/ann")
        // Every push takes a number: "ann" took 11.
        #expect(try state.push(path: "home/path").description == "/home/path/12")
        #expect(state["home"]?["path"]?.elementIDs == ["1", "3", "10", "ann", "12"])
        let before = state
        let error = StepPathError.duplicateElementID("ann", in: StepPath(["home", "path"]))
        #expect(throws: error) { try state.push(path: "home/path/about", id: "ann") }
        #expect(throws: StepPathError.invalidElementID("", in: StepPath(["home", "path"]))) {
            try state.push(path: "home/path", id: "")
        }
        #expect(state == before)
    }

    @Test func theCounterIsEncodedWithTheState() throws {
        var state = try Self.client()
        try state.push(path: "home/path/about")
        try state.push(path: "home/path/status/reply")
        _ = state.pop(in: "home")
        let text = try Self.encoded(state)
        #expect(
            text.contains(
                #""path":{"elements":{"elements":[{"id":"1","value":{"selected":["about"],"steps":{"about":{}}}}],"next":3}}"#
            ))
        var restored = try Self.decoded(text, state.schema)
        #expect(restored == state)
        #expect(try Self.encoded(restored) == text)
        #expect(try restored.push(path: "home/path").description == "/home/path/3")
        #expect(try state.push(path: "home/path").description == "/home/path/3")
        #expect(restored == state)
        // A counter that the elements imply is not written.
        #expect(try Self.encoded(state).contains(#""path":{"elements":[{"id":"1","#))
        // Two builds by the same operations are equal, counters included.
        var again = try Self.client()
        try again.push(path: "home/path/about")
        try again.push(path: "home/path/status/reply")
        _ = again.pop(in: "home")
        try again.push(path: "home/path")
        #expect(again == state)
        var other = try Self.client()
        try other.push(path: "home/path/about")
        try other.push(path: "home/path")
        #expect(other != state)
        #expect(other.node(at: "home/path") != state.node(at: "home/path"))
    }

    @Test(arguments: [
        (#"{"elements": [], "next": -1}"#, "not valid JSON"),
        (
            #"{"elements": [{"id": "1", "value": {"selected": []}}]}"#,
            "selects one of its destinations"
        ),
        (#"[{"id": "1", "value": {"selected": "nope"}}]"#, "no step 'nope'"),
        (
            #"[{"id": "1", "value": {"selected": "about", "steps": {"status": {}}}}]"#,
            "destination 'status' is not the one selected"
        ),
        (
            #"[{"id": "1", "value": {"selected": "about"}}, {"id": "1", "value": {"selected": "about"}}]"#,
            "appears twice"
        ),
        (#"{"elements": [], "next": 1, "extra": 0}"#, "unknown field 'extra'"),
    ])
    func badSavedStacksAreRefused(stack: String, problem: String) throws {
        let schema = try StepSchema(json: Data(ClientSchema.json.utf8))
        let text = #"{"steps": {"home": {"steps": {"path": {"elements": \#(stack)}}}}}"#
        do {
            let state = try Self.decoded(text, schema)
            Issue.record("decoded \(state.selectedKeys)")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                context.debugDescription.lowercased().contains(problem.lowercased()),
                "\(context.debugDescription)")
        }
    }
}

/// A saved counter at the end of the numbers cannot make a later push overflow.
@Suite struct StackCounterLimitTests {
    @Test func aCounterAtTheEndOfTheNumbersIsRefused() throws {
        let text = #"{"elements": [], "next": 18446744073709551615}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StepStack<Destination>.self, from: Data(text.utf8))
        }
        let schema = try StepSchema(json: Data(ClientSchema.json.utf8))
        #expect(throws: DecodingError.self) {
            try SchemaDestinationTests.decoded(
                #"{"steps": {"home": {"steps": {"path": {"elements": \#(text)}}}}}"#, schema)
        }
    }

    @Test func theLargestCounterStillMints() throws {
        let text = #"{"elements": [], "next": 9223372036854775807}"#
        var stack = try JSONDecoder().decode(StepStack<Destination>.self, from: Data(text.utf8))
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: nil)) {
            try stack.push(.about)
        }
        // An explicit id above the minted range is a name: it does not move the counter.
        var other = StepStack<Destination>()
        try other.push(.about, id: "18446744073709551614")
        #expect(try other.push(.about) == "2")
    }

    /// An explicit id just below the end takes the counter there; the stack still mints, and
    /// saves and restores (the counter used to pass the largest a save may hold, which the
    /// internal checks found).
    @Test func aCounterAtItsEndStillSavesAndMints() throws {
        var stack = StepStack<Destination>()
        try stack.push(.about, id: "9223372036854775806")
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: nil)) {
            try stack.push(.about)
        }
        let saved = try JSONEncoder().encode(stack)
        #expect(try JSONDecoder().decode(StepStack<Destination>.self, from: saved) == stack)
    }
}
