import Foundation

/// How a step is written in JSON: its value alone (*bare*), or the value in a wrapper object
/// `{"value": …, "renewal": "…"}`.
///
/// A step in its initial renewal history whose value is one of the library's structured values
/// (a ``StepsCollection`` node, ``EmptyStep``, a ``StepStack``, a ``DynamicSteps`` node) is
/// written bare: most of a tree's steps are, and the wrapper was a JSON container per step. A
/// renewed step, and any step holding an app's own payload type, keeps the wrapper, since a
/// payload's own encoding may have a `value` field. A bare ``EmptyStep`` is the number `0`
/// (``bareEmptyStep``), not its own encoding `{}`, and a node's ``StepSelection`` is the text
/// `"content/push/modal"`, not an object of layers: each is one scalar for the coders instead
/// of a container.
///
/// The decoding rule, which reads archives of every form (every state written before steps were
/// bare is all wrappers; one written before the scalars has `{}` leaves and selection objects),
/// and any mix of them:
/// - a step holding a payload is always the wrapper;
/// - a stack step is bare when it is an array, the wrapper when it is an object;
/// - an ``EmptyStep`` step is bare when it is a number (which must be `0`); otherwise it is an
///   object, the wrapper when it has a `value` or `renewal` field, and the bare `{}` of older
///   archives when not. A step is otherwise always an object or an array, so a number can only
///   be this;
/// - any other structured step is the wrapper when it is an object with a `value` or `renewal`
///   field and no `selected` field, and bare otherwise. A bare node always has `selected` (the
///   synthesized encoding of ``StepsCollection/selected``: a string now, an object of layers
///   before), while a wrapper never does; a bare ``DynamicSteps`` node has only `selected`,
///   `payload`, `steps` and `elements` fields.
///
/// A step of a recursive node type in its initial state (a node that holds `Step<Node>()` of its
/// own type, directly or through others) is the number `0` (``bareInitialNode``) in every form,
/// and any node step is read from `0` as its type's initial value.
///
/// Inside ``wrappingEverything(_:)`` (a renewal's fingerprint) every step is written in its
/// wrapper, an ``EmptyStep`` as `{}` and a selection as its object of layers: the shapes
/// fingerprints were defined on.
package enum StepCodingForm: Sendable {
    /// Always the wrapper: an app's payload.
    case wrapped
    /// Bare in the initial history: a node or ``EmptyStep`` (an object).
    case object
    /// Bare in the initial history: a stack (an array).
    case array

    /// What a bare ``EmptyStep`` step is written as.
    package static let bareEmptyStep = 0

    /// What a step of a recursive node type in its initial state is written as, in every form.
    ///
    /// Its whole value would never end (see `Step<Node>()`). Any node step is read from it, as
    /// its type's initial value.
    static let bareInitialNode = 0

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
    package static func isWrapper(hasValue: Bool, hasRenewal: Bool, hasSelected: Bool) -> Bool {
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
    package static func wrappingEverything<Result>(_ body: () throws -> Result) rethrows -> Result {
        try wrapsEverythingSlot.with(1, body)
    }
}
