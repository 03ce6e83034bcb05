/// The three layers of a node's children (SPEC §1): a node selects at most one child in each,
/// independently.
///
/// Layers are ordered bottom to top: `content < push < modal`.
public enum StepLayer: Int, CaseIterable, Comparable, Hashable, Sendable, Codable {
    /// Tabs and inline variants: the node's own content.
    case content
    /// Pushed steps and stacks: the navigation stack above the node's screen.
    case push
    /// Presented steps: modals above everything shown from the node.
    case modal

    /// Orders layers bottom to top.
    public static func < (lhs: StepLayer, rhs: StepLayer) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The layers above this one, bottom first (made without an array: an edit that shows a
    /// screen walks them at every level).
    var above: some Sequence<StepLayer> {
        // Half-open, so that the top layer has none above.
        ((rawValue + 1)..<StepLayer.modal.rawValue + 1).lazy.compactMap { StepLayer(rawValue: $0) }
    }
}

extension StepKind {
    /// The layer a child of this kind is selected in.
    public var layer: StepLayer {
        switch self {
        case .tab, .inline: .content
        case .push, .stack: .push
        case .present: .modal
        }
    }
}
