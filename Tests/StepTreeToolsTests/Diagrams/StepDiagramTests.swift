import ExampleSteps
import StepTree
import StepTreeTools
import Testing

@Suite struct StepDiagramTests {
    /// The example tree with a sheet over a profile whose stack holds a friend.
    static func exampleState() throws -> AppSteps {
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        try steps.setStack(path: "profile/friends", ids: ["ann"])
        try steps.select(path: "profile/friends/ann/settings")
        return steps
    }

    @Test func drawsEveryNodeWithKindLayerSelectionAndTheVisibleScreen() throws {
        let steps = try Self.exampleState()
        #expect(
            steps.diagram.description == """
                /                      AppSteps
                ├─ home                tab · content
                ├─ explore             tab · content
                ├─● profile            tab · content
                │  ├─● main            inline · content
                │  ├─ detail           push · push
                │  │  ├─ light         inline · content
                │  │  └─ dark          inline · content
                │  ├─ settings         present sheet · modal
                │  └─● friends         stack · push
                │     └─● ann          element · push
                │        ├─● main      inline · content
                │        ├─ detail     push · push
                │        │  ├─ light   inline · content
                │        │  └─ dark    inline · content
                │        ├─● settings  present sheet · modal  ◀ visible
                │        └─ friends    stack · push
                └─ login               present cover · modal
                   ├─● form            inline · content
                   └─ signUp           push · push
                """)
    }

    @Test func nodesKnowTheirRouteAndLayer() throws {
        let diagram = try Self.exampleState().diagram
        let onRoute = diagram.nodes.filter(\.isOnRoute).map(\.path.description)
        #expect(
            onRoute == [
                "/", "/profile", "/profile/main", "/profile/friends", "/profile/friends/ann",
                "/profile/friends/ann/main", "/profile/friends/ann/settings",
            ])
        let ann = try #require(diagram.index(of: StepPath(["profile", "friends", "ann"])))
        #expect(diagram.nodes[ann].isElement)
        #expect(diagram.nodes[ann].layer == .push)
        #expect(
            diagram.children(of: ann).map { diagram.nodes[$0].segment } == [
                "main", "detail", "settings", "friends",
            ])
        #expect(diagram.visibleScreen == StepPath(["profile", "friends", "ann", "settings"]))
    }

    @Test func aSchemaDrivenStateIsItsOwnDebugDescription() throws {
        var state = DynamicSteps(schema: try ExampleSchema.load(friendDepth: 0))
        try state.select(path: "login/signUp")
        #expect(String(reflecting: state) == state.diagram.description)
        #expect(state.debugDescription.hasSuffix("\n   └─● signUp   push · push  ◀ visible"))
    }
}
