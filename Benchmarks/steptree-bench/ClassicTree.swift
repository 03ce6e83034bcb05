import StepTree

// The peer benchmark's classic tree (Benchmarks/peer-bench/Sources/STSide/Trees.swift), with
// the same shape, so that its Codable round trip can be measured here: a tab bar of a leaf, a
// payload and a node; that node an inline leaf and a pushed node of two inline leaves.

struct ClassicExplore: StepValue {
    var query = ""
}

struct ClassicApp: StepsCollection {
    enum Key: String, StepKey { case home, explore, profile }
    var selected = StepSelection<Key>(.home)
    var home = Step()
    var explore = Step(ClassicExplore())
    var profile = Step(ClassicProfile())
    static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile))
    init() {}
}

struct ClassicProfile: StepsCollection {
    enum Key: String, StepKey { case main, detail }
    var selected = StepSelection<Key>(.main)
    var main = Step()
    var detail = Step(ClassicTheme())
    static let steps = StepTable<Self>(.inline(.main, \.main), .push(.detail, \.detail))
    init() {}
}

struct ClassicTheme: StepsCollection {
    enum Key: String, StepKey { case light, dark }
    var selected = StepSelection<Key>()
    var light = Step()
    var dark = Step()
    static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
    init() {}
}
