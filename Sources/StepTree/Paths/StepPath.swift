/// A path from the root of a tree to a step: child keys and stack element ids.
///
/// Its text form starts with `/` (`/profile/friends/u2`); the root is `/`. A string literal is
/// a path (`"profile/detail"`); a literal that does not parse is kept with its error, which
/// every operation given it throws.
public struct StepPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The keys and element ids from the root down.
    public var segments: [String]
    /// Why the literal this path was written as does not parse, out of line (a path is kept in
    /// every event); `nil` for a valid path.
    private let invalid: InvalidPath?

    /// Why the literal this path was written as does not parse; `nil` for a valid path.
    public var problem: StepPathError? { invalid?.problem }

    /// The path of the root node.
    public static let root = StepPath([])

    /// Creates a path from its segments.
    public init(_ segments: [String]) {
        self.segments = segments
        self.invalid = nil
    }

    /// Parses a path literal as ``init(parsing:)`` does; one that does not parse keeps its error
    /// in ``problem``, and every operation given it throws that error.
    public init(stringLiteral text: String) {
        do {
            self.init(try text.withUTF8Bytes(Self.parsedSegments(ofBytes:)).get())
        } catch {
            self.init(segments: [], invalid: InvalidPath(problem: error))
        }
    }

    private init(segments: [String], invalid: InvalidPath?) {
        self.segments = segments
        self.invalid = invalid
    }

    /// The path, checked: throws ``problem`` for a literal that did not parse.
    package func checked() throws(StepPathError) -> StepPath {
        if let problem { throw problem }
        return self
    }

    /// Parses a path such as `profile/detail/dark`; one leading `/` is allowed.
    ///
    /// - Throws: ``StepPathError/emptyPath`` for `""` or `"/"`,
    ///   ``StepPathError/emptySegment(index:)`` for a trailing or doubled `/`,
    ///   ``StepPathError/tooDeep(_:)`` beyond ``maximumDepth`` segments and
    ///   ``StepPathError/segmentTooLong(index:length:)`` beyond ``maximumSegmentLength`` bytes.
    /// - Complexity: O(*n*) in the length of `text`.
    @_alwaysEmitIntoClient
    public init(parsing text: some StringProtocol) throws(StepPathError) {
        // Inlinable: specialized where it is called, it reads the text's bytes with no generic
        // metadata made at run time.
        self.init(try text.withUTF8Bytes(Self.parsedSegments(ofBytes:)).get())
    }

    /// The segments of the path text `bytes`, checked as ``init(parsing:)`` checks them: read in
    /// place, checked and copied in one pass into one array allocated once at its final size.
    /// - Complexity: O(*n*) in the number of bytes.
    @usableFromInline
    static func parsedSegments(ofBytes bytes: SegmentBytes) -> Result<
        [String], StepPathError
    > {
        let body = segmentBytes(ofPath: bytes)
        let count: Int
        switch checkedDepth(body) {
        case .success(let checked): count = checked
        case .failure(let problem): return .failure(problem)
        }
        // A `/` is one byte of its own in UTF-8: the bytes between two are valid UTF-8. Appended
        // within the capacity reserved, by code specialized here: the array is allocated once.
        var segments: [String] = []
        segments.reserveCapacity(count)
        let refused = forEachSegment(in: body) { segment in
            guard isWithinLimits(segment) else { return false }
            segments.append(String(decoding: segment, as: UTF8.self))
            return true
        }
        if let refused { return .failure(refusal(ofSegment: refused, in: body)) }
        return .success(segments)
    }

    /// The segments of a relative path such as `profile/detail/dark`, as slices of `text`:
    /// deep links resolve them without copying each into a `String`.
    /// - Throws: The errors of ``init(parsing:)``.
    package static func parts(of text: String) throws(StepPathError) -> [Substring] {
        _ = try text.withUTF8Bytes(checkedSegmentCount).get()
        // One leading `/` is allowed (SPEC §4).
        let hasLeadingSlash = text.utf8.first == UInt8(ascii: "/")
        return split(hasLeadingSlash ? Substring(text.utf8.dropFirst()) : text[...])
    }

    /// The number of segments of the path text `bytes`, checked as ``init(parsing:)`` checks
    /// them, without splitting it: the one check of every path text.
    ///
    /// A path deeper than ``maximumDepth`` is refused before its segments are looked at, and
    /// the first bad segment is the one reported.
    static func checkedSegmentCount(_ bytes: SegmentBytes) -> Result<Int, StepPathError> {
        let body = segmentBytes(ofPath: bytes)
        let count: Int
        switch checkedDepth(body) {
        case .success(let checked): count = checked
        case .failure(let problem): return .failure(problem)
        }
        if let refused = forEachSegment(in: body, isWithinLimits) {
            return .failure(refusal(ofSegment: refused, in: body))
        }
        return .success(count)
    }

    /// The number of segments of `body` (a path text after its leading `/`), counted by its
    /// separators alone: ``StepPathError/emptyPath`` or ``StepPathError/tooDeep(_:)`` come
    /// before any error about a segment.
    @inline(__always)
    private static func checkedDepth(_ body: SegmentBytes) -> Result<Int, StepPathError> {
        if body.isEmpty { return .failure(.emptyPath) }
        var count = 1
        for byte in body where byte == UInt8(ascii: "/") { count += 1 }
        if count > maximumDepth { return .failure(.tooDeep(count)) }
        return .success(count)
    }

    /// Whether `segment` may be part of a path text: non-empty, and at most
    /// ``maximumSegmentLength`` bytes.
    @inline(__always)
    private static func isWithinLimits(_ segment: SegmentBytes) -> Bool {
        !segment.isEmpty && segment.count <= maximumSegmentLength
    }

    /// The error for segment `index` of `body`, which ``isWithinLimits(_:)`` refused: found
    /// again, as an error is made only for a path that fails.
    private static func refusal(ofSegment index: Int, in body: SegmentBytes) -> StepPathError {
        var length = 0
        forEachSegment(in: body) { segment in
            length = segment.count
            return isWithinLimits(segment)
        }
        return length == 0
            ? .emptySegment(index: index) : .segmentTooLong(index: index, length: length)
    }

    /// Hands each `/`-separated part of `bytes` to `body`, in order, while it returns `true`:
    /// the index of the part it refused, or `nil` when it took them all.
    @discardableResult @inline(__always)
    static func forEachSegment(in bytes: SegmentBytes, _ body: (SegmentBytes) -> Bool) -> Int? {
        bytes.forEachPart(separatedBy: UInt8(ascii: "/"), body)
    }

    /// The bytes of a path text after its one allowed leading `/`.
    static func segmentBytes(ofPath bytes: SegmentBytes) -> SegmentBytes {
        bytes.first == UInt8(ascii: "/") ? bytes.dropFirst() : bytes
    }

    /// The most segments a path may have: the one depth limit of a tree, enforced by every
    /// entry point (path strings, URLs, typed routes, decoded state) with a typed error beyond
    /// it.
    ///
    /// Everything within it stays within a measured stack budget.
    public static let maximumDepth = 128

    /// The most segments between a tree's root and any stack element in it: one fewer than
    /// ``maximumDepth``, so that the step an element shows is within a path's reach too (a
    /// screen the tree can show is one a path can select).
    static var deepestElement: Int { maximumDepth - 1 }

    /// The error for a stack element `segments` below the root, deeper than
    /// ``deepestElement``: the path of the screen it would show.
    static func tooDeep(element segments: Int) -> StepPathError { .tooDeep(segments + 1) }

    /// The longest key or element id, in UTF-8 bytes.
    public static let maximumSegmentLength = 1024

    /// Whether `segment` can name a step or an element: non-empty, at most
    /// ``maximumSegmentLength`` UTF-8 bytes, free of `/` and of control characters.
    ///
    /// The check looks at Unicode scalars, not characters: a `/` followed by a combining mark is
    /// still a separator.
    public static func isValidSegment(_ segment: some StringProtocol) -> Bool {
        let utf8 = segment.utf8
        guard !utf8.isEmpty, utf8.count <= maximumSegmentLength else { return false }
        // ASCII text, most segments, by its bytes: its control characters are 0x00–0x1F and
        // 0x7F. A Unicode property look-up per scalar costs far more.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return !utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }
        }
        return !segment.unicodeScalars.contains {
            $0 == "/" || $0.properties.generalCategory == .control
        }
    }

    /// Whether two keys or element ids are the same: keys and ids are compared by their Unicode
    /// scalars, exactly (byte for byte in UTF-8), never by canonical equivalence, so `é` and
    /// `e` + U+0301 are two different ids, as they print differently in events.
    package static func sameSegment(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool
    {
        lhs.utf8.count == rhs.utf8.count && rhs.withUTF8Bytes { sameSegment(lhs, $0) }
    }

    /// Whether the key or id `lhs` is the segment whose UTF-8 bytes are `rhs`, compared as
    /// ``sameSegment(_:_:)`` compares two texts.
    @_alwaysEmitIntoClient
    static func sameSegment(_ lhs: some StringProtocol, _ rhs: SegmentBytes) -> Bool {
        lhs.utf8.count == rhs.count && lhs.withUTF8Bytes { $0.hasSameBytes(as: rhs) }
    }

    /// At most 64 Unicode scalars of `text` for an error message, with the full length after an
    /// ellipsis when it is longer.
    ///
    /// Scalars, not characters: one character can hold any number of combining marks, so a
    /// character count would not bound what an error keeps.
    /// - Complexity: O(1) for a native string: it reads at most 65 scalars, and the length in
    ///   bytes.
    package static func excerpt(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        let end = scalars.endIndex
        guard let cut = scalars.index(scalars.startIndex, offsetBy: 64, limitedBy: end), cut != end
        else { return String(text) }
        var excerpt = ""
        excerpt.unicodeScalars.append(contentsOf: scalars[..<cut])
        return excerpt + "… (\(text.utf8.count) bytes)"
    }

    /// Outside text as a message quotes it: an ``excerpt(_:)``, with what a terminal would act on
    /// (control, line-separator and bidirectional-formatting characters) written as escapes
    /// (`\u{1B}`).
    package static func quoted(_ text: some StringProtocol) -> String {
        PrintableText.printable(excerpt(text))
    }

    /// Splits `text` at every `/` byte, keeping empty parts, as slices of `text`.
    ///
    /// Slices of the UTF-8 view: a `/` followed by a combining mark still separates (see
    /// ``isValidSegment(_:)``), and such a slice need not start on a character boundary.
    ///
    /// Deep-link patterns split their query items (`&`, `=`) and placeholders (`:`) the same
    /// way, at `separator`, at most `maxSplits` times.
    package static func split(
        _ text: Substring, at separator: Unicode.Scalar = "/", maxSplits: Int = .max
    ) -> [Substring] {
        let bytes = text.utf8
        let mark = UInt8(ascii: separator)
        var parts: [Substring] = []
        parts.reserveCapacity(min(bytes.count { $0 == mark }, maxSplits) + 1)
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == mark && parts.count < maxSplits {
            parts.append(Substring(bytes[start..<index]))
            start = bytes.index(after: index)
        }
        parts.append(Substring(bytes[start...]))
        return parts
    }

    /// `text` split at every `/` byte, as the `Substring` form does.
    package static func split(_ text: String) -> [Substring] { split(text[...]) }

    /// Whether this is the root path.
    public var isRoot: Bool { segments.isEmpty }

    /// The last segment, or `nil` for the root.
    public var last: String? { segments.last }

    /// The path of the parent, or `nil` for the root.
    public var parent: StepPath? { isRoot ? nil : StepPath(Array(segments.dropLast())) }

    /// The path extended by one segment.
    public func appending(_ segment: String) -> StepPath { StepPath(segments + [segment]) }

    /// The text form: `/` for the root, else `/` before each segment.
    public var description: String {
        segments.isEmpty ? "/" : segments.reduce(into: "") { $0 += "/" + $1 }
    }
}

