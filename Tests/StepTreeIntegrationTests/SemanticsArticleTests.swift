// swift-format-ignore-file
// The blocks below are Semantics.md's text, verbatim, with its aligned end-of-line comments (the
// article's readers compare them with the event blocks beside them), which the formatter would
// move; the rest of this file is kept in the formatter's style by hand.
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

// Every Swift block of Semantics.md, compiled and run with the events, screens and states its
// comments and the text blocks after it state. `semanticsBlocksAppearHere` fails when the
// article and this file drift apart: edit both together.

/// Semantics block 1, in a namespace so that its types do not clash with the examples'.
enum SemanticsTree {
    struct ThemeSteps: StepsCollection {
        enum Key: String, StepKey { case light, dark }
        var selected = StepSelection<Key>()  // no theme chosen
        var light = Step()
        var dark = Step()
        static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
    }

    struct ProfileSteps: StepsCollection {
        enum Key: String, StepKey { case main, detail, settings, friends }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(ThemeSteps())
        var settings = Step()
        var friends = Step(StepStack<ProfileSteps>())
        static let steps = StepTable<Self>(
            .inline(.main, \.main),
            .push(.detail, \.detail),
            .present(.settings, \.settings, style: .sheet),
            .stack(.friends, \.friends)
        )
    }

    struct AppSteps: StepsCollection {
        enum Key: String, StepKey { case home, explore, profile, login }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var explore = Step(ExploreData())
        var profile = Step(ProfileSteps())
        var login = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile),
            .present(.login, \.login, style: .cover))
    }

    struct ExploreData: StepValue {
        var query = ""
    }
}

extension SemanticsTree {
    @Suite("Semantics article examples")
    struct Examples {
        @Test func block2() throws {
            var steps = AppSteps()
            let before = steps
            steps.select(\.login)
            // steps.selected == StepSelection(.home, modal: .login)
            #expect(steps.selected == StepSelection(.home, modal: .login))
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["present /login cover"])
        }

