import StepTree

extension StepDiagram {
    /// `text` as the diagrams, the navigation map and the command-line tool show it: every
    /// character that a terminal or a reader would act on rather than show is written as its
    /// Swift escape (`\u{1B}` for ESC): the control characters (C0, DEL and C1, so also tab,
    /// line feed and carriage return), the line and paragraph separators U+2028 and U+2029,
    /// and the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), which reorder what is shown around them.
    ///
    /// Every other character, a backslash included, is kept, so that keys, ids and styles read
    /// as written.
    /// - Complexity: O(*n*) for a text of *n* characters.
    public static func printable(_ text: some StringProtocol) -> String {
        PrintableText.printable(text)
    }

    /// `text`, a block whose line breaks (`\n`) are its own layout, with each line
    /// ``printable(_:)``.
    /// - Complexity: O(*n*) for a text of *n* characters.
    public static func printableLines(_ text: some StringProtocol) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { printable($0) }.joined(separator: "\n")
    }
}
