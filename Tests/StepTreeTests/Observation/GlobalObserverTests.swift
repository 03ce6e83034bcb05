import Foundation
import StepTree
import TestSupport
import Testing

/// Installs `observer` globally for the duration of `body`.
private func withGlobalObserver<Result>(
    _ observer: any StepsObserver, _ body: () throws -> Result
) rethrows -> Result {
    StepsObservation.observer = observer
    defer { StepsObservation.observer = nil }
    return try body()
}

extension ThreadSafety {
    @Suite("Global observer", .serialized)
    struct GlobalObserverTests {
        /// One report per layer change, ancestors first; a step selected with a value is reported
        /// once, with its new value, whether or not its layer changed.
        @Test func typedDeepLinkReportsEveryAncestor() {
            let log = SelectionLog()
            var steps = ObservedRoot()
            withGlobalObserver(log) {
                steps.select(\.account, \.edit, \.name, with: FieldValue(text: "Ann"))
            }
            #expect(steps.account.edit.name.value.text == "Ann")
            #expect(
                log.lines == [
                    "ObservedRoot / content: feed -> account value ObservedAccount",
                    "ObservedAccount /account push: - -> edit value ObservedForm",
                    "ObservedForm /account/edit content: - -> name value FieldValue",
                ])
            // The overview stays selected under the pushed edit screen.
            #expect(steps.account.selected == StepSelection(.overview, push: .edit))
        }

        /// The typed deep links select in place and record what they change; the general editor
        /// reports the same links by path. Both must tell the observer the same lines, values
        /// included, from every starting state.
        @Test(
            arguments: TypedLink.allCases,
            ["", "account", "account/edit/photo", "account/edit/name"])
        fileprivate func typedLinksReportWhatTheEditorReports(link: TypedLink, start: String) throws
        {
            var base = ObservedRoot()
            if !start.isEmpty { try base.select(path: StepPath(parsing: start)) }
            let typedLog = SelectionLog()
            var typed = base
            withGlobalObserver(typedLog) { link.selectTyped(&typed) }
            let pathLog = SelectionLog()
            var byPath = base
            try withGlobalObserver(pathLog) { try link.selectByPath(&byPath) }
            #expect(typed == byPath)
            #expect(typedLog.lines == pathLog.lines)
            #expect(typedLog.lines.count == link.expectedReports(from: start))
        }

