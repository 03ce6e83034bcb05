import StepTree

// A hand-written tree four levels deep, with payloads, for the typed deep-link overloads:
//
//   /                       start (inline) | level1 (push)
//   /level1                 idle (inline)  | level2 (push)
//   /level1/level2          idle (inline)  | level3 (present, cover)
//   /level1/level2/level3   idle (inline)  | note (push, payload Note)

/// A payload: a leaf step that carries data.
package struct Note: StepValue {
    package var text: String
    package init(_ text: String = "") { self.text = text }
}

package struct DeepRoot: StepsCollection {
    package enum Key: String, StepKey { case start, level1 }
    package var selected = StepSelection<Key>(.start)
    package var start = Step()
    package var level1 = Step(Level1())
    package static let steps = StepTable<Self>(.inline(.start, \.start), .push(.level1, \.level1))
    package init() {}
}

package struct Level1: StepsCollection {
    package enum Key: String, StepKey { case idle, level2 }
    package var selected = StepSelection<Key>(.idle)
    package var idle = Step()
    package var level2 = Step(Level2())
    package var tag = ""
    package static let steps = StepTable<Self>(.inline(.idle, \.idle), .push(.level2, \.level2))
    package init() {}
    package init(tag: String) { self.tag = tag }
}

package struct Level2: StepsCollection {
    package enum Key: String, StepKey { case idle, level3 }
    package var selected = StepSelection<Key>(.idle)
    package var idle = Step()
    package var level3 = Step(Level3())
    package var tag = ""
    package static let steps = StepTable<Self>(
        .inline(.idle, \.idle), .present(.level3, \.level3, style: .cover))
    package init() {}
    package init(tag: String) { self.tag = tag }
}

package struct Level3: StepsCollection {
    package enum Key: String, StepKey { case idle, note }
    package var selected = StepSelection<Key>(.idle)
    package var idle = Step()
    package var note = Step(Note())
    package var tag = ""
    package static let steps = StepTable<Self>(.inline(.idle, \.idle), .push(.note, \.note))
    package init() {}
    package init(tag: String) { self.tag = tag }
}
