import Foundation
import StepTree
import TestSupport
import Testing

@Suite struct DestinationStackTests {
    static func status(_ id: Int) -> Destination { .status(StatusScreen(id: id)) }

    @Test func pushMintsIDsThatAreNeverReused() throws {
        var stack = StepStack<Destination>()
        #expect(try stack.push(Self.status(42)) == "1")
        #expect(try stack.push(Self.status(42)) == "2")
        #expect(stack.pop() == "2")
        #expect(try stack.push(.about) == "3")
        #expect(stack.ids == ["1", "3"])
        #expect(stack.elements == [Self.status(42), .about])
    }

    @Test func explicitIDsMoveTheCounterPastThem() throws {
        var stack = StepStack<Destination>()
        try stack.push(.about, id: "7")
        try stack.push(.about, id: "carl")
        // "7" took number 1 and moved the counter to 8; "carl" took 8.
        #expect(try stack.push(.about) == "9")
        #expect(throws: StepPathError.duplicateElementID("carl", in: nil)) {
            try stack.push(.about, id: "carl")
        }
    }

    @Test func removingByIDRemovesThatElementAlone() throws {
        var stack = StepStack<Destination>()
        try stack.push(Self.status(1))
        try stack.push(Self.status(2))
        try stack.push(Self.status(3))
        stack[id: "2"] = nil
        #expect(stack.ids == ["1", "3"])
        #expect(stack.remove(id: "1") == Self.status(1))
        #expect(stack.remove(id: "1") == nil)
        #expect(stack.ids == ["3"])
    }

    @Test func elementsChangedInPlaceKeepTheirIdentity() throws {
        var root = ClientSteps()
        try root.push(Self.status(1))
        let before = root
        root.home.path.value[id: "1"] = Self.status(2)
        #expect(NavigationDiff.events(from: before, to: root).map(\.description) == [])
        #expect(root.home.path.value[id: "1"] == Self.status(2))
    }

    @Test func typedPushLandsOnTheVisibleTabsStack() throws {
        var root = ClientSteps()
        let old = root
        let frame = try root.push(Self.status(42))
        #expect(frame == StepPath(["home", "path", "1"]))
        #expect(root.visibleScreen.description == "/home/path/1/status/thread")
        #expect(
            NavigationDiff.events(from: old, to: root).map(\.description) == ["push /home/path/1"])
        root.select(\.search)
        try root.push(Destination.about)
        #expect(root.visibleScreen.description == "/search/path/1/about")
        #expect(root.home.path.value.ids == ["1"])
    }

    @Test func pathPushNamesTheDestination() throws {
        var root = ClientSteps()
        var account = AccountScreen()
        account.name = "ada"
        let frame = try root.push(path: "home/path/account", with: account)
        #expect(frame.description == "/home/path/1")
        #expect(root.home.path.value[id: "1"] == .account(account))
        #expect(root.visibleScreen.description == "/home/path/1/account/posts")
        let old = root
        try root.select(path: "home/path/1/account/followers")
        #expect(
            NavigationDiff.events(from: old, to: root).map(\.description) == [
                "push /home/path/1/account/followers"
            ])
    }

    @Test func aDestinationsOwnSheetIsPresentedFromItsElement() throws {
        var root = ClientSteps()
        try root.push(Self.status(1))
        try root.push(Self.status(2))
        let old = root
        try root.select(path: "home/path/2/status/reply")
        #expect(
            NavigationDiff.events(from: old, to: root).map(\.description) == [
                "present /home/path/2/status/reply sheet"
            ])
        let presented = root
        _ = root.home.path.value.pop()
        #expect(
            NavigationDiff.events(from: presented, to: root).map(\.description) == [
                "dismiss /home/path/2/status/reply sheet", "pop /home/path/2",
            ])
    }

    /// A destination an element does not show is a closed screen: closing or deselecting a
    /// step inside it changes nothing, and no observer hears of it.
    @Test func anEditThroughADestinationNotShownChangesNothing() throws {
        var root = ClientSteps()
        var account = AccountScreen()
        account.name = "ann"
        try root.push(Destination.account(account))
        try root.push(Destination.account(account))
        let old = root
        try root.close(path: "home/path/2/status/reply")
        try root.deselect(path: "home/path/1/status/reply")
        #expect(root == old)
        #expect(NavigationDiff.events(from: old, to: root).map(\.description) == [])
        #expect(root.isSelected(path: "home/path/2/account"))
    }

    @Test func theSameDestinationTwiceIsTwoScreens() throws {
        var root = ClientSteps()
        let old = root
        try root.push(Self.status(1))
        try root.push(Self.status(1))
        #expect(
            NavigationDiff.events(from: old, to: root).map(\.description) == [
                "push /home/path/1", "push /home/path/2",
            ])
    }

    @Test func aPopAndAPushInOneChangeAreANewScreen() throws {
        var root = ClientSteps()
        try root.push(Self.status(1))
        let old = root
        _ = root.home.path.value.pop()
        try root.push(Self.status(1))
        #expect(
            NavigationDiff.events(from: old, to: root).map(\.description) == [
                "pop /home/path/1", "push /home/path/2",
            ])
    }

    @Test func stacksRoundTripWithTheirCounter() throws {
        var root = ClientSteps()
        try root.push(Self.status(1))
        try root.push(path: "home/path/account")
        try root.select(path: "home/path/1/status/reply")
        _ = root.home.path.value.pop()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(root)
        var restored = try JSONDecoder().decode(ClientSteps.self, from: data)
        #expect(restored == root)
        #expect(try encoder.encode(restored) == data)
        #expect(try restored.push(Destination.about).description == "/home/path/3")
        #expect(try root.push(Destination.about).description == "/home/path/3")
        #expect(restored == root)
    }

    @Test func duplicateExplicitIDsNameTheStack() throws {
        var root = ClientSteps()
        try root.push(Destination.about, id: "a")
        let before = root
        let error = StepPathError.duplicateElementID("a", in: StepPath(["home", "path"]))
        #expect(throws: error) { try root.push(Destination.about, id: "a") }
        #expect(throws: error) { try root.push(path: "home/path/about", id: "a") }
        #expect(root == before)
    }
}

/// A leaf screen: a node with no steps needs no dummy child.
struct HashtagScreen: StepsCollection {
    typealias Key = NoStepKey
    var tag = ""
}

enum LeafDestination: StepDestination {
    case hashtag(HashtagScreen)
    static let destinations: [StepDestinationCase<Self>] = [.init(Self.hashtag)]
}

struct LeafHome: StepsCollection {
    enum Key: String, StepKey { case path }
    var selected = StepSelection<Key>()
    var path = Step(StepStack<LeafDestination>())
    static let steps = StepTable<Self>(.stack(.path, \.path))
}

@Suite struct LeafScreenTests {
    @Test func aLeafScreenIsANodeWithNoSteps() throws {
        var root = LeafHome()
        let old = root
        let frame = try root.push(LeafDestination.hashtag(HashtagScreen(tag: "swift")))
        #expect(frame.description == "/path/1")
        #expect(root.visibleScreen.description == "/path/1/hashtag")
        #expect(NavigationDiff.events(from: old, to: root).map(\.description) == ["push /path/1"])
        #expect(throws: StepPathError.unknownStep("reply", in: StepPath(["path", "1", "hashtag"])))
        {
            try root.select(path: "path/1/hashtag/reply")
        }
        let data = try JSONEncoder().encode(root)
        #expect(try JSONDecoder().decode(LeafHome.self, from: data) == root)
    }
}
