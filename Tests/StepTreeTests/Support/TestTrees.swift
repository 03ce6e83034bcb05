import StepTree

// A hand-written tree four levels deep, with payloads, for the typed deep-link overloads:
//
//   /                       start (inline) | level1 (push)
//   /level1                 idle (inline)  | level2 (push)
//   /level1/level2          idle (inline)  | level3 (present, cover)
//   /level1/level2/level3   idle (inline)  | note (push, payload Note)

/// A payload: a leaf step that carries data.
struct Note: StepValue {
    var text: String
    init(_ text: String = "") { self.text = text }
}

struct DeepRoot: StepsCollection {
    enum Key: String, StepKey { case start, level1 }
    var selected = StepSelection<Key>(.start)
    var start = Step()
    var level1 = Step(Level1())
    static let steps = StepTable<Self>(.inline(.start, \.start), .push(.level1, \.level1))
    init() {}
}

struct Level1: StepsCollection {
    enum Key: String, StepKey { case idle, level2 }
    var selected = StepSelection<Key>(.idle)
    var idle = Step()
    var level2 = Step(Level2())
    var tag = ""
    static let steps = StepTable<Self>(.inline(.idle, \.idle), .push(.level2, \.level2))
    init() {}
    init(tag: String) { self.tag = tag }
}

struct Level2: StepsCollection {
    enum Key: String, StepKey { case idle, level3 }
    var selected = StepSelection<Key>(.idle)
    var idle = Step()
    var level3 = Step(Level3())
    var tag = ""
    static let steps = StepTable<Self>(
        .inline(.idle, \.idle), .present(.level3, \.level3, style: .cover))
    init() {}
    init(tag: String) { self.tag = tag }
}

struct Level3: StepsCollection {
    enum Key: String, StepKey { case idle, note }
    var selected = StepSelection<Key>(.idle)
    var idle = Step()
    var note = Step(Note())
    var tag = ""
    static let steps = StepTable<Self>(.inline(.idle, \.idle), .push(.note, \.note))
    init() {}
    init(tag: String) { self.tag = tag }
}
