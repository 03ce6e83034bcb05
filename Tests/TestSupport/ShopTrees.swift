import Foundation
import StepTree

// A small shop, hand-written and as a schema twin of the same shape:
//
//   /                              home | search | cart (tabs)
//   /home                          feed (inline, payload FeedFilter) | product (push)
//   /home/product                  overview (inline) | reviews (push); payload productID
//   /search                        a leaf tab with a payload (the query)
//   /cart                          items (inline) | checkout (push)
//   /cart/checkout                 payment (push), no content of its own
//   /cart/checkout/payment         form (inline) | secure (present, cover: 3-D Secure)

/// The shop: home, search and cart tabs.
package struct ShopSteps: StepsCollection {
    package enum Key: String, StepKey { case home, search, cart }
    package var selected = StepSelection<Key>(.home)
    package var home = Step(ShopHome())
    package var search = Step(SearchQuery())
    package var cart = Step(CartSteps())
    package static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.search, \.search), .tab(.cart, \.cart))
    package init() {}
}

/// The home tab: the feed, with a product pushed over it.
package struct ShopHome: StepsCollection {
    package enum Key: String, StepKey { case feed, product }
    package var selected = StepSelection<Key>(.feed)
    package var feed = Step(FeedFilter())
    package var product = Step(ProductSteps())
    package static let steps = StepTable<Self>(.inline(.feed, \.feed), .push(.product, \.product))
    package init() {}
}

/// The feed's filter, its payload.
package struct FeedFilter: StepValue {
    package var category = ""
    package init(category: String = "") {
        self.category = category
    }
}

/// The search tab's payload: the query.
package struct SearchQuery: StepValue {
    package var text = ""
    package init(text: String = "") {
        self.text = text
    }
}

/// A product: its overview, with its reviews pushed over it.
package struct ProductSteps: StepsCollection {
    package enum Key: String, StepKey { case overview, reviews }
    package var selected = StepSelection<Key>(.overview)
    package var overview = Step()
    package var reviews = Step()
    package var productID = 0
    package static let steps = StepTable<Self>(
        .inline(.overview, \.overview), .push(.reviews, \.reviews))
    package init() {}
    package init(productID: Int) { self.productID = productID }
}

/// The cart: its items, with the checkout pushed over them.
package struct CartSteps: StepsCollection {
    package enum Key: String, StepKey { case items, checkout }
    package var selected = StepSelection<Key>(.items)
    package var items = Step()
    package var checkout = Step(CheckoutSteps())
    package static let steps = StepTable<Self>(
        .inline(.items, \.items), .push(.checkout, \.checkout))
    package init() {}
}

/// The checkout: only the payment pushed, no content of its own.
package struct CheckoutSteps: StepsCollection {
    package enum Key: String, StepKey { case payment }
    package var selected = StepSelection<Key>()
    package var payment = Step(PaymentSteps())
    package static let steps = StepTable<Self>(.push(.payment, \.payment))
    package init() {}
}

/// The payment: its form, and the 3-D Secure cover over it.
package struct PaymentSteps: StepsCollection {
    package enum Key: String, StepKey { case form, secure }
    package var selected = StepSelection<Key>(.form)
    package var form = Step()
    package var secure = Step()
    package static let steps = StepTable<Self>(
        .inline(.form, \.form), .present(.secure, \.secure, style: .cover))
    package init() {}
}

/// The schema twin of `ShopSteps`.
private let shopSchemaJSON = """
    {"initial": "home", "children": [
      {"key": "home", "kind": "tab", "initial": "feed", "children": [
        {"key": "feed", "kind": "inline"},
        {"key": "product", "kind": "push", "initial": "overview", "children": [
          {"key": "overview", "kind": "inline"}, {"key": "reviews", "kind": "push"}]}]},
      {"key": "search", "kind": "tab"},
      {"key": "cart", "kind": "tab", "initial": "items", "children": [
        {"key": "items", "kind": "inline"},
        {"key": "checkout", "kind": "push", "children": [
          {"key": "payment", "kind": "push", "initial": "form", "children": [
            {"key": "form", "kind": "inline"},
            {"key": "secure", "kind": "present", "style": "cover"}]}]}]}]}
    """

/// The schema twin of `ShopSteps`, parsed.
package func shopSchema() throws -> StepSchema {
    try StepSchema(json: Data(shopSchemaJSON.utf8))
}
