import ExampleSteps
import Foundation
import StepTree
import StepTreeRestoration

/// A save of the example tree whose friends' stack holds 20,000 profiles, every other one
/// damaged (about 2.8 MB): restoring keeps every element and reports what each damaged one lost.
enum DamagedRestoreBench {
    static let damagedCount = 10_000

    /// A damaged element's value: five steps of the wrong kind and a field the type lacks.
    private static let damaged =
        #"{"detail":3,"friends":"z","main":"x","note":"\#(String(repeating: "n", count: 58))","#
        + #""selected":5,"settings":"y"}"#

    /// The version-1 save, and the archive of version 2 that restores it.
    static func save() throws -> (data: Data, archive: StepArchive<AppSteps>) {
        let archive = StepArchive(version: 2, initial: AppSteps())
        let intact = String(decoding: try JSONEncoder.sorted.encode(ProfileSteps()), as: UTF8.self)
        var elements: [String] = []
        for index in 0..<damagedCount * 2 {
            let value = index.isMultiple(of: 2) ? damaged : intact
            elements.append(#"{"id":"f\#(index)","value":\#(value)}"#)
        }
        var text = String(decoding: try archive.encode(AppSteps()), as: UTF8.self)
        guard let friends = text.range(of: #""friends":[]"#),
            let version = text.range(of: #""treeVersion":2"#)
        else { throw WrongResult(description: "the save has no friends' stack") }
        text.replaceSubrange(friends, with: #""friends":["# + elements.joined(separator: ",") + "]")
        text.replaceSubrange(
            try require(
                text.range(of: #""treeVersion":2"#, range: version.lowerBound..<text.endIndex),
                "the save's tree version"),
            with: #""treeVersion":1"#)
        return (Data(text.utf8), archive)
    }

    /// `archive.decode` of the damaged save.
    static func restore() throws -> Runner {
        let (data, archive) = try save()
        try expect(
            (2_700_000...2_900_000).contains(data.count), "the save has \(data.count) bytes")
        let (state, report) = try archive.decode(data)
        try expect(
            state.profile.value.friends.value.count == damagedCount * 2,
            "the restored stack has \(state.profile.value.friends.value.count) elements")
        let first = StepPath(["profile", "friends", "f0"])
        try expect(
            report.changes.count == damagedCount * 6
                && Array(report.changes.prefix(6)) == [
                    .reset("selected", at: first), .reset("main", at: first),
                    .reset("detail", at: first), .reset("settings", at: first),
                    .reset("friends", at: first), .droppedField("note", at: first),
                ],
            "the report has \(report.changes.count) changes, first \(report.changes.prefix(6))")
        return { count in
            timeLoop(count) { _ in blackHole(try? archive.decode(data)) }
        }
    }
}

extension JSONEncoder {
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
