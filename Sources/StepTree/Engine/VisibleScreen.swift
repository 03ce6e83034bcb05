extension StepNode {
    /// The screen on top (SPEC §2): from the root, follow at each node the presented step if
    /// there is one, else the push layer's frame (the last element, for a stack), else the
    /// selected content child.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleScreen: StepPath {
        StepStorage.make(self).visiblePath.path
    }

    /// The identity of the screen on top (SPEC §1): a screen renewed at the same path has
    /// another one.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package var visibleIdentity: StepIdentity {
        StepStorage.make(self).visiblePath.identity
    }

    /// The screen (SPEC §2: a frame or a container root) that holds the visible screen: the
    /// visible step itself, or the nearest step above it that is a screen (for
    /// `/profile/detail/dark`, the pushed `/profile/detail`).
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package var visibleScreenFrame: ScreenFrame {
        StepStorage.make(self).visiblePath.holder
    }
}

/// The path to the visible screen: each step's segment, and the identity of the last step.
package struct VisiblePath {
    var segments: [String] = []
    /// The identity of the last step, computed as ``ScreenRendering`` computes it.
    var identity = StepIdentity.root
    /// The last step along the path that is a screen: how many segments lead to it, its
    /// identity, its box and whether it is a stack element.
    var screen: (depth: Int, identity: StepIdentity, storage: StepNodeStorage?, isElement: Bool) =
        (0, .root, nil, false)

    package var path: StepPath { StepPath(segments) }

    /// The screen that holds the visible step, as ``ScreenRendering/frame(_:)`` makes it.
    var holder: ScreenFrame {
        ScreenFrame(
            path: StepPath(Array(segments.prefix(screen.depth))), identity: screen.identity,
            destination: screen.isElement ? screen.storage?.destinationName : nil,
            snapshot: screen.storage)
    }
}

extension StepNodeStorage {
    /// The path to the visible screen below this node.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package var visiblePath: VisiblePath {
        var visible = VisiblePath()
        visible.screen.storage = self
        var node = self
        while true {
            let next: Int?
            if let modal = node.selectedIndex(in: .modal) {
                next = modal
            } else if let pushed = node.selectedIndex(in: .push) {
                let step = node.child(pushed)
                if node.childKind(pushed).isStack {
                    let stack = step.storage
                    if stack.elementCount > 0 {
                        let element = stack.element(stack.elementCount - 1)
                        visible.identity = visible.identity
                            .child(node.childKey(pushed), role: .stack, renewal: step.renewal)
                            .child(element.id, role: nil, renewal: element.renewal)
                        visible.segments += [node.childKey(pushed), element.id]
                        visible.screen = (
                            visible.segments.count, visible.identity, element.storage, true
                        )
                        node = element.storage
                        continue
                    }
                    next = node.selectedIndex(in: .content)
                } else {
                    next = pushed
                }
            } else {
                next = node.selectedIndex(in: .content)
            }
            guard let next else { return visible }
            let step = node.child(next)
            let kind = node.childKind(next)
            visible.identity = visible.identity.child(
                node.childKey(next), role: kind, renewal: step.renewal)
            visible.segments.append(node.childKey(next))
            if kind != .inline {  // a tab, a pushed or a presented step
                visible.screen = (visible.segments.count, visible.identity, step.storage, false)
            }
            node = step.storage
        }
    }
}

extension StepNodeStorage {
    /// The tab a link's `./…` path is read under: the selected tab of ``PushScope``.
    ///
    /// Of the nodes on the path to the visible screen that show tabs, the tab the last one
    /// selects; the root when none does.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package var visibleTab: StepPath { PushScope.selectedTabNode(of: self).path }
}
