import Foundation
import StepTree
import StepTreeRestoration
import TestSupport
import Testing

@Suite struct ModalDestinationRestorationTests {
    static func save(_ steps: ModalAppSteps) throws -> String {
        String(
            decoding: try StepArchive(version: 1, initial: ModalAppSteps()).encode(steps),
            as: UTF8.self)
    }

    /// A save whose sheet shows a case the enum no longer lists restores with that sheet put
    /// back to its initial value, and the report names it.
    @Test func aSavedCaseNoLongerListedIsRepairedAndReported() throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.report("spam")))
        let saved = try Self.save(steps)
        #expect(saved.contains(#""report""#))
        let edited = saved.replacing(#""report""#, with: #""poll""#)
        let archive = StepArchive(version: 2, initial: ModalAppSteps())
        let (restored, report) = try archive.decode(Data(edited.utf8))
        #expect(report.changes.count == 1)
        #expect(restored.sheet.value == ModalAppSteps().sheet.value)
        #expect(restored.path == steps.path)
    }

    /// A save of another version keeps a sheet showing any case, not only the initial one.
    @Test func aSaveOfAnotherVersionKeepsTheCaseShown() throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.report("spam")))
        let (restored, report) = try StepArchive(version: 2, initial: ModalAppSteps())
            .decode(Data(try Self.save(steps).utf8))
        #expect(report.isClean)
        #expect(restored == steps)
    }

    /// A migration that renames a case keeps the sheet's payload.
    @Test func aMigrationRenamesACase() throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.report("spam")))
        let edited = try Self.save(steps).replacing(#""report""#, with: #""flag""#)
        let archive = StepArchive(
            version: 2, initial: ModalAppSteps(),
            migrations: [.rename(StepPath(["sheet", "flag"]), to: "report")])
        let (restored, _) = try archive.decode(Data(edited.utf8))
        #expect(restored.sheet.value.destination == .report("spam"))
    }

    @Test func aModalDestinationRoundTripsThroughJSONAndTheArchive() throws {
        var steps = ModalAppSteps()
        try steps.select(path: "sheet/compose/drafts")
        try steps.push(PlainDestination.account(user: "ann"))
        let data = try JSONEncoder().encode(steps)
        let decoded = try JSONDecoder().decode(ModalAppSteps.self, from: data)
        #expect(decoded == steps)
        #expect(NavigationDiff.events(from: steps, to: decoded).map(\.description) == [])
        let archived = try StepArchive(version: 1, initial: ModalAppSteps()).encode(steps)
        let (restored, report) = try StepArchive(version: 2, initial: ModalAppSteps())
            .decode(archived)
        #expect(report.isClean)
        #expect(restored == steps)
    }

    /// A schema-driven modal destination showing any case survives a save of another version.
    @Test func aSchemaModalDestinationRestoresAcrossVersions() throws {
        let schema = try StepSchema(json: Data(ModalDestinationSchema.json.utf8))
        var state = DynamicSteps(schema: schema)
        try state.select(path: "sheet/compose/drafts")
        try state.select(path: "sheet/settings")
        let data = try StepArchive(version: 1, initial: DynamicSteps(schema: schema)).encode(state)
        let (restored, report) = try StepArchive(version: 2, initial: DynamicSteps(schema: schema))
            .decode(data)
        #expect(report.isClean)
        #expect(restored == state)
        #expect(restored.visibleScreen == StepPath(["sheet", "settings"]))
    }
}
