import StepTree
import StepTreeTools
import Testing

// The diagram of a hand-written README tree: here, beside the README's other blocks, because
// its tree is the README's.
@Suite struct ReadmeDiagramTests {}

extension ReadmeTree.ThemeSteps: CustomDebugStringConvertible {}

extension ReadmeDiagramTests {
    @Test func aHandWrittenTreeGetsTheDiagramByDeclaringTheConformance() {
        var theme = ReadmeTree.ThemeSteps()
        theme.select(\.dark)
        #expect(
            String(reflecting: theme) == """
                /         ThemeSteps
                ├─ light  inline · content
                └─● dark  inline · content  ◀ visible
                """)
    }
}
