import Foundation
import StepTree
import StepTreeRestoration
import TestSupport
import Testing

@Suite struct DestinationStackRestorationTests {
    /// A save of another tree version goes through the repairing decoder: destination stacks,
    /// their counters and their destinations' own state come back exactly.
    @Test func aSaveOfAnotherVersionRestoresDestinationStacksExactly() throws {
        var root = ClientSteps()
        try root.push(Destination.status(StatusScreen(id: 7)))
        try root.push(path: "home/path/account")
        try root.select(path: "home/path/1/status/reply")
        try root.push(Destination.about, onto: "search/path")
        _ = root.search.path.value.pop()
        let data = try StepArchive(version: 1, initial: ClientSteps()).encode(root)
        let (restored, report) = try StepArchive(version: 2, initial: ClientSteps()).decode(data)
        #expect(report.isClean)
        #expect(restored == root)
        var again = restored
        #expect(
            try again.push(Destination.about, onto: "search/path").description == "/search/path/2")
    }
}
