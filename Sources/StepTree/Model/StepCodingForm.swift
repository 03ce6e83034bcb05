import Foundation

/// How a step is written in JSON: its value alone (*bare*), or the value in a wrapper object
/// `{"value": …, "renewal": "…"}`.
///
/// A step in its initial renewal history whose value is one of the library's structured values
/// (a ``StepsCollection`` node, ``EmptyStep``, a ``StepStack``, a ``DynamicSteps`` node) is
/// written bare: most of a tree's steps are, and the wrapper was a JSON container per step. A
/// renewed step, and any step holding an app's own payload type, keeps the wrapper, since a
/// payload's own encoding may have a `value` field.
///
/// The decoding rule, which reads archives of both forms (every state written before this form
/// was wrapped):
/// - a step holding a payload is always the wrapper;
/// - a stack step is bare when it is an array, the wrapper when it is an object;
/// - any other structured step is the wrapper when it is an object with a `value` or `renewal`
///   field and no `selected` field, and bare otherwise. A bare node always has `selected` (the
///   synthesized encoding of ``StepsCollection/selected``), while a wrapper never does; a bare
///   ``EmptyStep`` is `{}`, and a bare ``DynamicSteps`` node has only `selected`, `payload`,
///   `steps` and `elements` fields.
enum StepCodingForm: Sendable {
    /// Always the wrapper: an app's payload.
    case wrapped
    /// Bare in the initial history: a node or ``EmptyStep`` (an object).
    case object
    /// Bare in the initial history: a stack (an array).
    case array

    /// The form of steps holding values of `type`.
    ///
    /// - Complexity: O(1): a type comparison, then at most two conformance checks, which the
    ///   runtime caches per type.
    static func of(_ type: any StepValue.Type) -> StepCodingForm {
        // Nodes, the most common structured values, first: one conformance check for them.
        if type == EmptyStep.self || type is any StepsCollection.Type { return .object }
        if let structured = type as? any BareCodable.Type { return structured.codingForm }
        return .wrapped
    }

    /// The decoding rule for an object in the `.object` form: whether its fields are those of
    /// the wrapper.
    static func isWrapper(hasValue: Bool, hasRenewal: Bool, hasSelected: Bool) -> Bool {
        (hasValue || hasRenewal) && !hasSelected
    }
}

/// The library's structured values other than ``StepsCollection`` nodes, which say their own
/// coding form.
protocol BareCodable: StepValue {
    static var codingForm: StepCodingForm { get }
}

extension StepCodingForm {
    /// The thread's flag (1) that makes every step write its wrapper.
    private static let wrapsEverythingSlot = ThreadWord("the wrapped form")

    /// Whether every step on this thread is being written in its wrapper.
    static var wrapsEverything: Bool { wrapsEverythingSlot.value != 0 }

    /// Runs `body` with every step written in its wrapper, bare or not.
    ///
    /// A renewal's fingerprint hashes the JSON of the value it renews with (SPEC §1): steps
    /// inside that value are written in the form they had when fingerprints were defined, so
    /// that bare steps leave every identity as it was, in archives too.
    static func wrappingEverything<Result>(_ body: () throws -> Result) rethrows -> Result {
        try wrapsEverythingSlot.with(1, body)
    }
}
