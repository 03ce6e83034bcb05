/// A change to a tree along one path, as the path operations of SPEC §4 make it.
///
/// A flat value, read at every level of the path: an enum with payloads would be copied,
/// payload and all, each time it is matched.
package struct StepEdit {
    /// What the edit does along its path.
    enum Operation {
        /// Select every step along the path; renew the last one when asked.
        case select
        /// Select the path, then remove what would cover its last step.
        case show
        /// Clear the last step's layer in its parent, if the parent selects it.
        case deselect
        /// Select the path, and make the stack at its end hold exactly ``StepEdit/ids``.
        case setStack
        /// Remove the last step as a user gesture does: an element with the ones above it, or
        /// any other step by deselection.
        case remove
        /// Select the path, and push a new element on the stack at its end: ``StepEdit/element``,
        /// or one in its initial state, with the id in ``StepEdit/ids``, or a minted one.
        case push
    }

    /// How a step is renewed: with a value, or with none (`fresh`).
    enum Renewal {
        case fresh
        case value(any StepValue)

        var value: (any StepValue)? {
            if case .value(let value) = self { value } else { nil }
        }
    }

    /// A renewal's value, or a push's new element and the id it got, in a box: the edit is
    /// copied on its way down, and a box copies as one reference where an optional existential
    /// takes a call to its type's copy.
    final class RenewalValue {
        let value: (any StepValue)?
        /// The new element's box, built by the stack at the end of the path (push only).
        let element: StepNodeStorage?
        /// The id the push gave its new element, once made (push only): the caller reads it
        /// instead of walking the path again.
        var pushedID: String?

        init(_ value: any StepValue) {
            self.value = value
            element = nil
        }

        init(element: StepNodeStorage?) {
            value = nil
            self.element = element
        }
    }

    let operation: Operation
    /// Whether the last step is renewed (select and show only).
    let renews: Bool
    /// Whether a removal is the user's gesture, which may not take away a modal declared not
    /// user-dismissible (remove only).
    private(set) var byUser = false
    /// Whether a removed element goes alone, the elements above it staying (remove only).
    private(set) var alone = false
    private var renewalValue: RenewalValue?
    /// The ids of the stack at the end of the path (set stack only).
    let ids: [String]

    /// The value the last step is renewed with; `nil` for a `fresh` renewal.
    var value: (any StepValue)? { renewalValue?.value }
    /// The new element's box, built by the stack at the end of the path (push only); `nil` for
    /// an element in its initial state.
    var element: StepNodeStorage? { renewalValue?.element }
    /// The id the push gave its new element; `nil` before it is made (push only).
    var pushedID: String? { renewalValue?.pushedID }

    /// Records `id`, the id the push gave its new element.
    func recordPushed(_ id: String) { renewalValue?.pushedID = id }

    private init(
        _ operation: Operation, renews: Bool = false, value: (any StepValue)? = nil,
        ids: [String] = []
    ) {
        self.operation = operation
        self.renews = renews
        self.renewalValue = value.map(RenewalValue.init)
        self.ids = ids
    }

    /// Select every step along the path, renewing the last one with no value when `fresh`.
    package static func select(fresh: Bool) -> StepEdit { StepEdit(.select, renews: fresh) }
    /// Select every step along the path, renewing the last one with `value`.
    package static func select(with value: any StepValue) -> StepEdit {
        StepEdit(.select, renews: true, value: value)
    }
    /// Select every step along the path, renewing the last one as `renewal` says.
    static func select(_ renewal: Renewal?) -> StepEdit { StepEdit(.select, renewal) }
    /// Show the path's last step, renewed with no value when `fresh`.
    package static func show(fresh: Bool) -> StepEdit { StepEdit(.show, renews: fresh) }
    /// Show the path's last step, renewed with `value`.
    static func show(with value: any StepValue) -> StepEdit {
        StepEdit(.show, renews: true, value: value)
    }
    /// Show the path's last step, renewed as `renewal` says.
    static func show(_ renewal: Renewal?) -> StepEdit { StepEdit(.show, renewal) }
    /// Deselect the path's last step.
    package static var deselect: StepEdit { StepEdit(.deselect) }
    /// Select the path and give the stack at its end exactly `ids`.
    package static func setStack(_ ids: [String]) -> StepEdit { StepEdit(.setStack, ids: ids) }
    /// Remove the path's last step as a gesture does.
    package static var remove: StepEdit { StepEdit(.remove) }
    /// Remove the path's last step for the user's gesture: refused when it would take away a
    /// modal that is not user-dismissible.
    package static var removeByUser: StepEdit {
        var edit = StepEdit(.remove)
        edit.byUser = true
        return edit
    }
    /// Remove the element at the path alone, as closing its frame does.
    static var removeAlone: StepEdit {
        var edit = StepEdit(.remove)
        edit.alone = true
        return edit
    }
    /// Select the path and push `element`, a box that the stack at its end built
    /// (``StepNodeStorage/elementBox(for:)``; `nil`: a new element in its initial state), with
    /// `id` or a minted one.
    static func push(id: String?, element: StepNodeStorage?) -> StepEdit {
        var edit = StepEdit(.push, ids: id.map { [$0] } ?? [])
        edit.renewalValue = RenewalValue(element: element)
        return edit
    }

    private init(_ operation: Operation, _ renewal: Renewal?) {
        switch renewal {
        case nil: self.init(operation)
        case .fresh?: self.init(operation, renews: true)
        case .value(let value)?: self.init(operation, renews: true, value: value)
        }
    }

    /// Whether the edit selects the steps along its path.
    var selects: Bool {
        switch operation {
        case .select, .show, .setStack, .push: true
        case .deselect, .remove: false
        }
    }
}
