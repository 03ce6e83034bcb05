import Foundation
import StepTree
import StepTreeJSON

extension DeepLinkMatch.Capture {
    /// The capture in a payload object: an integer as a number, a UUID as its upper-case text,
    /// a rest as its segments joined by `/`, text as it is.
    var json: JSONValue {
        switch self {
        case .int(let value): .number(String(value))
        case .list(let values): .array(values.map(\.json))
        default: .string(text)
        }
    }

    /// The capture as text, canonical for a typed one: an integer in decimal, a UUID in upper
    /// case, a rest's segments joined by `/`.
    var text: String {
        switch self {
        case .text(let text): text
        case .int(let value): String(value)
        case .uuid(let value): value.uuidString
        case .rest(let segments): segments.joined(separator: "/")
        case .list(let values): values.map(\.text).joined(separator: ",")
        }
    }
}

/// A capture no path of a route uses, and the field of a screen it fills (its own name, or the
/// one `<name as field>` gives).
struct DeepLinkFilling: Hashable, Sendable {
    let capture: String
    let field: String
    /// Whether it is an optional query item's, which a link may lack.
    var isOptional = false
}

/// The values a route gives the screens it opens, made from the link's captures.
enum DeepLinkPayload {
    /// A screen's new value and the fields it read.
    struct Filled {
        /// The value, or `nil` when the screen reads no field.
        var value: (any StepValue)?
        /// The fields it read (few: an array, which the common one-screen route does not hash).
        var read: [String]
        /// The screen's type, for a screen decoded with its fields.
        var type: String?
        /// Why it read none, as a phrase after its type: it does not decode, say.
        var failure: String?
    }

    /// The value of a screen that starts as `prototype`, with the `captures` it reads by field
    /// name (in pattern order).
    ///
    /// The target's screen, when it takes text (a schema-driven one, or a `String` payload),
    /// reads them all: the text of its one capture, or, for several, the JSON object of their
    /// values by field with sorted keys (`{"id":42,"server":"mastodon.social"}`); a screen
    /// beneath that takes text reads none. Any other screen is decoded with its own
    /// `Decodable` from its initial value's encoding with the field of each capture it reads
    /// set (see ``DeepLinkMatch/Capture/json``): it reads a field that, written again, is the
    /// capture's.
    static func value(
        of captures: [(field: String, capture: DeepLinkMatch.Capture)],
        prototype: any StepValue, takesText: Bool, isTarget: Bool
    ) -> Filled {
        if takesText {
            guard isTarget else { return Filled(read: []) }
            let read = captures.map(\.field)
            if captures.count == 1 { return Filled(value: captures[0].capture.text, read: read) }
            let object = JSONValue.object(
                Dictionary(
                    captures.map { ($0.field, $0.capture.json) }, uniquingKeysWith: { a, _ in a }))
            return Filled(value: String(decoding: object.jsonData, as: UTF8.self), read: read)
        }
        let fields = Dictionary(
            captures.map { ($0.field, $0.capture.json) }, uniquingKeysWith: { a, _ in a })
        return filled(prototype, fields, scalarField: isTarget ? fields.keys.first : nil)
    }

    /// The fields of a value written as `json`: an object's own; a value written as one scalar
    /// (plain data such as an `Int`) shows it under `scalarField`, the target's one capture.
    private static func fields(of json: JSONValue, scalarField: String?) -> [String: JSONValue]? {
        if case .object(let fields) = json { return fields }
        return scalarField.map { [$0: json] }
    }

    /// The captures of `fillings` that a screen's value holds, as
    /// ``value(of:prototype:takesText:isTarget:)`` gave them, each as the segments it fills in a
    /// target (a rest's split at `/`), by capture name; a capture it does not hold is left out.
    static func captures(
        _ fillings: [DeepLinkFilling], from value: any StepValue, restNames: Set<String>,
        isTarget: Bool
    ) -> [String: [String]] {
        func segments(_ name: String, _ text: String) -> [String] {
            // By bytes, as the router splits a rest (a segment may start with a combining mark).
            restNames.contains(name)
                ? StepPath.split(text).filter { !$0.isEmpty }.map(String.init) : [text]
        }
        guard !fillings.isEmpty else { return [:] }
        if value is DynamicSteps || value is String {
            guard isTarget, let text = (value as? DynamicSteps)?.payload ?? (value as? String)
            else { return [:] }
            if fillings.count == 1 {
                return [fillings[0].capture: segments(fillings[0].capture, text)]
            }
            guard case .object(let fields)? = try? JSONValue.parse(Data(text.utf8)) else {
                return [:]
            }
            return read(fillings, fields, segments)
        }
        let scalarField = isTarget && fillings.count == 1 ? fillings[0].field : nil
        guard let written = json(of: value),
            let fields = fields(of: written, scalarField: scalarField)
        else { return [:] }
        return read(fillings, fields, segments)
    }

