import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Runs `script` on `state`, checking each outcome; `label` names the front-end.
private func run<Root: StepNode>(
    _ state: inout Root, _ script: [(PathOperation, Outcome)], _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (index, (operation, expected)) in script.enumerated() {
        let before = state
        let outcome = state.apply(operation, sourceLocation: sourceLocation)
        #expect(
            outcome == expected, "\(label) step \(index): \(operation)",
            sourceLocation: sourceLocation)
        guard case .events = outcome else { continue }
        // The events play on a headless screen and reach the new screen.
        var screen = HeadlessScreen(before)
        do {
            try screen.apply(NavigationDiff.events(from: before, to: state), reaching: state)
            #expect(
                screen == HeadlessScreen(state), "\(label) step \(index): \(operation)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "\(label) step \(index): \(operation): \(error)", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct SemanticsV2Tests {
    static func example() throws -> (AppSteps, DynamicSteps) {
        (AppSteps(), DynamicSteps(schema: try ExampleSchema.load()))
    }

    fileprivate static func shop() throws -> (ShopSteps, DynamicSteps) {
        (ShopSteps(), DynamicSteps(schema: try shopSchema()))
    }

    // MARK: One selection per layer

    static let loginOverTabs: [(PathOperation, Outcome)] = [
        (.select("login"), .events(["present /login cover"])),
        // Switching tabs under the cover: the tab bar changes beneath it, the cover stays.
        (.select("explore"), .events(["select / home -> explore"])),
        (.select("login/signUp"), .events(["push /login/signUp"])),
        (
            .select("profile/detail"),
            .events(["select / explore -> profile", "push /profile/detail"])
        ),
        (.remove("login"), .events(["dismiss /login cover"])),
    ]

    @Test func loginCoverOverATabBar() throws {
        var (typed, dynamic) = try Self.example()
        var typedAfterLogin = typed
        try typedAfterLogin.select(path: "login")
        #expect(typedAfterLogin.selected == StepSelection(.home, modal: .login))
        #expect(typedAfterLogin.visibleScreen == StepPath(["login", "form"]))
        #expect(HeadlessScreen(typedAfterLogin).modals.map(\.description) == ["/login cover"])
        var dynamicAfterLogin = dynamic
        try dynamicAfterLogin.select(path: "login")
        #expect(dynamicAfterLogin.selectedKeys == ["home", "login"])
        #expect(dynamicAfterLogin.visibleScreen == StepPath(["login", "form"]))

        run(&typed, Self.loginOverTabs, "AppSteps")
        run(&dynamic, Self.loginOverTabs, "DynamicSteps")
        #expect(typed.selected == StepSelection(.profile))
        #expect(typed.visibleScreen == StepPath(["profile", "detail"]))
        #expect(dynamic.selectedKeys == ["profile"])
        #expect(dynamic.visibleScreen == StepPath(["profile", "detail"]))
    }

    @Test func tabSwitchUnderTheCoverKeepsTheCoverOnScreen() throws {
        var (typed, dynamic) = try Self.example()
        try typed.select(path: "login")
        try dynamic.select(path: "login")
        for tab in ["explore", "profile", "home"] {
            let before = typed
            try typed.select(path: StepPath(parsing: tab))
            let dynamicBefore = dynamic
            try dynamic.select(path: StepPath(parsing: tab))
            #expect(eventText(from: before, to: typed).count == 1)
            #expect(
                eventText(from: dynamicBefore, to: dynamic) == eventText(from: before, to: typed))
            #expect(typed.visibleScreen == StepPath(["login", "form"]))
            #expect(dynamic.visibleScreen == StepPath(["login", "form"]))
            #expect(typed.presentedModals == [StepPath(["login"])])
            #expect(dynamic.presentedModals == [StepPath(["login"])])
        }
    }

    /// The window chain is ordered: a sheet of the tab left behind lies below the root's
    /// cover, so the cover is dismissed first and presented again above the new tab.
    static let coverOverATabsSheet: [(PathOperation, Outcome)] = [
        (
            .select("profile/settings"),
            .events(["select / home -> profile", "present /profile/settings sheet"])
        ),
        (.select("login"), .events(["present /login cover"])),
        (
            .select("home"),
            .events([
                "dismiss /login cover", "dismiss /profile/settings sheet",
                "select / profile -> home",
                "present /login cover",
            ])
        ),
        (
            .select("profile"),
            .events([
                "dismiss /login cover", "select / home -> profile",
                "present /profile/settings sheet", "present /login cover",
            ])
        ),
    ]

    @Test func coverAboveASheetOfTheTabLeftBehind() throws {
        var (typed, dynamic) = try Self.example()
        run(&typed, Self.coverOverATabsSheet, "AppSteps")
        run(&dynamic, Self.coverOverATabsSheet, "DynamicSteps")
        let modals = [StepPath(["profile", "settings"]), StepPath(["login"])]
        #expect(typed.presentedModals == modals)
        #expect(dynamic.presentedModals == modals)
        #expect(typed.visibleScreen == StepPath(["login", "form"]))
    }

    static let sheetOverPush: [(PathOperation, Outcome)] = [
        (.select("profile/detail"), .events(["select / home -> profile", "push /profile/detail"])),
        // The sheet comes over the pushed detail: nothing is popped.
        (.select("profile/settings"), .events(["present /profile/settings sheet"])),
        (.select("profile/detail/dark"), .events(["select /profile/detail - -> dark"])),
        (.remove("profile/settings"), .events(["dismiss /profile/settings sheet"])),
    ]

    @Test func sheetOverAPushedScreenOfTheSameNode() throws {
        var (typed, dynamic) = try Self.example()
        run(&typed, Array(Self.sheetOverPush.prefix(2)), "AppSteps")
        run(&dynamic, Array(Self.sheetOverPush.prefix(2)), "DynamicSteps")
        #expect(typed.profile.selected == StepSelection(.main, push: .detail, modal: .settings))
        #expect(dynamic.isSelected(path: "profile/main"))
        #expect(dynamic.isSelected(path: "profile/detail"))
        #expect(dynamic.isSelected(path: "profile/settings"))
        let profileTab = ScreenContainer.tab(StepPath(["profile"]))
        for screen in [HeadlessScreen(typed), HeadlessScreen(dynamic)] {
            #expect(screen.stack(of: profileTab) == [StepPath(["profile", "detail"])])
            #expect(screen.modals.map(\.description) == ["/profile/settings sheet"])
            #expect(screen.visibleScreen == StepPath(["profile", "settings"]))
        }
        run(&typed, Array(Self.sheetOverPush.dropFirst(2)), "AppSteps")
        run(&dynamic, Array(Self.sheetOverPush.dropFirst(2)), "DynamicSteps")
        #expect(typed.visibleScreen == StepPath(["profile", "detail", "dark"]))
        #expect(dynamic.visibleScreen == StepPath(["profile", "detail", "dark"]))
    }

    static let variantUnderPush: [(PathOperation, Outcome)] = [
        (.select("profile/detail"), .events(["select / home -> profile", "push /profile/detail"])),
        (.select("profile/main"), .events([])),
        // A swipe back.
        (.remove("profile/detail"), .events(["pop /profile/detail"])),
    ]

    @Test func variantKeptUnderAPush() throws {
        var (typed, dynamic) = try Self.example()
        var typedDetail = typed
        try typedDetail.select(path: "profile/detail")
        #expect(typedDetail.profile.selected.content == .main)
        #expect(typedDetail.profile.selected.push == .detail)
        run(&typed, Self.variantUnderPush, "AppSteps")
        run(&dynamic, Self.variantUnderPush, "DynamicSteps")
        #expect(typed.profile.selected.content == .main)
        #expect(typed.profile.selected == StepSelection(.main))
        #expect(typed.visibleScreen == StepPath(["profile", "main"]))
        #expect(dynamic.isSelected(path: "profile/main"))
        #expect(!dynamic.isSelected(path: "profile/detail"))
        #expect(dynamic.visibleScreen == StepPath(["profile", "main"]))
    }

    // MARK: Closed screens come back from scratch

    static let coverReopened: [(PathOperation, Outcome)] = [
        (.select("login/signUp"), .events(["present /login cover"])),
        (.remove("login"), .events(["dismiss /login cover"])),
        // Reopened: the form, not the sign-up screen it was left on.
        (.select("login"), .events(["present /login cover"])),
        (.select("login/form"), .events([])),
        (.select("login/signUp"), .events(["push /login/signUp"])),
        (.deselect("login"), .events(["dismiss /login cover"])),
        (.select("login"), .events(["present /login cover"])),
    ]

    @Test func dismissedCoverReopensInItsInitialState() throws {
        var (typed, dynamic) = try Self.example()
        run(&typed, Self.coverReopened, "AppSteps")
        run(&dynamic, Self.coverReopened, "DynamicSteps")
        #expect(typed.login.selected == StepSelection(.form))
        #expect(typed.visibleScreen == StepPath(["login", "form"]))
        #expect(dynamic.visibleScreen == StepPath(["login", "form"]))
        #expect(!dynamic.isSelected(path: "login/signUp"))
    }

    static let productReopened: [(PathOperation, Outcome)] = [
        (
            .select("home/product/reviews"),
            .events(["push /home/product", "push /home/product/reviews"])
        ),
        (.remove("home/product"), .events(["pop /home/product/reviews", "pop /home/product"])),
        // The product comes back alone: its reviews went with it.
        (.select("home/product"), .events(["push /home/product"])),
        (.select("home/product/overview"), .events([])),
        (.select("home/product/reviews"), .events(["push /home/product/reviews"])),
        // A deselect through the closed product changes nothing.
        (.deselect("home/product"), .events(["pop /home/product/reviews", "pop /home/product"])),
        (.deselect("home/product/reviews"), .events([])),
        (.select("home/product"), .events(["push /home/product"])),
    ]

    @Test func poppedProductDoesNotBringItsReviewsBack() throws {
        var (typed, dynamic) = try Self.shop()
        run(&typed, Self.productReopened, "ShopSteps")
        run(&dynamic, Self.productReopened, "DynamicSteps")
        #expect(typed.home.product.selected == StepSelection(.overview))
        #expect(!dynamic.isSelected(path: "home/product/reviews"))
        #expect(typed.visibleScreen == StepPath(["home", "product", "overview"]))
        #expect(dynamic.visibleScreen == StepPath(["home", "product", "overview"]))
    }

    // MARK: Identity across independently built states

    @Test func restoreOfAnotherProductIsANewScreen() throws {
        let observer = RecordingObserver()
        let nav = Navigator(ShopSteps())
        try StepsObservation.withObserver(observer) {
            nav.transaction { $0.select(\.home, \.product, with: ProductSteps(productID: 123)) }
            var saved = ShopSteps()
            saved.select(\.home, \.product, with: ProductSteps(productID: 456))
            let before = nav.root
            let events = nav.transaction(.restoration) { $0.restore(saved) }
            #expect(events.map(\.description) == ["pop /home/product", "push /home/product"])
            #expect(nav.root == saved)
            #expect(nav.root.home.product.value.productID == 456)
            #expect(
                observer.lines.last == "did #2 restoration: pop /home/product, push /home/product")
            // The pop names the old screen, the push the new one.
            let product = ScreenContainer.tab(StepPath(["home"]))
            let old = try #require(HeadlessScreen(before).frames(of: product)?.first)
            let new = try #require(HeadlessScreen(saved).frames(of: product)?.first)
            #expect(events.map(\.identity) == [old.identity, new.identity])
            #expect(old.identity != new.identity)
        }
    }

    @Test func restoreOfAnotherProductOnTheSchemaTwin() throws {
        let schema = try shopSchema()
        let nav = Navigator(DynamicSteps(schema: schema))
        try nav.transaction { root throws(StepPathError) in
            try root.select(path: "home/product", with: "123")
        }
        var saved = DynamicSteps(schema: schema)
        try saved.select(path: "home/product", with: "456")
        #expect(
            nav.transaction(.restoration) { $0.restore(saved) }.map(\.description) == [
                "pop /home/product", "push /home/product",
            ])
        #expect(nav.root == saved)
    }

    @Test func restoreOfAnEqualHistoryEmitsNothing() throws {
        let observer = RecordingObserver()
        let nav = Navigator(ShopSteps())
        try StepsObservation.withObserver(observer) {
            nav.transaction { $0.select(\.home, \.product, with: ProductSteps(productID: 123)) }
            try nav.select(path: "home/product/reviews")
            var saved = ShopSteps()
            saved.select(\.home, \.product, with: ProductSteps(productID: 123))
            try saved.select(path: "home/product/reviews")
            #expect(saved == nav.root)
            #expect(nav.transaction(.restoration) { $0.restore(saved) } == [])
            #expect(NavigationDiff.events(from: nav.root, to: saved) == [])

            // Also after an encode/decode round trip.
            let decoded = try JSONDecoder().decode(
                ShopSteps.self, from: try JSONEncoder().encode(saved))
            #expect(decoded == saved)
            #expect(NavigationDiff.events(from: nav.root, to: decoded) == [])
            #expect(nav.transaction(.restoration) { $0.restore(decoded) } == [])
            // Will and did of the two transactions (the bare values' selects report apart).
            #expect(observer.lines.filter { !$0.hasPrefix("select ") }.count == 4)

            // A history renewed once more is another screen, also after a round trip.
            // The hand-written value replaces the whole product, its reviews included.
            var renewedTwice = saved
            renewedTwice.select(\.home, \.product, with: ProductSteps(productID: 123))
            let twice = try JSONDecoder().decode(
                ShopSteps.self, from: try JSONEncoder().encode(renewedTwice))
            #expect(
                eventText(from: nav.root, to: twice) == [
                    "pop /home/product/reviews", "pop /home/product", "push /home/product",
                ])
        }
    }

    @Test func restoreOfAnEqualHistoryOnTheSchemaTwinEmitsNothing() throws {
        let schema = try shopSchema()
        let nav = Navigator(DynamicSteps(schema: schema))
        // Identity depends only on the final histories, not on the order of operations.
        try nav.select(path: "home/product/reviews")
        try nav.transaction { root throws(StepPathError) in
            try root.select(path: "home/product", with: "123")
        }
        var saved = DynamicSteps(schema: try shopSchema())
        try saved.select(path: "home/product", with: "123")
        try saved.select(path: "home/product/reviews")
        #expect(saved == nav.root)
        #expect(nav.transaction(.restoration) { $0.restore(saved) } == [])
        let decoder = JSONDecoder()
        decoder.userInfo[.stepSchema] = schema
        let decoded = try decoder.decode(DynamicSteps.self, from: try JSONEncoder().encode(saved))
        #expect(decoded == saved)
        #expect(nav.transaction(.restoration) { $0.restore(decoded) } == [])
        var other = decoded
        try other.select(path: "home/product", with: "124")
        #expect(
            eventText(from: nav.root, to: other) == [
                "pop /home/product/reviews", "pop /home/product", "push /home/product",
                "push /home/product/reviews",
            ])
    }

    @Test func orderOfRenewalAndSelectionDoesNotMatter() throws {
        var first = ShopSteps()
        try first.renew(path: "home/product")
        try first.select(path: "home/product/reviews")
        var second = ShopSteps()
        try second.select(path: "home/product/reviews")
        try second.renew(path: "home/product")
        #expect(first == second)
        #expect(eventText(from: first, to: second) == [])
        var plain = ShopSteps()
        try plain.select(path: "home/product/reviews")
        #expect(
            eventText(from: plain, to: first) == [
                "pop /home/product/reviews", "pop /home/product", "push /home/product",
                "push /home/product/reviews",
            ])
    }

    // MARK: Schema versions

    static let cartV1 = """
        {"initial": "cart", "children": [
          {"key": "cart", "kind": "tab", "children": [{"key": "checkout", "kind": "push"}]}]}
        """
    static let cartV2 = """
        {"initial": "cart", "children": [
          {"key": "cart", "kind": "tab", "children": [{"key": "checkout", "kind": "push"}]},
          {"key": "wishlist", "kind": "tab"}]}
        """

    @Test func diffAcrossTwoSchemaVersions() throws {
        var old = DynamicSteps(schema: try StepSchema(json: Data(Self.cartV1.utf8)))
        try old.select(path: "cart/checkout")
        var new = DynamicSteps(schema: try StepSchema(json: Data(Self.cartV2.utf8)))
        try new.select(path: "wishlist")
        let events = NavigationDiff.events(from: old, to: new)
        #expect(events.map(\.description) == ["pop /cart/checkout", "select / cart -> wishlist"])
        var screen = HeadlessScreen(old)
        try screen.apply(events, reaching: new)
        #expect(screen == HeadlessScreen(new))
        #expect(screen.visibleScreen == StepPath(["wishlist"]))

        // The same screen under both versions is the same screen.
        var same = DynamicSteps(schema: try StepSchema(json: Data(Self.cartV2.utf8)))
        try same.select(path: "cart/checkout")
        #expect(eventText(from: old, to: same) == [])
        let cart = ScreenContainer.tab(StepPath(["cart"]))
        #expect(HeadlessScreen(old).frames(of: cart) == HeadlessScreen(same).frames(of: cart))
        // The new tab's container comes with no event.
        var sameScreen = HeadlessScreen(old)
        try sameScreen.apply([], reaching: same)
        #expect(sameScreen == HeadlessScreen(same))
        #expect(sameScreen.containers.count == 3)
        // And back to v1.
        let back = NavigationDiff.events(from: new, to: old)
        #expect(back.map(\.description) == ["select / wishlist -> cart", "push /cart/checkout"])
        var backScreen = HeadlessScreen(new)
        try backScreen.apply(back, reaching: old)
        #expect(backScreen == HeadlessScreen(old))
    }

    // MARK: show

    static let showCheckout: [(PathOperation, Outcome)] = [
        (
            .select("cart/checkout/payment/secure"),
            .events([
                "select / home -> cart", "push /cart/checkout", "push /cart/checkout/payment",
                "present /cart/checkout/payment/secure cover",
            ])
        ),
        (.select("cart/checkout"), .events([])),
        (
            .show("cart/checkout"),
            .events(["dismiss /cart/checkout/payment/secure cover", "pop /cart/checkout/payment"])
        ),
        (.show("cart/checkout"), .events([])),
        // The payment starts afresh: its cover is gone.
        (.select("cart/checkout/payment"), .events(["push /cart/checkout/payment"])),
        (
            .select("cart/checkout/payment/secure"),
            .events(["present /cart/checkout/payment/secure cover"])
        ),
        (
            .select("home"),
            .events(["dismiss /cart/checkout/payment/secure cover", "select / cart -> home"])
        ),
        // From another tab: the pops happen in the background, then the tab switch.
        (.show("cart/checkout"), .events(["pop /cart/checkout/payment", "select / home -> cart"])),
        (.show("cart"), .events(["pop /cart/checkout"])),
    ]

    @Test func showRemovesWhatCoversItsTarget() throws {
        var (typed, dynamic) = try Self.shop()
        run(&typed, Array(Self.showCheckout.prefix(3)), "ShopSteps")
        run(&dynamic, Array(Self.showCheckout.prefix(3)), "DynamicSteps")
        #expect(typed.visibleScreen == StepPath(["cart", "checkout"]))
        #expect(dynamic.visibleScreen == StepPath(["cart", "checkout"]))
        #expect(typed.cart.checkout.value == CheckoutSteps())
        run(&typed, Array(Self.showCheckout.dropFirst(3)), "ShopSteps")
        run(&dynamic, Array(Self.showCheckout.dropFirst(3)), "DynamicSteps")
        #expect(typed.visibleScreen == StepPath(["cart", "items"]))
        #expect(dynamic.visibleScreen == StepPath(["cart", "items"]))
    }

    @Test func typedShowMatchesShowByPath() throws {
        var byPath = ShopSteps()
        try byPath.select(path: "cart/checkout/payment/secure")
        var typed = byPath
        let before = byPath
        try byPath.show(path: "/cart/checkout")
        typed.show(\.cart, \.checkout)
        #expect(typed == byPath)
        #expect(
            eventText(from: before, to: typed) == [
                "dismiss /cart/checkout/payment/secure cover", "pop /cart/checkout/payment",
            ])
    }

    // MARK: replace

    static let replaceScript: [(PathOperation, Outcome)] = [
        (.selectValue("search", "shoes"), .events(["select / home -> search", "replace /search"])),
        // Renewed with a new value, even the one it has: a new screen in place.
        (.selectValue("search", "boots"), .events(["replace /search"])),
        (.selectValue("search", "boots"), .events(["replace /search"])),
        // Selected with the same history: nothing.
        (.select("search"), .events([])),
        (.select("home"), .events(["select / search -> home"])),
        // An inline variant renewed under a push is replaced too, the push stays.
        (.select("home/product"), .events(["push /home/product"])),
        (.select("home/feed", fresh: true), .events(["replace /home/feed"])),
        (.select("home/feed"), .events([])),
    ]

    @Test func renewedTabOrVariantIsReplaced() throws {
        let schema = try shopSchema()
        var dynamic = DynamicSteps(schema: schema)
        run(&dynamic, Self.replaceScript, "DynamicSteps")

        // The hand-written twin takes typed values.
        var typed = ShopSteps()
        var before = typed
        typed.select(\.search, with: SearchQuery(text: "shoes"))
        #expect(
            eventText(from: before, to: typed) == ["select / home -> search", "replace /search"])
        before = typed
        typed.select(\.search, with: SearchQuery(text: "boots"))
        #expect(eventText(from: before, to: typed) == ["replace /search"])
        before = typed
        typed.select(\.search, with: SearchQuery(text: "boots"))
        #expect(eventText(from: before, to: typed) == ["replace /search"])
        before = typed
        typed.select(\.search)
        #expect(eventText(from: before, to: typed) == [])
        // Changing the query in place is not a renewal: the screen stays.
        typed.search.value.text = "sandals"
        #expect(eventText(from: before, to: typed) == [])
        try typed.select(path: "home/product")
        before = typed
        typed.select(\.home, \.feed, with: FeedFilter(category: "shoes"))
        #expect(eventText(from: before, to: typed) == ["replace /home/feed"])
        #expect(typed.visibleScreen == StepPath(["home", "product", "overview"]))

        // A state restored with the same renewals is the same screen.
        var sameHistory = ShopSteps()
        try sameHistory.select(path: "search", with: SearchQuery(text: "shoes"))
        try sameHistory.select(path: "search", with: SearchQuery(text: "boots"))
        try sameHistory.select(path: "search", with: SearchQuery(text: "boots"))
        sameHistory.search.value.text = "sandals"
        try sameHistory.select(path: "home/product")
        try sameHistory.select(path: "home/feed", with: FeedFilter(category: "shoes"))
        #expect(sameHistory == typed)
        #expect(eventText(from: typed, to: sameHistory) == [])
    }

    @Test func valueOfTheWrongTypeIsRefused() throws {
        var typed = ShopSteps()
        #expect(
            typed.apply(.selectValue("search", "shoes"))
                == .error(.valueMismatch("String", at: StepPath(["search"]))))
    }
}
