import Foundation
import StepTree

/// A text with `{{name}}` slots, split once into its literal parts and its slots and filled in
/// one pass: a value is written as it is and never read again, so a value that holds
/// `{{name}}` stays text instead of taking in another slot's value.
struct PageTemplate: Sendable {
    /// A piece of the template: literal text or a slot.
    enum Part: Sendable, Equatable {
        case text(String)
        case slot(String)
    }

    /// The pieces, in order.
    let parts: [Part]

    /// Splits `text` at each `{{name}}` whose name is in `slots`; any other braces are text.
    /// - Complexity: O(*n*) for a template of *n* characters.
    init(_ text: String, slots: Set<String>) {
        var parts: [Part] = []
        var literal = ""
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            literal += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            if let close = afterOpen.range(of: "}}"),
                slots.contains(String(afterOpen[..<close.lowerBound]))
            {
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.slot(String(afterOpen[..<close.lowerBound])))
                rest = afterOpen[close.upperBound...]
            } else {
                literal += "{{"
                rest = afterOpen
            }
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// The template with each slot replaced by its value in `values` (empty when missing).
    /// - Complexity: O(*n* + *v*) for a template of *n* characters and values of *v*.
    func filled(_ values: [String: String]) -> String {
        var result = ""
        result.reserveCapacity(
            parts.reduce(0) {
                switch $1 {
                case .text(let text): $0 + text.utf8.count
                case .slot(let name): $0 + (values[name]?.utf8.count ?? 0)
                }
            })
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .slot(let name): result += values[name] ?? ""
            }
        }
        return result
    }
}
