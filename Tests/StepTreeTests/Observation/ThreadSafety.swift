import Testing

/// The suites that CI runs under the thread sanitizer: everything that touches navigators,
/// observers, `changes` streams or shared values from several threads or tasks.
///
/// A suite joins by being declared in an `extension ThreadSafety`; `.ci/run` selects them with
/// `--filter ThreadSafety/`, checks that the filter matches as many tests as `swift test list`
/// shows under this name, and refuses a test file that starts threads or tasks without being
/// in it. Every other test target that has such suites declares a `ThreadSafety` of its own,
/// which the same filter reaches.
@Suite enum ThreadSafety {}
