// swift-tools-version: 6.0
// What StepTree costs an app in code size: an empty executable and a minimal one that uses only
// the core an app links (a hand-written tree, `select(path:)`, a `Navigator` and
// `NavigationDiff`), both built in release and dead-stripped; `measure.sh` prints the difference
// of their text sections and the largest contributors.
import PackageDescription

let package = Package(
    name: "steptree-size",
    dependencies: [.package(name: "StepTree", path: "../..")],
    targets: [
        .executableTarget(name: "empty-app"),
        .executableTarget(
            name: "minimal-app", dependencies: [.product(name: "StepTree", package: "StepTree")]),
    ],
    swiftLanguageModes: [.v6]
)
