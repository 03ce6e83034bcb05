import ExampleSteps
import Foundation
import StepTree

/// The two forms a state is written in: steps bare, as now, or each in its wrapper, as before.
package enum CodingForms {
    /// The encoding of `value` with sorted keys, the same bytes every time: steps bare.
    package static func bare<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    /// The encoding of `value` with every step in its wrapper: the form written before steps
    /// were bare.
    package static func wrapped<T: Encodable>(_ value: T) throws -> Data {
        try StepCodingForm.wrappingEverything { try bare(value) }
    }

    /// The state of the identity fixtures (Tests/Fixtures/identity), from their fixed script:
    /// renewals with values and `fresh` everywhere.
    package static func identityFixtureState() throws -> AppSteps {
        var steps = AppSteps()
        steps.select(\.explore, with: ExploreData(query: "swift"))
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try steps.renew(path: "profile/friends/ann/detail/dark")
        try steps.select(path: "profile/friends/bob", with: ProfileSteps.selecting(\.detail))
        try steps.renew(path: "profile/friends/bob/settings")
        steps.renew(\.login, \.signUp)
        steps.select(\.profile)
        return steps
    }
}