        /// Inside a navigator transaction a typed link is reported once, by the transaction.
        @Test func typedLinksInsideATransactionAreReportedByIt() {
            let log = SelectionLog()
            let navigator = Navigator(ObservedRoot())
            _ = withGlobalObserver(log) {
                navigator.transaction { $0.select(\.account, \.edit, \.photo) }
            }
            #expect(
                log.lines == [
                    "did #1 programmatic: select / feed -> account, push /account/edit, "
                        + "present /account/edit/photo sheet"
                ])
        }

        /// Observers installed and replaced while other threads select: every replaced observer
        /// is released exactly once, after the last report it was given, and none is kept.
        @Test func observersReplacedWhileOtherThreadsSelectAreReleased() {
            let released = Mutex(0)
            final class Counted: StepsObserver {
                let released: Mutex<Int>
                let reports = Mutex(0)
                init(_ released: Mutex<Int>) { self.released = released }
                func didSelect(_ selection: SelectionChange) { reports.withLock { $0 += 1 } }
                deinit { released.withLock { $0 += 1 } }
            }
            let installs = 200
            let landed = onThreads(3) { index in
                if index == 0 {
                    for _ in 0..<installs { StepsObservation.observer = Counted(released) }
                    StepsObservation.observer = nil
                } else {
                    var steps = ObservedRoot()
                    for link in 0..<2_000 {
                        if link & 1 == 0 {
                            steps.select(\.account, \.edit, \.photo)
                        } else {
                            steps.select(\.feed)
                        }
                    }
                    return steps.visibleScreen.description
                }
                return ""
            }
            #expect(released.withLock { $0 } == installs)
            #expect(landed == ["", "/feed", "/feed"])
        }

        /// An observer may install another from inside a call: the select goes on telling the
        /// observer it started with, which is released once the select is done with it (after
        /// other threads' selects that may still hold it), and the next select tells the new one.
        @Test func anObserverReplacedFromInsideACallIsReleasedAfterIt() async throws {
            let log = Mutex<[String]>([])
            final class Replacing: StepsObserver {
                let name: String
                let log: Mutex<[String]>
                /// Whether the next call installs the second observer.
                let replaces: Mutex<Bool>
                init(_ name: String, _ log: Mutex<[String]>, replaces: Bool) {
                    (self.name, self.log, self.replaces) = (name, log, Mutex(replaces))
                }
                func didSelect(_ selection: SelectionChange) {
                    guard observedTypes.contains(selection.nodeType) else { return }
                    log.withLock { $0.append("\(name) \(selection.newKey ?? "-")") }
                    if replaces.withLock({ replaces in
                        defer { replaces = false }
                        return replaces
                    }) {
                        StepsObservation.observer = Replacing("second", log, replaces: false)
                    }
                }
                deinit { log.withLock { $0.append("\(name) released") } }
            }
            var steps = ObservedRoot()
            StepsObservation.observer = Replacing("first", log, replaces: true)
            steps.select(\.account, \.edit)
            // Another thread's select may hold the first observer a moment longer.
            for _ in 0..<1_000 where !log.withLock({ $0.contains("first released") }) {
                try await Task.sleep(for: .milliseconds(1))
            }
            steps.select(\.feed)
            StepsObservation.observer = nil
            for _ in 0..<1_000 where !log.withLock({ $0.contains("second released") }) {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(
                log.withLock { $0 } == [
                    "first account", "first edit", "first released", "second feed",
                    "second released",
                ])
        }

        /// A transaction's scope belongs to its own thread: while one thread is inside a
        /// transaction, another thread's bare typed link is still reported on its own, and the
        /// transaction's typed select is reported only by the transaction.
        @Test func aTransactionOnAnotherThreadDoesNotSilenceThisOne() {
            let log = SelectionLog()
            let navigator = Navigator(ObservedRoot())
            let inside = StartLine(2)
            let done = StartLine(2)
            withGlobalObserver(log) {
                _ = onThreads(2) { index in
                    if index == 0 {
                        _ = navigator.transaction { root in
                            root.select(\.account, \.edit)
                            inside.wait()
                            done.wait()
                        }
                    } else {
                        inside.wait()
                        var steps = ObservedRoot()
                        steps.select(\.account)
                        done.wait()
                    }
                }
            }
            #expect(
                log.lines == [
                    "ObservedRoot / content: feed -> account value ObservedAccount",
                    "did #1 programmatic: select / feed -> account, push /account/edit",
                ])
        }

        /// Renewing a step that is already selected is a change too: one report, old key = new key.
        @Test func renewingASelectedStepIsReportedOnce() {
            let log = SelectionLog()
            var steps = ObservedRoot()
            steps.select(\.account, \.edit, \.name, with: FieldValue(text: "Ann"))
            withGlobalObserver(log) {
                steps.select(\.account, \.edit, \.name, with: FieldValue(text: "Bob"))
            }
            #expect(
                log.lines == ["ObservedForm /account/edit content: name -> name value FieldValue"])
        }

        /// A renewed stack element is a new screen: reported in the push layer under its id.
        @Test func renewingAStackElementIsReported() throws {
            let log = SelectionLog()
            var steps = ObservedRoot()
            try steps.setStack(path: "account/edit/history", ids: ["v1", "v2"])
            try withGlobalObserver(log) {
                try steps.renew(path: "account/edit/history/v1")
            }
            #expect(
                log.lines == [
                    "StepStack<ObservedVersion> /account/edit/history push: v1 -> v1 value ObservedVersion"
                ])
        }

        @Test func pathSelectionReportsOnlyWhatChanged() throws {
            let log = SelectionLog()
            var steps = ObservedRoot()
            steps.select(\.account)
            try withGlobalObserver(log) {
                try steps.select(path: "account/edit/photo")
                try steps.deselect(path: "account/edit/photo")
                try steps.renew(path: "account/edit")
            }
            #expect(
                log.lines.map { $0.components(separatedBy: " value ")[0] } == [
                    "ObservedAccount /account push: - -> edit",
                    "ObservedForm /account/edit modal: - -> photo",
                    "ObservedForm /account/edit modal: photo -> -",
                    "ObservedAccount /account push: edit -> edit",
                ])
        }

        /// `show` reports the layers it clears, and nothing inside the steps it resets.
        @Test func showReportsTheLayersItClears() throws {
            let log = SelectionLog()
            var steps = ObservedRoot()
            try steps.select(path: "account/edit/photo")
            try withGlobalObserver(log) {
                try steps.show(path: "account/overview")
            }
            #expect(log.lines == ["ObservedAccount /account push: edit -> -"])
            #expect(steps.account.edit.value == ObservedForm())
            try withGlobalObserver(log) {
                try steps.show(path: "feed")
            }
            #expect(
                log.lines == [
                    "ObservedAccount /account push: edit -> -",
                    "ObservedRoot / content: account -> feed value EmptyStep",
                ])
        }

        @Test func noOpAndFailedSelectionsReportNothing() throws {
            let log = SelectionLog()
            var steps = ObservedRoot.selecting(\.account)
            try withGlobalObserver(log) {
                steps.select(\.account)
                try steps.select(path: "account/overview")
                try steps.deselect(path: "account/edit/photo")  // through a closed screen
                try steps.deselect(path: "account/edit")  // not selected
                #expect(throws: StepPathError.unknownStep("nope", in: StepPath(["account"]))) {
                    try steps.select(path: "account/nope")
                }
            }
            #expect(log.lines == [])
            #expect(steps == ObservedRoot.selecting(\.account))
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
                steps.account.value.select(.edit)
                steps.account.value.deselect(.edit)
                steps.deselect(.feed)  // a tab: ignored
            }
            #expect(
                log.lines == [
                    "ObservedRoot / content: feed -> account value ObservedAccount",
                    "ObservedAccount / push: - -> edit value ObservedForm",
                    "ObservedAccount / push: edit -> -",
                ])
        }

        @Test func staticConstructorsReportNothing() {
            let log = SelectionLog()
            let steps = withGlobalObserver(log) { ObservedRoot.selecting(\.account) }
            let form = withGlobalObserver(log) {
                ObservedForm.selecting(\.name, with: FieldValue(text: "Ann"))
            }
            #expect(steps.selected == StepSelection(.account))
            #expect(form.selected == StepSelection(.name) && form.name.value.text == "Ann")
            #expect(!form.name.renewal.isInitial)
            #expect(log.lines == [])
        }

        @Test func combinedObserversAreCalledInOrder() {
            struct Tagged: StepsObserver {
                let tag: String
                let sink: LineSink
                func didSelect(_ selection: SelectionChange) {
                    guard observedTypes.contains(selection.nodeType) else { return }
                    sink.append("\(tag) \(selection)")
                }
            }
            let sink = LineSink()
            var steps = ObservedRoot()
            withGlobalObserver(
                CombinedStepsObserver(
                    Tagged(tag: "first", sink: sink), Tagged(tag: "second", sink: sink))
            ) {
                steps.select(\.account)
                steps.select(\.feed)
            }
            #expect(
                sink.all == [
                    "first ObservedRoot / content: feed -> account",
                    "second ObservedRoot / content: feed -> account",
                    "first ObservedRoot / content: account -> feed",
                    "second ObservedRoot / content: account -> feed",
                ])
        }
    }
}

