// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StepTree",
    // The lowest the code allows: `Observation` (the observable navigator) needs these.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "StepTree", targets: ["StepTree"]),
        // For development: the headless screen, the simulated UIKit, the test clock, session
        // recording and replay, the linter, the diagrams and the conformance runner.
        .library(name: "StepTreeTools", targets: ["StepTreeTools"]),
        // UI adapters: empty modules where SwiftUI or UIKit do not exist (Linux).
        .library(name: "StepTreeSwiftUI", targets: ["StepTreeSwiftUI"]),
        .library(name: "StepTreeUIKit", targets: ["StepTreeUIKit"]),
        .executable(name: "steptree", targets: ["steptree"]),
    ],
    targets: [
        .target(name: "StepTree"),
        .target(name: "StepTreeTools", dependencies: ["StepTree"]),
        .target(name: "StepTreeSwiftUI", dependencies: ["StepTree"]),
        .target(name: "StepTreeUIKit", dependencies: ["StepTree"]),
        .executableTarget(name: "steptree", dependencies: ["StepTree", "StepTreeTools"]),
        .target(
            name: "ExampleSteps",
            dependencies: ["StepTree"],
            path: "Examples/ExampleSteps"
        ),
        .executableTarget(
            name: "mastodon-client",
            dependencies: ["StepTree"],
            path: "Examples/MastodonClient"
        ),
        .executableTarget(
            name: "profile-app",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps"],
            path: "Examples/ProfileApp"
        ),
        .executableTarget(
            name: "recursive-profiles",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps"],
            path: "Examples/RecursiveProfiles"
        ),
        .executableTarget(
            name: "schema-app",
            dependencies: ["StepTree", "StepTreeTools"],
            path: "Examples/SchemaApp",
            resources: [.copy("shop.json")]
        ),
        // How an app team tests its navigation: deep links in, events and screens out.
        .testTarget(
            name: "ExampleAppTests",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps"],
            path: "Examples/AppTests"
        ),
        .executableTarget(
            name: "steptree-bench",
            dependencies: ["StepTree", "ExampleSteps"],
            path: "Benchmarks/steptree-bench"
        ),
        // libFuzzer targets (see Fuzz/README.md and .ci/fuzz); in a plain build each replays
        // the input files it is given.
        .target(
            name: "FuzzSupport", dependencies: ["StepTree", "StepTreeTools", "ExampleSteps"],
            path: "Fuzz/Support"),
        .executableTarget(
            name: "fuzz-paths",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Paths"
        ),
        .executableTarget(
            name: "fuzz-urls",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/URLs"
        ),
        .executableTarget(
            name: "fuzz-schema",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Schema"
        ),
        .executableTarget(
            name: "fuzz-state",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/State"
        ),
        .executableTarget(
            name: "fuzz-sequencer",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Sequencer"
        ),
        .executableTarget(
            name: "fuzz-replay",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Replay"
        ),
        .executableTarget(
            name: "fuzz-archive",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Archive"
        ),
        .executableTarget(
            name: "fuzz-cases",
            dependencies: ["StepTree", "StepTreeTools", "FuzzSupport"],
            path: "Fuzz/Cases"
        ),
        .executableTarget(
            name: "fuzz-map",
            dependencies: ["StepTree", "StepTreeTools", "FuzzSupport"],
            path: "Fuzz/Map"
        ),
        .testTarget(
            name: "StepTreeTests",
            dependencies: ["StepTree", "StepTreeTools", "ExampleSteps", "FuzzSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
