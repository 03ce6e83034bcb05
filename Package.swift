// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StepTree",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StepTree", targets: ["StepTree"]),
        .executable(name: "steptree", targets: ["steptree"]),
    ],
    targets: [
        .target(name: "StepTree"),
        .executableTarget(name: "steptree", dependencies: ["StepTree"]),
        .target(
            name: "ExampleSteps",
            dependencies: ["StepTree"],
            path: "Examples/ExampleSteps"
        ),
        .executableTarget(
            name: "profile-app",
            dependencies: ["StepTree", "ExampleSteps"],
            path: "Examples/ProfileApp"
        ),
        .executableTarget(
            name: "steptree-bench",
            dependencies: ["StepTree", "ExampleSteps"],
            path: "Benchmarks/steptree-bench"
        ),
        .testTarget(
            name: "StepTreeTests",
            dependencies: ["StepTree", "ExampleSteps"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
