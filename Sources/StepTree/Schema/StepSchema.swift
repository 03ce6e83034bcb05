import Foundation

/// The shape of a schema-driven tree node, loaded from the JSON schema format of the conformance
/// suite: key, kind, initial selection, children, and the element schema of a stack.
///
/// ```json
/// {"initial": ["home", "login"], "children": [
///   {"key": "home", "kind": "tab"},
///   {"key": "profile", "kind": "tab", "children": [{"key": "detail", "kind": "push"}]},
///   {"key": "login", "kind": "present", "style": "cover"}]}
/// ```
///
/// `initial` names the children selected at start: one key, or a list with at most one key per
/// layer (here the `home` tab with `login` presented over it). A `style` is a name (`sheet`,
/// the default, `cover`, or a custom one) without spaces or control characters. A presented
/// step declared `"userDismissible": false` is one a gesture cannot dismiss (see
/// ``isUserDismissible``).
///
/// A stack's `element` may declare `destinations` instead of children: a stack of
/// destinations, as a ``StepDestination`` enum makes one in code. Each destination is a node
/// schema with a key; an element shows exactly one of them, the first at start, and only that
/// one has state.
///
/// ```json
/// {"key": "path", "kind": "stack", "element": {"destinations": [
///   {"key": "status", "initial": "thread", "children": [
///     {"key": "thread"}, {"key": "reply", "kind": "present"}]},
///   {"key": "about"}]}}
/// ```
///
/// An element is then `…/path/<id>`, its destination `…/path/<id>/status`
/// (`push(path: "path/about")` pushes an element showing `about`).
///
/// A `present` step may declare `destinations` the same way: a modal destination, as a
/// ``StepModal`` makes one in code (`{"key": "sheet", "kind": "present", "destinations": […]}`,
/// shown at `/sheet/compose`). Showing another destination gives it a new identity.
///
/// A schema is immutable and shared by every value of its tree.
public final class StepSchema: Sendable {
    /// The node's key in its parent (`""` for a root or a stack element).
    public let key: String
    /// How the node is shown relative to its parent.
    public let kind: StepKind
    /// The children selected at start, at most one per layer.
    let initialIndices: SelectedIndices
    /// The children in declaration order.
    public let children: [StepSchema]
    /// The schema of every element, for a stack.
    public let element: StepSchema?
    /// Whether the content children are tabs.
    public let hasTabs: Bool
    /// Whether the children are destinations: this is the element schema of a stack of
    /// destinations, whose elements each show exactly one of them, or a modal destination step.
    public let hasDestinations: Bool
    /// Whether a gesture (a sheet swiped away) may dismiss this step when presented: `false`
    /// for a present step declared `"userDismissible": false`, `true` for every other step.
    public let isUserDismissible: Bool
    /// The children's keys and kinds, read by the engine without touching the child schemas.
    let childKeys: [String]
    let childKinds: [StepKind]
    let childLayers: [StepLayer]
    let childUserDismissible: [Bool]
    /// Finds a child by the bytes of its key, as a hand-written node's table does.
    private let matcher: KeyMatcher
    /// The children's initial states, built once and shared by copy-on-write: a new node of
    /// this schema, a new stack element say, costs one array copy and no allocation per node.
    let initialChildren: [Step<DynamicSteps>]
    /// A hash of the whole shape, so that unequal schemas are told apart in O(1).
    let fingerprint: Int

    /// A node with no children: the element schema of a stack that declares none.
    package static let leaf = StepSchema(
        key: "", kind: .inline, initial: SelectedIndices(), children: [], element: nil)

    /// The deepest nesting accepted, so that hostile input cannot exhaust the stack.
    public static let maximumDepth = 64

    /// The most nodes a schema may have (element schemas included).
    public static let maximumNodeCount = 10_000

    /// The largest schema text accepted by ``init(json:)``, in bytes.
    public static let maximumSize = 4 << 20

