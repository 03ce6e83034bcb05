import Testing

/// The suites of this target that CI runs under the thread sanitizer (see the core's
/// `ThreadSafety` in Tests/StepTreeTests/Observation/ThreadSafety.swift): `--filter
/// ThreadSafety/` reaches them in every test target.
@Suite enum ThreadSafety {}
