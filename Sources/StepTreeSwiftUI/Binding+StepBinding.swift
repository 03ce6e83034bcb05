// Compiled on Apple platforms only; CI type-checks it on Linux against the SwiftUI API it uses
// (`.ci/adapters`, stubs in Tests/AdapterStubs). The bindings' logic is StepTree's own
// (`Navigator+Bindings.swift`, tested on Linux by playing SwiftUI's part); this file only hands
// them to SwiftUI, with `Binding(get:set:)`, which every SwiftUI version has.
#if canImport(SwiftUI)
    import SwiftUI
    import StepTree

    extension Binding where Value: Sendable {
        /// A SwiftUI binding that reads and writes through a navigator's binding, one to one:
        /// `TabView(selection: Binding(navigator.selectionBinding()))`.
        /// - Parameter binding: One of ``Navigator``'s bindings.
        public init(_ binding: StepBinding<Value>) {
            self.init(get: { binding.get() }, set: { binding.set($0) })
        }
    }
#endif
