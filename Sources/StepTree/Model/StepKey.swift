/// The key type of a ``StepsCollection``: one case per child step, named by its raw string.
///
/// Raw values are the segments used in path strings and events, so they must be non-empty and
/// must not contain `/`. Every case must be declared in the node's ``StepTable``; the table
/// checks that when it is built.
public protocol StepKey: RawRepresentable, Hashable, Codable, Sendable, CaseIterable
where RawValue == String {}
