/// A value that can be the root of a step tree: a hand-written ``StepsCollection`` or a
/// schema-driven ``DynamicSteps``.
///
/// Path operations and diffing work on both through the same engine.
///
/// Every path operation resolves and checks its whole path before it writes anything: a bad
/// path throws a ``StepPathError`` naming what and where, and leaves the value unchanged, with
/// no observer call.
public protocol StepNode: StepValue {}