    init(
        key: String, kind: StepKind, initial: SelectedIndices, children: [StepSchema],
        element: StepSchema?, hasDestinations: Bool = false, isUserDismissible: Bool = true
    ) {
        self.key = key
        self.kind = kind
        self.initialIndices = initial
        self.children = children
        self.element = element
        self.hasTabs = children.contains { $0.kind == .tab }
        self.hasDestinations = hasDestinations
        self.isUserDismissible = isUserDismissible
        self.childKeys = children.map(\.key)
        self.childKinds = children.map(\.kind)
        self.childLayers = children.map(\.kind.layer)
        self.childUserDismissible = children.map(\.isUserDismissible)
        self.matcher = KeyMatcher(children.map(\.key))
        self.initialChildren = children.map { Step(DynamicSteps(schema: $0)) }
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(kind)
        hasher.combine(initial)
        hasher.combine(hasDestinations)
        hasher.combine(isUserDismissible)
        for child in children { hasher.combine(child.fingerprint) }
        hasher.combine(element?.fingerprint)
        self.fingerprint = hasher.finalize()
    }

    /// The keys of the children selected at start, bottom layer first.
    public var initialKeys: [String] { initialIndices.keys.map { children[$0].key } }

    /// The index of the child named `key`.
    ///
    /// Keys are compared by their Unicode scalars exactly, as everywhere in StepTree.
    public func childIndex(forKey key: some StringProtocol) -> Int? {
        key.withUTF8Bytes(childIndex(forSegment:))
    }

    /// The index of the child whose key has the UTF-8 bytes `key`.
    func childIndex(forSegment key: SegmentBytes) -> Int? {
        matcher.index(of: key)
    }

    /// Parses and validates a schema from JSON.
    /// - Throws: ``StepSchemaError`` naming the node path and the problem; a text larger than
    ///   ``maximumSize`` is refused before it is parsed.
    /// - Complexity: O(*n*) in the size of the input.
    public convenience init(json data: Data) throws(StepSchemaError) {
        guard data.count <= Self.maximumSize else {
            throw StepSchemaError(
                path: "/", problem: "the schema is larger than \(Self.maximumSize) bytes")
        }
        let raw: Any
        do {
            raw = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw StepSchemaError(path: "/", problem: "not valid JSON")
        }
        try self.init(jsonObject: raw)
    }

    /// Validates a schema from a decoded JSON object (`[String: Any]`, as `JSONSerialization`
    /// returns it).
    /// - Throws: ``StepSchemaError`` naming the node path and the problem, including a schema
    ///   of more than ``maximumNodeCount`` nodes.
    public convenience init(jsonObject: Any) throws(StepSchemaError) {
        var budget = Self.maximumNodeCount
        let root = try Self.parse(
            jsonObject, path: "/", isRoot: true, isElement: false, depth: 0, budget: &budget)
        self.init(
            key: "", kind: root.kind, initial: root.initialIndices, children: root.children,
            element: root.element)
    }

    private static let kinds: [String: StepKind] = [
        "tab": .tab, "inline": .inline, "push": .push, "stack": .stack,
    ]

    private static func parse(
        _ object: Any, path: String, isRoot: Bool, isElement: Bool, depth: Int, budget: inout Int
    ) throws(StepSchemaError) -> StepSchema {
        func fail(_ problem: String) -> StepSchemaError {
            StepSchemaError(path: path, problem: problem)
        }
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        budget -= 1
        guard budget >= 0 else { throw fail("the schema has more than \(maximumNodeCount) nodes") }
        guard let fields = object as? [String: Any] else { throw fail("a node must be an object") }
        let known: Set = [
            "key", "kind", "style", "userDismissible", "initial", "children", "element",
            "destinations",
        ]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field '\(StepPath.quoted(unknown))'")
        }
        let key = try string(fields["key"], "key", path)
        if isRoot {
            if key != nil { throw fail("the root has no key") }
        } else if let key {
            if !StepPath.isValidSegment(key) {
                throw fail(
                    "key '\(StepPath.quoted(key))' is empty, too long, or contains '/' or a "
                        + "control character")
            }
        }
        let kindName = try string(fields["kind"], "kind", path) ?? "inline"
        var kind: StepKind
        if kindName == "present" {
            let style = try string(fields["style"], "style", path) ?? "sheet"
            guard isValidStyle(style) else {
                throw fail(
                    "style '\(StepPath.quoted(style))' is empty, too long, or contains a space or a "
                        + "control character")
            }
            kind = .present(PresentationStyle(rawValue: style))
        } else if let known = kinds[kindName] {
            kind = known
            if fields["style"] != nil && !(fields["style"] is NSNull) {
                throw fail("'style' is only for present steps")
            }
        } else {
            throw fail("unknown kind '\(StepPath.quoted(kindName))'")
        }
        var isUserDismissible = true
        if let value = fields["userDismissible"], !(value is NSNull) {
            guard case .present = kind else {
                throw fail("'userDismissible' is only for present steps")
            }
            guard let flag = boolean(value) else {
                throw fail("'userDismissible' must be true or false")
            }
            isUserDismissible = flag
        }
        // A root or element schema is shown by its context, not by a kind of its own: any kind
        // written there is read (so it must be a known one) and otherwise ignored, as the case
        // format leaves it open.
        if isRoot { kind = .inline }

