import StepTree
import Synchronization
import Testing

/// Types used only here, so that selections made by tests running in parallel are filtered out.
private struct ObservedRoot: StepsCollection {
    enum Key: String, StepKey { case feed, account }
    var selected: Key? = .feed
    var feed = Step()
    var account = Step(ObservedAccount())
    static let steps = StepTable<Self>(.tab(.feed, \.feed), .tab(.account, \.account))
}

private struct ObservedAccount: StepsCollection {
    enum Key: String, StepKey { case overview, edit }
    var selected: Key? = .overview
    var overview = Step()
    var edit = Step(ObservedForm())
    static let steps = StepTable<Self>(.inline(.overview, \.overview), .push(.edit, \.edit))
}

private struct ObservedForm: StepsCollection {
    enum Key: String, StepKey { case name, photo }
    var selected: Key?
    var name = Step(FieldValue())
    var photo = Step()
    static let steps = StepTable<Self>(.inline(.name, \.name), .present(.photo, \.photo))
}

private struct FieldValue: StepValue {
    var text = ""
}

private let observedTypes: Set = ["ObservedRoot", "ObservedAccount", "ObservedForm"]

/// Installs `observer` globally for the duration of `body`.
private func withGlobalObserver<Result>(
    _ observer: any StepsObserver, _ body: () throws -> Result
) rethrows -> Result {
    StepSystem.observer = observer
    defer { StepSystem.observer = nil }
    return try body()
}

private final class SelectionLog: StepsObserver {
    private let log = Mutex<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func didSelect(_ selection: SelectionChange) {
        guard observedTypes.contains(selection.nodeType) else { return }
        let value = selection.value.map { " value \(type(of: $0))" } ?? ""
        log.withLock { $0.append("\(selection)\(value)") }
    }

    func didChange(_ change: NavigationChange) {
        guard change.new is ObservedRoot else { return }
        log.withLock { $0.append("did \(change)") }
    }
}

@Suite("Global observer", .serialized)
struct GlobalObserverTests {
    @Test func typedDeepLinkReportsEveryAncestor() {
        let log = SelectionLog()
        var steps = ObservedRoot()
        withGlobalObserver(log) {
            steps.select(\.account, \.edit, \.name, with: FieldValue(text: "Ann"))
        }
        #expect(steps.account.edit.name.value.text == "Ann")
        #expect(
            log.lines == [
                "ObservedRoot /: feed -> account value ObservedAccount",
                "ObservedAccount /account: overview -> edit value ObservedForm",
                "ObservedForm /account/edit: - -> name value FieldValue",
            ])
    }

    @Test func pathSelectionReportsOnlyWhatChanged() throws {
        let log = SelectionLog()
        var steps = ObservedRoot()
        steps.select(\.account)
        try withGlobalObserver(log) {
            try steps.select(path: "account/edit/photo")
            try steps.deselect(path: "account/edit/photo")
            try steps.select(path: "account/edit", fresh: true)
        }
        #expect(
            log.lines.map { $0.components(separatedBy: " value ")[0] } == [
                "ObservedAccount /account: overview -> edit",
                "ObservedForm /account/edit: - -> photo",
                "ObservedForm /account/edit: photo -> -",
                "ObservedAccount /account: edit -> edit",
            ])
    }

    @Test func noOpAndFailedSelectionsReportNothing() {
        let log = SelectionLog()
        var steps = ObservedRoot()
        withGlobalObserver(log) {
            steps.select(\.feed)
            #expect(throws: StepPathError.unknownStep("nope", in: StepPath(["account"]))) {
                try steps.select(path: "account/nope")
            }
        }
        #expect(log.lines == [])
        #expect(steps == ObservedRoot())
    }

    @Test func navigatorTransactionsReportTheWholeChangeOnce() {
        let log = SelectionLog()
        let navigator = Navigator(ObservedRoot())
        withGlobalObserver(log) {
            navigator.transaction(.deepLink) { $0.select(\.account, \.edit) }
            #expect(throws: StepPathError.self) { try navigator.select(path: "account/zzz") }
        }
        #expect(log.lines == ["did #1 deepLink: select / feed -> account, push /account/edit"])
    }

    @Test func keySelectionReportsToo() {
        let log = SelectionLog()
        var steps = ObservedRoot()
        withGlobalObserver(log) {
            steps.select(.account)
            steps.select(.account)
        }
        #expect(log.lines == ["ObservedRoot /: feed -> account value ObservedAccount"])
    }

    @Test func staticConstructorsReportNothing() {
        let log = SelectionLog()
        let steps = withGlobalObserver(log) { ObservedRoot.selecting(\.account) }
        #expect(steps.selected == .account)
        #expect(log.lines == [])
    }

    @Test func combinedObserversAreCalledInOrder() {
        let first = SelectionLog()
        let second = SelectionLog()
        var steps = ObservedRoot()
        withGlobalObserver(CombinedStepsObserver([first, second])) {
            steps.select(\.account)
        }
        #expect(first.lines.count == 1)
        #expect(first.lines == second.lines)
    }
}