        @Test func block3() throws {
            var steps = AppSteps()
            let before = steps
            try steps.select(path: "profile/detail")
            try steps.select(path: "profile/settings")
            // steps.profile.selected == StepSelection(.main, push: .detail, modal: .settings)
            #expect(steps.profile.selected == StepSelection(.main, push: .detail, modal: .settings))
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["select / home -> profile", "push /profile/detail", "present /profile/settings sheet"])
        }

        @Test func block4() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")  // select / home -> profile, push /profile/detail
            steps.select(\.home)                           // select / profile -> home
            let before = steps
            steps.select(\.profile)
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["select / home -> profile"])
        }

        @Test func block5() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")  // select / home -> profile, push /profile/detail
            let before = steps
            try steps.deselect(path: "profile/detail")
            // steps.profile.selected == StepSelection(.main), steps.visibleScreen is /profile/main
            #expect(steps.profile.selected == StepSelection(.main))
            #expect(steps.visibleScreen == StepPath(["profile", "main"]))
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/detail"])
        }

        @Test func block6() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")  // select / home -> profile, push /profile/detail
            let before = steps
            try steps.deselect(path: "profile/detail")
            // steps.profile.selected == StepSelection(.main), steps.visibleScreen is /profile/main
            let afterDeselect = steps
            try steps.select(path: "profile/detail")
            // steps.profile.detail.selected == StepSelection()  (dark was forgotten)
            #expect(steps.profile.detail.selected == StepSelection())
            #expect(
                NavigationDiff.events(from: before, to: afterDeselect).map(\.description) == [
                    "pop /profile/detail"
                ])
            #expect(NavigationDiff.events(from: afterDeselect, to: steps).map(\.description) == ["push /profile/detail"])
        }

        @Test func block7() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail")
            try steps.setStack(path: "profile/friends", ids: ["ann"])  // pop /profile/detail, push /profile/friends/ann
            let before = steps
            try steps.select(path: "profile/detail")
            // steps.profile.friends.ids == []
            #expect(steps.profile.friends.ids == [])
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/friends/ann", "push /profile/detail"])
        }

        @Test func block8() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/settings")  // select / home -> profile, present /profile/settings sheet
            steps.select(\.home)                        // dismiss /profile/settings sheet, select / profile -> home
            let before = steps
            steps.select(\.profile)
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["select / home -> profile", "present /profile/settings sheet"])
        }

        @Test func block9() throws {
            var steps = AppSteps()
            let before = steps
            steps.select(\.explore, with: ExploreData(query: "swift"))  // select / home -> explore, replace /explore
            steps.select(\.explore, with: ExploreData(query: "swift"))  // replace /explore
            steps.explore.query = "swiftui"                             // no event
            #expect(steps.explore.query == "swiftui")
            #expect(
                NavigationDiff.events(from: before, to: steps).map(\.description) == [
                    "select / home -> explore", "replace /explore",
                ])
        }

        @Test func block10() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")  // select / home -> profile, push /profile/detail
            let before = steps
            try steps.renew(path: "profile/detail")
            // steps.profile.detail.selected.content == .dark
            #expect(steps.profile.detail.selected.content == .dark)
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/detail", "push /profile/detail"])
        }

        @Test func block11() throws {
            var a = AppSteps()
            try a.renew(path: "profile/detail")
            try a.select(path: "profile/detail/dark")

            var b = AppSteps()
            try b.select(path: "profile/detail/dark")
            try b.renew(path: "profile/detail")
            // a == b, and NavigationDiff.events(from: a, to: b) is empty
            #expect(a == b)
            #expect(NavigationDiff.events(from: a, to: b) == [])
        }

        @Test func block12() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")
            try steps.select(path: "profile/settings")
            #expect(HeadlessScreen(steps).description == """
                visible /profile/settings
                window [/profile/settings sheet]
                root / []
                tab /explore []
                tab /home []
                tab /profile [/profile/detail]
                modal /profile/settings []
                """)
        }

        @Test func block13() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")
            try steps.select(path: "profile/settings")
            steps.select(\.login)
            let before = steps
            steps.select(\.explore, with: ExploreData(query: "swift"))
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["dismiss /login cover", "dismiss /profile/settings sheet", "select / profile -> explore", "replace /explore", "present /login cover"])
        }

        @Test func block14() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/settings")
            steps.select(\.login)
            let before = steps
            try steps.deselect(path: "profile/settings")
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["dismiss /login cover", "dismiss /profile/settings sheet", "present /login cover"])
        }

        @Test func block15() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail")  // select / home -> profile, push /profile/detail
            steps.select(\.home)                      // select / profile -> home
            let before = steps
            try steps.deselect(path: "profile/detail")
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/detail"])
        }

        @Test func block16() throws {
            var steps = AppSteps()
            try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
            try steps.select(path: "profile/friends/bob/settings")
            let before = steps
            try steps.select(path: "profile/friends/ann/detail")
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["dismiss /profile/friends/bob/settings sheet", "pop /profile/friends/bob", "push /profile/friends/ann/detail", "push /profile/friends/bob", "present /profile/friends/bob/settings sheet"])
        }

        @Test func block17() throws {
            var steps = AppSteps()
            try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "cid"])
            let before = steps
            try steps.setStack(path: "profile/friends", ids: ["ann", "cid"])
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/friends/cid", "pop /profile/friends/bob", "push /profile/friends/cid"])
        }

        @Test func block18() throws {
            var steps = AppSteps()
            try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "cid"])
            let before = steps
            try steps.show(path: "profile/friends/bob")  // pop /profile/friends/cid
            #expect(NavigationDiff.events(from: before, to: steps).map(\.description) == ["pop /profile/friends/cid"])
        }

        @Test func block19() throws {
            let navigator = Navigator(AppSteps())
            navigator.transaction { $0.select(\.explore, with: ExploreData(query: "swift")) }
            var saved = AppSteps()
            saved.select(\.explore, with: ExploreData(query: "swiftui"))
            navigator.restore(saved)
            // The events went from the state before the restoration straight to the saved one.
            var earlier = AppSteps()
            earlier.select(\.explore, with: ExploreData(query: "swift"))
            #expect(
                NavigationDiff.events(from: earlier, to: navigator.root).map(\.description) == [
                    "replace /explore"
                ])
            #expect(navigator.root == saved)
        }

        @Test func semanticsBlocksAppearHere() throws {
            let source = try DocumentationBlocks.sources { $0 == "SemanticsArticleTests.swift" }
            let blocks = try DocumentationBlocks.blocks(
                of: "Sources/StepTree/StepTree.docc/Semantics.md")
            #expect(blocks.count == 19)
            for block in blocks {
                #expect(source.contains(DocumentationBlocks.normalized(block)), "Semantics.md block drifted:\n\(block)")
            }
        }
    }
}