        var children: [StepSchema] = []
        if let list = fields["children"], !(list is NSNull) {
            guard let items = list as? [Any] else { throw fail("'children' must be an array") }
            var seen = SegmentSet()
            for item in items {
                let childKey = (item as? [String: Any])?["key"] as? String ?? "?"
                let child = try parse(
                    item, path: join(path, childKey), isRoot: false, isElement: false,
                    depth: depth + 1, budget: &budget)
                if child.key.isEmpty { throw fail("a child has no key") }
                if !seen.insert(child.key) {
                    throw fail("step '\(StepPath.quoted(child.key))' is declared twice")
                }
                children.append(child)
            }
        }
        let tabs = children.count { $0.kind == .tab }
        let inline = children.count { $0.kind == .inline }
        if tabs != 0 && inline != 0 {
            throw fail("content children must be all tabs or all inline")
        }

        var element: StepSchema?
        if let elementObject = fields["element"], !(elementObject is NSNull) {
            guard kind == .stack else { throw fail("'element' is only for stack steps") }
            if let fields = elementObject as? [String: Any], fields["key"] != nil {
                throw fail("an element schema has no key")
            }
            element = try parse(
                elementObject, path: join(path, "*"), isRoot: true, isElement: true,
                depth: depth + 1, budget: &budget)
        }
        if kind == .stack {
            if !children.isEmpty { throw fail("a stack has elements, not children") }
            if element == nil {
                element = StepSchema.leaf
            }
        }

        if let list = fields["destinations"], !(list is NSNull) {
            return try destinationNode(
                list, fields: fields, path: path, key: key ?? "", kind: kind,
                isUserDismissible: isUserDismissible, isElement: isElement, depth: depth,
                budget: &budget)
        }

