// Compiled on Apple platforms only; CI type-checks it on Linux against the SwiftUI API it uses
// (`.ci/adapters`, stubs in Tests/AdapterStubs): two one-line hand-overs to SwiftUI of what
// StepTree's frames and modals say (`ScreenFrame`, `ScreenModal`, tested on Linux).
#if canImport(SwiftUI)
    import SwiftUI
    import StepTree

    extension View {
        /// Shows the frames of a `NavigationStack(path:)` bound to
        /// ``StepTree/Navigator/framesBinding(in:)`` whose value is a `Value` (a destination
        /// enum, a node), as `navigationDestination(for: ScreenFrame.self)` with the value read.
        ///
        /// ```swift
        /// .stepDestination(for: Destination.self) { destination, frame in
        ///     switch destination {
        ///     case .status(let status): StatusView(status)
        ///     case .about: AboutView()
        ///     }
        /// }
        /// ```
        /// - Parameters:
        ///   - type: The frames' value type.
        ///   - destination: The view of a frame, given its value and the frame.
        /// - Returns: The view with the destination registered.
        public func stepDestination<Value: StepValue, Content: View>(
            for type: Value.Type,
            @ViewBuilder destination: @escaping (Value, ScreenFrame) -> Content
        ) -> some View {
            navigationDestination(for: ScreenFrame.self) { frame in
                if let value = frame.value(as: Value.self) { destination(value, frame) }
            }
        }

        /// Disables the swipe that dismisses `modal` when it is not user-dismissible: apply it
        /// to the content of `.sheet(item:)` for the modal shown.
        ///
        /// The modal binding and `Navigator.modal(at:)` give a new modal when a rule on its value
        /// flips, so the swipe follows every update.
        /// - Parameter modal: The modal this view presents.
        /// - Returns: The view with interactive dismissal disabled as the modal says.
        public func stepDismissal(of modal: ScreenModal) -> some View {
            interactiveDismissDisabled(!modal.isUserDismissible)
        }
    }
#endif
