import ExampleSteps
import StepTree

extension ProfileSteps {
    /// A profile whose friends nest `levels` deep, one friend each (`u0` outermost), built
    /// from the inside out by pushing whole values.
    package static func friendChain(_ levels: Int) throws(StepPathError) -> ProfileSteps {
        var profile = ProfileSteps()
        for level in (0..<levels).reversed() {
            var outer = ProfileSteps()
            try outer.friends.value.push(profile, id: "u\(level)")
            outer.selected = StepSelection(.main, push: .friends)
            profile = outer
        }
        return profile
    }

    /// The deepest chain of friends code can build by pushing whole values: the levels it has.
    package static func deepestFriendChain() -> (levels: Int, profile: ProfileSteps) {
        var built = (levels: 0, profile: ProfileSteps())
        while let deeper = try? friendChain(built.levels + 1) {
            built = (built.levels + 1, deeper)
        }
        return built
    }
}
