import StepTree

// Removing an element below the top of a long stack, as closing a screen under others does.

enum StackBench {
    /// Each operation removes the bottom element of a 200,000-element stack by id, then pushes
    /// one on top, so that the stack keeps its length.
    static func removeBottom() throws -> Runner {
        let length = 200_000
        var stack = StepStack<EmptyStep>()
        for _ in 0..<length { try stack.push(EmptyStep()) }
        // Minted ids count up from "1": the bottom one is the oldest still held.
        var bottom = 1
        return { count in
            try timeLoop(count) { _ in
                guard stack.remove(id: String(bottom)) != nil else {
                    throw WrongResult(description: "element \(bottom) was not at the bottom")
                }
                bottom += 1
                try stack.push(EmptyStep())
                try expect(stack.count == length, "the stack has \(stack.count) elements")
            }
        }
    }
}