    private static func read(
        _ fillings: [DeepLinkFilling], _ fields: [String: JSONValue],
        _ segments: (String, String) -> [String]
    ) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for filling in fillings {
            switch fields[filling.field] {
            // An integer's digits, as a capture writes them.
            case .number(let digits)? where Int64(digits) != nil || UInt64(digits) != nil:
                found[filling.capture] = [digits]
            case .string(let text)?: found[filling.capture] = segments(filling.capture, text)
            // A repeated item's values, each as one.
            case .array(let items)?:
                let values = items.compactMap { item -> String? in
                    switch item {
                    case .number(let digits) where Int64(digits) != nil: digits
                    case .string(let text): text
                    default: nil
                    }
                }
                if values.count == items.count { found[filling.capture] = values }
            default: break
            }
        }
        return found
    }

    /// `prototype` decoded again with the `fields` it reads set in its encoding.
    ///
    /// All of them when it keeps them all (one decoding), else each it keeps when set alone. A
    /// prototype written as one scalar takes the one field `scalarField` names, when it names
    /// one.
    private static func filled<Value: StepValue>(
        _ prototype: Value, _ fields: [String: JSONValue], scalarField: String?
    ) -> Filled {
        let type = String(describing: Value.self)
        guard let encoded = Self.json(of: prototype),
            let object = Self.fields(
                of: encoded, scalarField: fields.count == 1 ? scalarField : nil)
        else {
            return Filled(read: [], type: type, failure: "is not written as a JSON object")
        }
        // The field a scalar prototype is written as; `nil` for an object.
        let scalarField: String? = if case .object = encoded { nil } else { object.keys.first }
        func attempt(_ set: [String: JSONValue]) -> (Value?, [String], String?) {
            var merged = object
            merged.merge(set) { _, capture in capture }
            let value: Value
            do {
                let json = scalarField.flatMap { merged[$0] } ?? JSONValue.object(merged)
                value = try JSONDecoder().decode(Value.self, from: json.jsonData)
            } catch let error as DecodingError {
                return (nil, [], "does not decode: \(DeepLinkError.describe(error))")
            } catch {
                return (nil, [], "does not decode: \(error)")
            }
            guard let json = Self.json(of: value),
                let written = Self.fields(of: json, scalarField: scalarField)
            else {
                return (nil, [], "is not written as a JSON object")
            }
            return (value, set.keys.filter { written[$0] == set[$0] }, nil)
        }
        let (all, read, failure) = attempt(fields)
        if read.count == fields.count { return Filled(value: all, read: read, type: type) }
        // Some field is not kept: find those the type reads, one by one.
        let kept = fields.filter { attempt([$0.key: $0.value]).1.contains($0.key) }
        guard !kept.isEmpty else { return Filled(read: [], type: type, failure: failure) }
        let (value, keptRead, _) = attempt(kept)
        return Filled(value: value, read: keptRead, type: type)
    }

    /// The JSON `value` is written as.
    static func json(of value: some Encodable) -> JSONValue? {
        try? JSONValueEncoder.encode(value)
    }
}

extension DeepLinkError {
    /// Where in the JSON a decoding error is, and what it is: `.routes[1]: 'target' is missing`.
    static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .keyNotFound(let key, let context): (context, "'\(key.stringValue)' is missing")
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "expected \(type)")
            case .dataCorrupted(let context):
                // With no place, the text itself is not JSON.
                (context, context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription)
            @unknown default:
                (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let place = context.codingPath.map {
            $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)"
        }
        return place.isEmpty ? what : "\(place.joined()): \(what)"
    }
}
