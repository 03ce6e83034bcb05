import StepTree

/// Types used only by the observation tests, so that a global observer can filter out the
/// selections that other tests, running in parallel, make.
package struct ObservedRoot: StepsCollection {
    package enum Key: String, StepKey { case feed, account }
    package var selected = StepSelection<Key>(.feed)
    package var feed = Step()
    package var account = Step(ObservedAccount())
    package static let steps = StepTable<Self>(.tab(.feed, \.feed), .tab(.account, \.account))
    package init() {}
}

/// The account tab: an overview, with the edit form pushed over it.
package struct ObservedAccount: StepsCollection {
    package enum Key: String, StepKey { case overview, edit }
    package var selected = StepSelection<Key>(.overview)
    package var overview = Step()
    package var edit = Step(ObservedForm())
    package static let steps = StepTable<Self>(.inline(.overview, \.overview), .push(.edit, \.edit))
    package init() {}
}

/// The edit form: a field, a presented photo and a stack of versions.
package struct ObservedForm: StepsCollection {
    package enum Key: String, StepKey { case name, photo, history }
    package var selected = StepSelection<Key>()
    package var name = Step(FieldValue())
    package var photo = Step()
    package var history = Step(StepStack<ObservedVersion>())
    package static let steps = StepTable<Self>(
        .inline(.name, \.name), .present(.photo, \.photo), .stack(.history, \.history))
    package init() {}
}

/// A version in the form's history.
package struct ObservedVersion: StepsCollection {
    package enum Key: String, StepKey { case main }
    package var selected = StepSelection<Key>(.main)
    package var main = Step()
    package static let steps = StepTable<Self>(.inline(.main, \.main))
    package init() {}
}

/// A field's text, the form's payload.
package struct FieldValue: StepValue {
    package var text = ""
    package init(text: String = "") {
        self.text = text
    }
}

/// The node types that `SelectionLog` records the selections of.
package let observedTypes: Set = [
    "ObservedRoot", "ObservedAccount", "ObservedForm", "StepStack<ObservedVersion>",
]

/// Logs the selections of the observed types, and the changes of `ObservedRoot`.
package final class SelectionLog: StepsObserver {
    private let log = Mutex<[String]>([])
    package var lines: [String] { log.withLock { $0 } }

    package init() {}

    package func didSelect(_ selection: SelectionChange) {
        guard observedTypes.contains(selection.nodeType) else { return }
        let value = selection.value.map { " value \(type(of: $0))" } ?? ""
        log.withLock { $0.append("\(selection)\(value)") }
    }

    package func didChange(_ change: NavigationChange<any StepNode>) {
        guard change.new is ObservedRoot else { return }
        log.withLock { $0.append("did \(change)") }
    }
}
