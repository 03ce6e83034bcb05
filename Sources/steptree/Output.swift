import StepTree
import StepTreeTools

// Everything the tool prints that comes from a file or an argument (keys, ids, styles, causes,
// events, error messages quoting the input) goes through `shown`, so that no byte of it reaches
// the terminal as a control: ESC, BEL, CR, LF and the rest are printed as `\u{1B}`.

/// `text` as the tool prints it: one line, with every character a terminal would act on
/// instead of showing written as its escape (``StepDiagram/printable(_:)``: `\u{1B}`).
func shown(_ text: some CustomStringConvertible) -> String {
    StepDiagram.printable(text.description)
}

/// Prints `text`, a block whose line breaks are its own layout (a diagram, a screen, a map),
/// each line shown (``shown(_:)``).
func printLines(_ text: some CustomStringConvertible) {
    print(StepDiagram.printableLines(text.description))
}
