import ExampleSteps
import StepTree

/// The schema twin of the example's `AppSteps` that the path and URL fuzzers compare it with.
public enum ExampleTwin {
    /// How deep the twin unrolls the friends stack.
    public static let friendDepth = 4

    /// Paths of up to this many segments mean the same in both trees.
    public static let comparedSegments = 2 * friendDepth + 3

    /// The twin's schema.
    public static let schema: StepSchema = {
        do {
            return try ExampleSchema.load(friendDepth: friendDepth)
        } catch {
            fatalError("the example schema does not load: \(error)")
        }
    }()
}
