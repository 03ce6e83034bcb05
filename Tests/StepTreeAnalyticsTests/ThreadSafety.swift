import Testing

/// The suites of this target that CI runs under the thread sanitizer, as the core's
/// `ThreadSafety` (Tests/StepTreeTests/Observation/ThreadSafety.swift) says: `--filter
/// ThreadSafety/` reaches them in every test target.
@Suite enum ThreadSafety {}
