import Foundation
import StepTree
import StepTreeJSON

extension DeepLinkMatch.Capture {
    /// The capture in a payload object: an integer as a number, a UUID as its upper-case text,
    /// a rest as its segments joined by `/`, text as it is.
    var json: JSONValue {
        switch self {
        case .int(let value): .number(String(value))
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
        }
    }
}

/// The value a route gives the screen it pushes, made from the link's captures.
enum DeepLinkPayload {
    /// The value of a screen that starts as `prototype`, with `captures` (in pattern order).
    ///
    /// A screen that takes text (a schema-driven one, or a `String` payload) gets the text of
    /// its one capture, or, for several, the JSON object of their values by name with sorted
    /// keys (`{"id":42,"server":"mastodon.social"}`). Any other screen is decoded with its own
    /// `Decodable` from its initial value's encoding with every capture's field set (see
    /// ``DeepLinkMatch/Capture/json``), and must keep them all: each field, written again, is
    /// the capture's. A screen written as one scalar (plain data such as an `Int`) is decoded
    /// from its one capture.
    /// - Throws: ``DeepLinkError/Reason/invalidPayload(_:)`` naming the type and the field or
    ///   the decoding problem; link and pattern are left to the caller.
    static func value(
        of captures: [(name: String, capture: DeepLinkMatch.Capture)],
        prototype: any StepValue, takesText: Bool
    ) throws(DeepLinkError) -> any StepValue {
        if takesText {
            if captures.count == 1 { return captures[0].capture.text }
            let object = JSONValue.object(
                Dictionary(
                    captures.map { ($0.name, $0.capture.json) }, uniquingKeysWith: { a, _ in a }))
            return String(decoding: object.jsonData, as: UTF8.self)
        }
        return try filled(
            prototype,
            Dictionary(captures.map { ($0.name, $0.capture.json) }, uniquingKeysWith: { a, _ in a })
        )
    }

    /// The captures `names` that a screen's value holds, as ``value(of:prototype:takesText:)``
    /// gave them, each as the segments it fills in a target (a rest's split at `/`).
    /// - Returns: `nil` when a capture is missing or not text or an integer.
    static func captures(
        _ names: [String], from value: any StepValue, restNames: Set<String>
    ) -> [String: [String]]? {
        func segments(_ name: String, _ text: String) -> [String] {
            // By bytes, as the router splits a rest (a segment may start with a combining mark).
            restNames.contains(name)
                ? StepPath.split(text).filter { !$0.isEmpty }.map(String.init) : [text]
        }
        guard !names.isEmpty else { return [:] }
        let text = (value as? DynamicSteps)?.payload ?? (value as? String)
        if value is DynamicSteps || value is String {
            guard let text else { return nil }
            if names.count == 1 { return [names[0]: segments(names[0], text)] }
            guard case .object(let fields)? = try? JSONValue.parse(Data(text.utf8)) else {
                return nil
            }
            return read(names, fields, segments)
        }
        guard let written = json(of: value), let fields = fields(of: written, names: names)
        else { return nil }
        return read(names, fields, segments)
    }

    private static func read(
        _ names: [String], _ fields: [String: JSONValue],
        _ segments: (String, String) -> [String]
    ) -> [String: [String]]? {
        var found: [String: [String]] = [:]
        for name in names {
            switch fields[name] {
            // An integer's digits, as a capture writes them.
            case .number(let digits)? where Int64(digits) != nil || UInt64(digits) != nil:
                found[name] = [digits]
            case .string(let text)?: found[name] = segments(name, text)
            default: return nil
            }
        }
        return found
    }

    /// `prototype` decoded again with `fields` set in its encoding: the one text its
    /// `Decodable` reads, the encodings read as values (``JSONValueEncoder``).
    private static func filled<Value: StepValue>(
        _ prototype: Value, _ fields: [String: JSONValue]
    )
        throws(DeepLinkError) -> Value
    {
        let type = String(describing: Value.self)
        func fail(_ problem: String) -> DeepLinkError {
            DeepLinkError(reason: .invalidPayload("\(type) \(problem)"))
        }
        let encoded: JSONValue
        switch Self.json(of: prototype) {
        case .object(var object)?:
            object.merge(fields) { _, capture in capture }
            encoded = .object(object)
        case _? where fields.count == 1:
            // Plain data written as one scalar (an `Int`, an enum's raw value): the one
            // capture is the value.
            encoded = fields.first?.value ?? .null
        default:
            throw fail("is not written as a JSON object")
        }
        let value: Value
        do {
            value = try JSONDecoder().decode(Value.self, from: encoded.jsonData)
        } catch let error as DecodingError {
            throw fail("does not decode: \(DeepLinkError.describe(error))")
        } catch {
            throw fail("does not decode: \(error)")
        }
        guard let written = Self.json(of: value),
            Self.fields(of: written, names: fields.keys) != nil
        else {
            throw fail("is not written as a JSON object")
        }
        for (name, capture) in fields.sorted(by: { $0.key < $1.key })
        where Self.fields(of: written, names: fields.keys)?[name] != capture {
            throw fail("has no field '\(name)' that keeps the capture")
        }
        return value
    }

    /// The fields a value written as `json` gives captures `names`: an object's own, or, for a
    /// scalar and one name, the scalar under that name; `nil` for a scalar and other names.
    private static func fields(
        of json: JSONValue, names: some Collection<String>
    ) -> [String: JSONValue]? {
        if case .object(let fields) = json { return fields }
        guard names.count == 1, let name = names.first else { return nil }
        return [name: json]
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