/// The error of a path literal that does not parse.
private final class InvalidPath: Hashable, Sendable {
    let problem: StepPathError
    init(problem: StepPathError) { self.problem = problem }
    static func == (lhs: InvalidPath, rhs: InvalidPath) -> Bool { lhs.problem == rhs.problem }
    func hash(into hasher: inout Hasher) { hasher.combine(problem) }
}

extension StepPath {
    /// Whether two paths name the same steps: their segments compared by their Unicode scalars,
    /// as keys and ids are everywhere (`café` written with `é` and with `e` + U+0301 are two
    /// ids of one stack), and, for literals that do not parse, the same problem.
    /// - Complexity: O(*n*) for paths of *n* bytes.
    public static func == (lhs: StepPath, rhs: StepPath) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { sameSegment($0, $1) }
            && lhs.invalid == rhs.invalid
    }

    /// Hashes the segments' bytes, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments.count)
        for segment in segments {
            hasher.combine(segment.utf8.count)
            hasher.combine(SegmentKey(segment))
        }
        hasher.combine(invalid)
    }
}

extension StepPath: Codable {
    /// Decodes the segments as an array of strings.
    /// - Throws: `DecodingError.dataCorrupted` for a path or a segment that ``isValidSegment(_:)``
    ///   and ``maximumDepth`` refuse.
    public init(from decoder: any Decoder) throws {
        let segments = try [String](from: decoder)
        guard segments.count <= Self.maximumDepth, segments.allSatisfy({ Self.isValidSegment($0) })
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a path is deeper than \(Self.maximumDepth) segments, or a segment is empty, "
                        + "too long, or contains '/' or a control character"))
        }
        self.init(segments)
    }

    /// Encodes the segments as an array of strings.
    public func encode(to encoder: any Encoder) throws {
        try segments.encode(to: encoder)
    }
}
