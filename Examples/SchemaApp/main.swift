// A schema-driven app: the shop's navigation map is data (shop.json, shipped with the app or
// fetched from a server), loaded into a `DynamicSteps` tree that runs on the same engine as
// hand-written steps. Deep links with payloads, a bad link refused, the map as a diagram.
import Foundation
import StepTree
import StepTreeTools

guard let url = Bundle.module.url(forResource: "shop", withExtension: "json") else {
    fatalError("shop.json is not in the bundle")
}
let schema = try StepSchema(json: Data(contentsOf: url))
// Every change is logged by the global observer (this example has one navigator).
StepsObservation.observer = LoggingStepsObserver()
let navigator = Navigator(DynamicSteps(schema: schema))

print("The map, as shipped:\n\(navigator.root.diagram)\n")
try navigator.transaction(.deepLink) { state throws(StepPathError) in
    try state.show(path: "catalog/product", with: "sku-42")
}
try navigator.select(path: "catalog/product/share", transaction: .deepLink)
try navigator.select(path: "cart/checkout/payment", transaction: .deepLink)
navigator.transaction(.userGesture) { state in
    try? state.select(path: "cart/checkout/confirm")
}
try navigator.setStack(path: "catalog/categories", ids: ["shoes", "running"])
do {
    try navigator.select(path: "cart/refund")
} catch {
    print("refused: \(error)")
}
print("\nThe tree now:\n\(navigator.root.diagram)")