/// Deep links written both as typed key paths and as paths, for the equivalence test.
private enum TypedLink: CaseIterable, Sendable {
    case root, pushed, presented, renewed, fresh

    func selectTyped(_ steps: inout ObservedRoot) {
        switch self {
        case .root: steps.select(\.feed)
        case .pushed: steps.select(\.account, \.edit)
        case .presented: steps.select(\.account, \.edit, \.photo)
        case .renewed: steps.select(\.account, \.edit, \.name, with: FieldValue(text: "Ann"))
        case .fresh: steps.renew(\.account, \.edit)
        }
    }

    func selectByPath(_ steps: inout ObservedRoot) throws {
        switch self {
        case .root: try steps.select(path: "feed")
        case .pushed: try steps.select(path: "account/edit")
        case .presented: try steps.select(path: "account/edit/photo")
        case .renewed: try steps.select(path: "account/edit/name", with: FieldValue(text: "Ann"))
        case .fresh: try steps.renew(path: "account/edit")
        }
    }

    /// The nodes whose selection the link changes (or renews) from the state at `start`.
    func expectedReports(from start: String) -> Int {
        let onAccount = start.hasPrefix("account")
        let onEdit = start.hasPrefix("account/edit")
        switch self {
        case .root: return onAccount ? 1 : 0
        case .pushed: return (onAccount ? 0 : 1) + (onEdit ? 0 : 1)
        case .presented:
            return (onAccount ? 0 : 1) + (onEdit ? 0 : 1) + (start == "account/edit/photo" ? 0 : 1)
        case .renewed:
            return (onAccount ? 0 : 1) + (onEdit ? 0 : 1) + 1
        case .fresh: return (onAccount ? 0 : 1) + 1
        }
    }
}
