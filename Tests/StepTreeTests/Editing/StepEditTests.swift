import Testing

@testable import StepTree

/// Path edits on hand-written nodes of more than 8 children, whose keys are found by hashing:
/// as the root, which a deep link edits in place, and below it, in a box.
@Suite struct StepEditTests {
    @Test func aDeepLinkThroughWideNodesSelectsEachLevel() throws {
        var root = WideNode()
        try root.select(path: "k9/k3/k0")
        #expect(root.selected.content == .k9)
        #expect(root.k9.value.selected.content == .k3)
        #expect(root.k9.value.k3.value.selected.content == .k0)
        #expect(root.k0.value == WideNode.Middle())
        // One segment: the root's own child, edited through its box.
        try root.select(path: "k4")
        #expect(root.selected.content == .k4)
        #expect(root.k9.value.selected.content == .k3)
    }

    @Test(arguments: [
        ("k10/k0", StepPathError.unknownStep("k10", in: StepPath([]))),
        ("k9/k", StepPathError.unknownStep("k", in: StepPath(["k9"]))),
        ("k9/k3/k99", StepPathError.unknownStep("k99", in: StepPath(["k9", "k3"]))),
    ])
    func anUnknownKeyInAWideNodeIsNamedAndChangesNothing(
        path: String, error: StepPathError
    ) {
        var root = WideNode()
        #expect(throws: error) { try root.select(path: StepPath(parsing: path)) }
        #expect(root == WideNode())
    }
}

/// A node of ten inline children, each a node of ten inline children, down to leaves.
private struct WideNode: StepsCollection {
    enum Key: String, StepKey { case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 }
    var selected = StepSelection<Key>()
    var k0 = Step(Middle())
    var k1 = Step(Middle())
    var k2 = Step(Middle())
    var k3 = Step(Middle())
    var k4 = Step(Middle())
    var k5 = Step(Middle())
    var k6 = Step(Middle())
    var k7 = Step(Middle())
    var k8 = Step(Middle())
    var k9 = Step(Middle())
    static let steps = StepTable<Self>(
        .inline(.k0, \.k0), .inline(.k1, \.k1), .inline(.k2, \.k2), .inline(.k3, \.k3),
        .inline(.k4, \.k4), .inline(.k5, \.k5), .inline(.k6, \.k6), .inline(.k7, \.k7),
        .inline(.k8, \.k8), .inline(.k9, \.k9))

    struct Middle: StepsCollection {
        typealias Key = WideNode.Key
        var selected = StepSelection<Key>()
        var k0 = Step(Leaf())
        var k1 = Step(Leaf())
        var k2 = Step(Leaf())
        var k3 = Step(Leaf())
        var k4 = Step(Leaf())
        var k5 = Step(Leaf())
        var k6 = Step(Leaf())
        var k7 = Step(Leaf())
        var k8 = Step(Leaf())
        var k9 = Step(Leaf())
        static let steps = StepTable<Self>(
            .inline(.k0, \.k0), .inline(.k1, \.k1), .inline(.k2, \.k2), .inline(.k3, \.k3),
            .inline(.k4, \.k4), .inline(.k5, \.k5), .inline(.k6, \.k6), .inline(.k7, \.k7),
            .inline(.k8, \.k8), .inline(.k9, \.k9))
    }

    struct Leaf: StepsCollection {
        enum Key: String, StepKey { case k0, k1 }
        var selected = StepSelection<Key>()
        var k0 = Step()
        var k1 = Step()
        static let steps = StepTable<Self>(.inline(.k0, \.k0), .inline(.k1, \.k1))
    }
}
