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
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.content == rhs.content && lhs.push == rhs.push && lhs.modal == rhs.modal
    }

    /// Hashes the key of every layer.
    @_alwaysEmitIntoClient
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(push)
        hasher.combine(modal)
    }
}

/// The fields of a ``StepSelection``'s encoding as an object of layers.
///
/// Outside the generic type, so that coding a selection does not look up the metadata of a key
/// type per key type.
private enum SelectionField: String, CodingKey {
    case content, push, modal
}

extension StepSelection: Codable {
    // Written out, unlike the synthesized ones. A node's selection is written as its content
    // key alone (`"main"`), or `""` when it selects nothing, or else as the list of its layers'
    // keys, bottom first, `""` for a layer that selects nothing and trailing empty layers
    // dropped (`["main", "detail"]`, `["", "c0"]`, `["profile", "", "login"]`). A key is a
    // path segment, never empty, so each form has one reading; and a string or a short list
    // costs the coders far less than the object of layers written before, a keyed container
    // and a generic call per layer.
    /// Decodes a selection in any of its forms.
    ///
    /// The forms: a key's raw value (the content layer) or `""` (nothing selected); a list of
    /// raw values, one per layer bottom first, where `""` or an absent layer selects nothing;
    /// or the object `{"content": …, "push": …, "modal": …}`, where an absent or `null` layer
    /// selects nothing. The first two are read for ``StepKey`` keys only.
    /// - Throws: `DecodingError` for input of none of these forms, a key that does not decode,
    ///   or a list of more than three layers.
    public init(from decoder: any Decoder) throws {
        self.init()
        NestingDepth.noteSelection()  // this is a node's encoding: see `StepCodingForm`
        if let keyType = Key.self as? any StepKey.Type {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                content = try Self.key(name, keyType, codingPath: decoder.codingPath)
                return
            }
            if var layers = try? decoder.unkeyedContainer() {
                try read(layers: &layers, keyType)
                return
            }
        }
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

    /// Reads the list form, one raw value per layer, into an empty selection.
    private mutating func read<Keys: StepKey>(
        layers: inout any UnkeyedDecodingContainer, _ keyType: Keys.Type
    ) throws {
        for layer in StepLayer.allCases where !layers.isAtEnd {
            let name = try layers.decode(String.self)
            self[layer] = try Self.key(name, keyType, codingPath: layers.codingPath)
        }
        if !layers.isAtEnd {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: layers.codingPath,
                    debugDescription: "a selection has at most three layers"))
        }
    }

    /// The key whose raw value is `name`, `nil` for `""`; `codingPath` (read only for an
    /// error) names the place.
    private static func key<Keys: StepKey>(
        _ name: String, _ keyType: Keys.Type, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Key? {
        if name.isEmpty { return nil }
        guard let key = Keys(rawValue: name) as? Key else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath(),
                    debugDescription: "no step '\(StepPath.quoted(name))' to select"))
        }
        return key
    }

    /// Encodes the selection as its content key, `""` or the list of its layers' keys (see
    /// ``init(from:)``) when its keys are ``StepKey`` values, and as the object of its selected
    /// layers otherwise, or inside a renewal's fingerprint, which hashes the form it always had.
    public func encode(to encoder: any Encoder) throws {
        if !StepCodingForm.wrapsEverything, Key.self is any StepKey.Type {
            func name(_ key: Key?) -> String { (key as? any StepKey)?.rawValue ?? "" }
            if push == nil, modal == nil {
                var container = encoder.singleValueContainer()
                try container.encode(name(content))
            } else {
                var container = encoder.unkeyedContainer()
                try container.encode(name(content))
                try container.encode(name(push))
                if modal != nil { try container.encode(name(modal)) }
            }
            return
        }
        var container = encoder.container(keyedBy: SelectionField.self)
        if let content { try container.encode(content, forKey: .content) }
        if let push { try container.encode(push, forKey: .push) }
        if let modal { try container.encode(modal, forKey: .modal) }
    }
}
