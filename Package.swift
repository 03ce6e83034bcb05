// swift-tools-version: 6.0
import PackageDescription

/// Every library module, the core included, which the tools, examples and fuzzers use whole.
let allModules: [Target.Dependency] = [
    "StepTree", "StepTreeJSON", "StepTreeDeepLinks", "StepTreeRestoration", "StepTreeDrivers",
    "StepTreeAnalytics",
]

let package = Package(
    name: "StepTree",
    // The lowest the code allows: `Observation` (the observable navigator) needs these.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        // What every app needs: the model, paths, identity, editing, the diffing engine, the
        // navigator, observation and bindings.
        .library(name: "StepTree", targets: ["StepTree"]),
        // Deep links from the outside world: the router, route tables, the inbox and gates.
        .library(name: "StepTreeDeepLinks", targets: ["StepTreeDeepLinks"]),
        // Saves that restore across versions: the archive, migrations and repairs.
        .library(name: "StepTreeRestoration", targets: ["StepTreeRestoration"]),
        // What a UI layer builds on: the screen model, the plans and the sequencer.
        .library(name: "StepTreeDrivers", targets: ["StepTreeDrivers"]),
        // Screen analytics: screen views and exits, with the time each screen was shown.
        .library(name: "StepTreeAnalytics", targets: ["StepTreeAnalytics"]),
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
        // The exact JSON value (numbers kept as text) that deep-link payloads and restoration
        // share: a module of its own so that an app linking the core alone does not carry it.
        .target(name: "StepTreeJSON"),
        .target(name: "StepTreeDeepLinks", dependencies: ["StepTree", "StepTreeJSON"]),
        .target(name: "StepTreeRestoration", dependencies: ["StepTree", "StepTreeJSON"]),
        .target(name: "StepTreeDrivers", dependencies: ["StepTree"]),
        .target(name: "StepTreeAnalytics", dependencies: ["StepTree"]),
        .target(name: "StepTreeTools", dependencies: allModules),
        .target(name: "StepTreeSwiftUI", dependencies: ["StepTree"]),
        .target(name: "StepTreeUIKit", dependencies: ["StepTree", "StepTreeDrivers"]),
        .executableTarget(name: "steptree", dependencies: allModules + ["StepTreeTools"]),
        .target(
            name: "ExampleSteps",
            dependencies: ["StepTree"],
            path: "Examples/ExampleSteps"
        ),
        .executableTarget(
            name: "mastodon-client",
            dependencies: ["StepTree", "StepTreeDeepLinks"],
            path: "Examples/MastodonClient"
        ),
        .executableTarget(
            name: "profile-app",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps"],
            path: "Examples/ProfileApp"
        ),
        .executableTarget(
            name: "recursive-profiles",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps"],
            path: "Examples/RecursiveProfiles"
        ),
        .executableTarget(
            name: "schema-app",
            dependencies: allModules + ["StepTreeTools"],
            path: "Examples/SchemaApp",
            resources: [.copy("shop.json")]
        ),
        // How an app team tests its navigation: deep links in, events and screens out.
        .testTarget(
            name: "ExampleAppTests",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps"],
            path: "Examples/AppTests"
        ),
        .executableTarget(
            name: "steptree-bench",
            dependencies: allModules + ["ExampleSteps"],
            path: "Benchmarks/steptree-bench"
        ),
        // libFuzzer targets (see Fuzz/README.md and .ci/fuzz); in a plain build each replays
        // the input files it is given.
        .target(
            name: "FuzzSupport", dependencies: allModules + ["StepTreeTools", "ExampleSteps"],
            path: "Fuzz/Support"),
        .executableTarget(
            name: "fuzz-paths",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Paths"
        ),
        .executableTarget(
            name: "fuzz-urls",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/URLs"
        ),
        .executableTarget(
            name: "fuzz-schema",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Schema"
        ),
        .executableTarget(
            name: "fuzz-state",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/State"
        ),
        .executableTarget(
            name: "fuzz-sequencer",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Sequencer"
        ),
        .executableTarget(
            name: "fuzz-replay",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Replay"
        ),
        .executableTarget(
            name: "fuzz-archive",
            dependencies: allModules + ["StepTreeTools", "ExampleSteps", "FuzzSupport"],
            path: "Fuzz/Archive"
        ),
        .executableTarget(
            name: "fuzz-cases",
            dependencies: allModules + ["StepTreeTools", "FuzzSupport"],
            path: "Fuzz/Cases"
        ),
        .executableTarget(
            name: "fuzz-map",
            dependencies: allModules + ["StepTreeTools", "FuzzSupport"],
            path: "Fuzz/Map"
        ),
        // What the test targets share: test trees, seeded randomness, fixtures (read from
        // Tests/Fixtures), the documentation drift checks, the command runner, the recording
        // observers and the thread helpers.
        .target(
            name: "TestSupport", dependencies: ["StepTree", "ExampleSteps"],
            path: "Tests/TestSupport"),
        // The core's tests, importing no library product but the core: StepTreeJSON for the
        // coding forms' JSON, and the development tools (StepTreeTools: the headless screen, the
        // test clock and the diagrams that check the engine; FuzzSupport: the schema fuzzer's
        // corpus), which link every product.
        .testTarget(
            name: "StepTreeTests",
            dependencies: [
                "StepTree", "StepTreeJSON", "StepTreeTools", "ExampleSteps", "FuzzSupport",
                "TestSupport",
            ]
        ),
        // One test target per library product: each depends on its module, the core and
        // TestSupport, and on another product only where a test exercises the two together.
        .testTarget(
            name: "StepTreeDeepLinksTests",
            // The inbox's tests check the screen views (StepTreeAnalytics) and the headless
            // screen (StepTreeTools) of the links they land.
            dependencies: [
                "StepTree", "StepTreeJSON", "StepTreeDeepLinks", "StepTreeAnalytics",
                "StepTreeTools", "ExampleSteps", "TestSupport",
            ]
        ),
        .testTarget(
            name: "StepTreeRestorationTests",
            dependencies: [
                "StepTree", "StepTreeJSON", "StepTreeRestoration", "ExampleSteps", "TestSupport",
            ]
        ),
        .testTarget(
            name: "StepTreeDriversTests",
            // Plans and sequencers are played on the headless screen and the simulated UIKit
            // (StepTreeTools); the soak test observes its run with a screen tracker.
            dependencies: [
                "StepTree", "StepTreeDrivers", "StepTreeAnalytics", "StepTreeTools", "ExampleSteps",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "StepTreeAnalyticsTests",
            // The screen tracker is checked against the test clock and the headless screen.
            dependencies: [
                "StepTree", "StepTreeAnalytics", "StepTreeTools", "ExampleSteps", "TestSupport",
            ]
        ),
        // What uses several products together: the README's and the articles' examples, each
        // compiled here word for word, the example apps' transcripts and the error descriptions
        // of every module.
        .testTarget(
            name: "StepTreeIntegrationTests",
            dependencies: [
                "StepTree", "StepTreeDeepLinks", "StepTreeRestoration", "StepTreeDrivers",
                "StepTreeAnalytics", "StepTreeTools", "ExampleSteps", "TestSupport",
            ]
        ),
        .testTarget(
            name: "StepTreeToolsTests",
            dependencies: [
                "StepTree", "StepTreeDeepLinks", "StepTreeTools", "ExampleSteps", "FuzzSupport",
                "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
