/// What a ``StepsCollection`` node selects: at most one child key per layer (SPEC §1).
///
/// ```swift
/// var selected = StepSelection<Key>(.home, modal: .login)  // the home tab, login over it
/// selected.content  // .home
/// ```
///
/// Each key must be a child of the layer it is stored in; the node's ``StepTable`` says which.
/// (Schema-driven nodes store child indices in the same shape.)
/// Select through ``StepsCollection/select(_:)`` to have that checked and to reset a replaced
/// pushed or presented child; a key stored in the wrong layer is read as nothing selected.
public struct StepSelection<Key: Hashable & Sendable & Codable>: Hashable, Sendable {
    /// The selected tab or inline variant.
    public var content: Key?
    /// The selected pushed step or stack.
    public var push: Key?
    /// The selected presented step.
    public var modal: Key?

    /// Creates a selection from one key per layer; `nil` selects nothing there.
    public init(_ content: Key? = nil, push: Key? = nil, modal: Key? = nil) {
        self.content = content
        self.push = push
        self.modal = modal
    }

    /// The key selected in `layer`.
    @inlinable
    public subscript(layer: StepLayer) -> Key? {
        get {
            switch layer {
            case .content: content
            case .push: push
            case .modal: modal
            }
        }
        set {
            switch layer {
            case .content: content = newValue
            case .push: push = newValue
            case .modal: modal = newValue
            }
        }
    }

    /// The selected keys, bottom layer first.
    public var keys: [Key] { [content, push, modal].compactMap { $0 } }

    // Written out and inlinable, unlike the synthesized ones, so that a node's `==` compares
    // its selection specialized for its key type.
    /// Selections are equal when they select the same key in every layer.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.content == rhs.content && lhs.push == rhs.push && lhs.modal == rhs.modal
    }

    /// Hashes the key of every layer.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(push)
        hasher.combine(modal)
    }
}

/// The fields of a ``StepSelection``'s encoding.
///
/// Outside the generic type, so that coding a selection does not look up the metadata of a key
/// type per key type.
private enum SelectionField: String, CodingKey {
    case content, push, modal
}

extension StepSelection: Codable {
    // Written out, unlike the synthesized ones, to read and write only the layers present: a
    // tree's selections are mostly empty, and each absent layer cost the coders a generic call.
    /// Decodes `{"content": …, "push": …, "modal": …}`; an absent or `null` layer selects
    /// nothing.
    /// - Throws: `DecodingError` for input that is not an object, or a key that does not decode.
    public init(from decoder: any Decoder) throws {
        self.init()
        NestingDepth.noteSelection()  // this is a node's encoding: see `StepCodingForm`
        let container = try decoder.container(keyedBy: SelectionField.self)
        for field in container.allKeys where try !container.decodeNil(forKey: field) {
            let key = try container.decode(Key.self, forKey: field)
            switch field {
            case .content: content = key
            case .push: push = key
            case .modal: modal = key
            }
        }
    }

    /// Encodes the selected layers' keys; an empty selection is `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SelectionField.self)
        if let content { try container.encode(content, forKey: .content) }
        if let push { try container.encode(push, forKey: .push) }
        if let modal { try container.encode(modal, forKey: .modal) }
    }
}