        var initial = SelectedIndices()
        for name in try initialNames(fields["initial"], path) {
            guard kind != .stack else { throw fail("a stack has no initial selection") }
            guard let index = children.firstIndex(where: { StepPath.sameSegment($0.key, name) })
            else {
                throw fail("initial step '\(StepPath.quoted(name))' is not a child")
            }
            let layer = children[index].kind.layer
            if let other = initial[layer] {
                throw fail(
                    "initial steps '\(StepPath.quoted(children[other].key))' and '\(StepPath.quoted(name))' "
                        + "are both in the \(layer) layer"
                )
            }
            initial[layer] = index
        }
        return StepSchema(
            key: key ?? "", kind: kind, initial: initial, children: children, element: element,
            isUserDismissible: isUserDismissible)
    }

    /// The element schema of a stack of destinations, or the schema of a modal destination
    /// step, from its `destinations` (`list`): each a node schema with a key, shown inline, the
    /// first one at start.
    private static func destinationNode(
        _ list: Any, fields: [String: Any], path: String, key: String, kind: StepKind,
        isUserDismissible: Bool, isElement: Bool, depth: Int, budget: inout Int
    ) throws(StepSchemaError) -> StepSchema {
        func fail(_ problem: String) -> StepSchemaError {
            StepSchemaError(path: path, problem: problem)
        }
        let isModal = if case .present = kind, !isElement { true } else { false }
        guard isElement || isModal else {
            throw fail("'destinations' is only for a stack's element or a present step")
        }
        for field in ["children", "initial"]
        where fields[field] != nil && !(fields[field] is NSNull) {
            throw fail("a step with destinations has no '\(field)'")
        }
        guard let items = list as? [Any] else { throw fail("'destinations' must be an array") }
        guard !items.isEmpty else { throw fail("'destinations' is empty") }
        var destinations: [StepSchema] = []
        var seen = SegmentSet()
        for item in items {
            let name = (item as? [String: Any])?["key"] as? String ?? "?"
            let itemPath = join(path, name)
            let destination = try parse(
                item, path: itemPath, isRoot: false, isElement: false, depth: depth + 1,
                budget: &budget)
            if destination.key.isEmpty { throw fail("a destination has no key") }
            guard destination.kind == .inline else {
                throw StepSchemaError(
                    path: itemPath, problem: "a destination is shown inline: it has no kind")
            }
            if !seen.insert(destination.key) {
                throw fail(
                    "destination '\(StepPath.quoted(destination.key))' is declared twice")
            }
            destinations.append(destination)
        }
        return StepSchema(
            key: key, kind: isElement ? .inline : kind, initial: SelectedIndices(0),
            children: destinations, element: nil, hasDestinations: true,
            isUserDismissible: isUserDismissible)
    }

    /// The flag `value` is: `true` or `false` (not a number).
    private static func boolean(_ value: Any) -> Bool? {
        if let flag = value as? Bool, type(of: value) == Bool.self { return flag }
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
            return nil
        }
        return number.boolValue
    }

    /// Whether `style` can name a presentation style: a style is a name, written as it is in
    /// events (`present /login cover`), so it is not empty, not longer than a key
    /// (``StepPath/maximumSegmentLength`` bytes), and has no white space, no control
    /// character and none of the other characters ``PrintableText/printable(_:)`` escapes.
    static func isValidStyle(_ style: String) -> Bool {
        !style.isEmpty && style.utf8.count <= StepPath.maximumSegmentLength
            && !style.unicodeScalars.contains {
                $0.properties.isWhitespace || PrintableText.isHidden($0)
            }
    }

    /// The keys of `initial`: absent or `null` (none), one key, or a list of keys.
    private static func initialNames(_ value: Any?, _ path: String) throws(StepSchemaError)
        -> [String]
    {
        guard let value, !(value is NSNull) else { return [] }
        if let name = value as? String { return [name] }
        guard let list = value as? [Any], let names = list as? [String] else {
            throw StepSchemaError(
                path: path, problem: "'initial' must be a key or a list of keys")
        }
        return names
    }

    private static func string(_ value: Any?, _ field: String, _ path: String)
        throws(StepSchemaError) -> String?
    {
        guard let value, !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw StepSchemaError(path: path, problem: "'\(field)' must be a string")
        }
        return text
    }

    /// The path of child `key` of the node at `path`, for errors: the key is quoted, since it
    /// has not been checked yet.
    private static func join(_ path: String, _ key: String) -> String {
        let key = StepPath.quoted(key)
        return path == "/" ? "/" + key : path + "/" + key
    }
}

extension StepSchema: Hashable {
    /// Schemas are equal when they describe the same shape: keys, kinds, styles, whether
    /// gestures may dismiss them, initial selections, destinations and element schemas,
    /// recursively.
    ///
    /// Two loads of the same JSON are equal.
    /// - Complexity: O(1) for the same or differently shaped schemas (by a fingerprint), O(*n*)
    ///   to confirm two equal ones loaded separately.
    public static func == (lhs: StepSchema, rhs: StepSchema) -> Bool {
        lhs === rhs
            || (lhs.fingerprint == rhs.fingerprint && lhs.key == rhs.key && lhs.kind == rhs.kind
                && lhs.initialIndices == rhs.initialIndices
                && lhs.hasDestinations == rhs.hasDestinations
                && lhs.isUserDismissible == rhs.isUserDismissible && lhs.children == rhs.children
                && lhs.element == rhs.element)
    }

    /// Hashes the shape.
    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}

/// A schema that could not be loaded: where and why.
public struct StepSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the node at fault (`/` for the root, `*` for a stack's element schema).
    public let path: String
    /// What is wrong with it.
    public let problem: String

    /// Creates an error for the node at `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `schema error at <path>: <problem>`, with control and bidirectional-formatting
    /// characters written as escapes (`\u{1B}`).
    public var description: String {
        PrintableText.printable("schema error at \(path): \(problem)")
    }
}

/// The index of the child a schema-driven node selects in each layer.
typealias SelectedIndices = StepSelection<Int>
