/// One node of a state as StepTreeTools' diagrams read it: its children, its elements and
/// what it selects, without access to the boxes themselves.
package struct StepNodeView {
    let storage: StepNodeStorage

    /// The root node of `state`.
    package init(_ state: some StepNode) {
        storage = StepStorage.make(state)
    }

    init(_ storage: StepNodeStorage) {
        self.storage = storage
    }

    /// The type of the node's value (`AppSteps`, `DynamicSteps`).
    package var typeName: String { storage.typeName }

    /// The segments of the path to the visible screen below this node (SPEC §2).
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package var visibleSegments: [String] { storage.visiblePath.segments }

    /// Whether the node is a stack, which has elements rather than children.
    package var isStack: Bool { storage.isStack }

    /// The number of elements of a stack.
    package var elementCount: Int { storage.elementCount }

    /// The element at `position` of a stack, bottom first: its id and its node.
    package func element(_ position: Int) -> (id: String, node: StepNodeView) {
        let element = storage.element(position)
        return (element.id, StepNodeView(element.storage))
    }

    /// Whether the node is a step of a recursive type still in its initial state, which holds
    /// itself again.
    package var isInitialAtom: Bool { storage.isInitialAtom }

    /// Whether the node was ever renewed.
    package var hasRenewalHistory: Bool { storage.renewalHistory != nil }

    /// The number of children, in declaration order.
    package var childCount: Int { storage.childCount }

    /// The key of child `index`.
    package func childKey(_ index: Int) -> String { storage.childKey(index) }

    /// The kind of child `index`.
    package func childKind(_ index: Int) -> StepKind { storage.childKind(index) }

    /// Whether the node selects child `index` in its layer.
    package func selects(_ index: Int) -> Bool { storage.selects(index) }

    /// The node of child `index`.
    package func child(_ index: Int) -> StepNodeView { StepNodeView(storage.child(index).storage) }
}
