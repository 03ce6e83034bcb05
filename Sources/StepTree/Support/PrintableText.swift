/// Text as the diagrams, the navigation map, the command-line tool and the schema's messages
/// show it, with the characters a terminal or a reader would act on written as escapes.
package enum PrintableText {
    /// `text` with every character that a terminal or a reader would act on rather than show
    /// written as its Swift escape (`\u{1B}` for ESC): the control characters (C0, DEL and C1,
    /// so also tab, line feed and carriage return), the line and paragraph separators U+2028
    /// and U+2029, and the bidirectional formatting characters (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), which reorder what is shown around them.
    ///
    /// Every other character, a backslash included, is kept, so that keys, ids and styles read
    /// as written.
    /// - Complexity: O(*n*) for a text of *n* characters.
    package static func printable(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether ``printable(_:)`` writes `scalar` as an escape.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
