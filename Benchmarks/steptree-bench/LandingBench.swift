import Foundation
import StepTree
import StepTreeDeepLinks

// The operations an app runs on every navigation that the select benchmarks do not cover: `==`
// of two states, `push(_:)` of a destination, and a link that pushes a screen, landed through a
// navigator (routing, the edit, the comparison and the diff).

enum BenchDestination: StepDestination {
    case status(BenchStatus)
    case account(BenchStatus)
    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account),
    ]
}

struct BenchStatus: StepsCollection {
    typealias Key = NoStepKey
    var id = 0
}

struct BenchTab: StepsCollection {
    enum Key: String, StepKey { case root, path }
    var selected = StepSelection<Key>(.root)
    var root = Step()
    var path = Step(StepStack<BenchDestination>())
    static let steps = StepTable<Self>(.inline(.root, \.root), .stack(.path, \.path))
    init() {}
}

struct BenchTabs: StepsCollection {
    enum Key: String, StepKey { case home, search }
    var selected = StepSelection<Key>(.home)
    var home = Step(BenchTab())
    var search = Step(BenchTab())
    static let steps = StepTable<Self>(.tab(.home, \.home), .tab(.search, \.search))
    init() {}
}

enum LandingBench {
    /// `==` of two equal classic trees built apart, so that no storage is shared and every
    /// node is compared.
    static func equal() throws -> Runner {
        var left = ClassicApp()
        var right = ClassicApp()
        try left.select(path: "profile/detail/dark")
        try right.select(path: "profile/detail/dark")
        try expect(left == right, "the two trees differ")
        return { count in
            timeLoop(count) { _ in blackHole(left == right) }
        }
    }

    /// `push(_:)` of a destination onto the selected tab's stack, and the pop back, on a value.
    static func push() throws -> Runner {
        var root = BenchTabs()
        let status = BenchDestination.status(BenchStatus(id: 42))
        let pushed = try root.push(status)
        try expect(pushed == "home/path/1", "pushed at \(pushed)")
        root.popToRoot()
        return { count in
            try timeLoop(count) { _ in
                try root.push(status)
                root.popToRoot()
            }
        }
    }

    /// A link that pushes a status onto the selected tab's stack (`./path/status`, its id
    /// from the link), opened through a navigator, and the pop back.
    static func pushingLink() throws -> Runner {
        var router = DeepLinkRouter<BenchTabs>(origins: [.scheme("bench")])
        try router.register("status/<int:id>", showing: "./path/status")
        let navigator = Navigator(BenchTabs())
        let link = try require(URL(string: "bench://status/42"), "a link")
        try navigator.open(link, with: router)
        try expect(
            navigator.root.home.path.ids.count == 1,
            "the link pushed \(navigator.root.home.path.ids)")
        navigator.popToRoot()
        return { count in
            try timeLoop(count) { _ in
                try navigator.open(link, with: router)
                navigator.popToRoot()
            }
        }
    }
}
