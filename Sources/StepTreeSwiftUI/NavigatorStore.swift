// Not compiled by any CI here (no SwiftUI on Linux): kept to the SwiftUI API of iOS 14 and
// macOS 11, and to the StepTree API the tests cover.
#if canImport(SwiftUI)
    import SwiftUI
    import StepTree

    /// Publishes a navigator's state to SwiftUI and hands out the bindings its views take:
    /// a tab selection, a navigation path per container, and the presented modals.
    ///
    /// Every write from the UI is a user gesture (``NavigationCause/userGesture``) and sends
    /// nothing back for what the UI already did; a write about a screen the navigator no
    /// longer shows (a late swipe after a deep link) is ignored.
    @MainActor
    public final class NavigatorStore<Root: StepNode>: ObservableObject {
        /// The navigator.
        public let navigator: Navigator<Root>
        /// The navigator's state, published after every change.
        @Published public private(set) var root: Root

        /// Follows `navigator`.
        /// - Parameter navigator: The navigator whose state the views show.
        public init(_ navigator: Navigator<Root>) {
            self.navigator = navigator
            self.root = navigator.root
            let changes = navigator.changes
            // Ends at the first change after the store is gone, or with the navigator.
            Task { [weak self] in
                for await _ in changes {
                    guard let self else { return }
                    root = navigator.root
                }
            }
        }

        /// The screen of the current state.
        public var screen: HeadlessScreen { HeadlessScreen(root) }

        /// The content selection of a hand-written node, for `TabView(selection:)` or a
        /// `Picker`: writing it selects that tab.
        /// - Parameter selection: The node's `selected` property, from the root.
        /// - Returns: A binding of the selected content key.
        public func selection<Key: StepKey>(
            _ selection: WritableKeyPath<Root, StepSelection<Key>>
        ) -> Binding<Key?> {
            Binding(
                get: { self.root[keyPath: selection].content },
                set: { key in
                    self.navigator.transaction(.userGesture) {
                        $0[keyPath: selection].content = key
                    }
                })
        }

        /// The frames pushed in `container`, for `NavigationStack(path:)`.
        ///
        /// Use it with `navigationDestination(for: HeadlessScreen.Frame.self)`. A shorter array
        /// is the user going back, which the navigator records; pushes come from the
        /// navigator.
        /// - Parameter container: The root, a tab or a modal.
        /// - Returns: A binding of the container's frames.
        public func path(_ container: HeadlessScreen.ContainerID) -> Binding<[HeadlessScreen.Frame]>
        {
            Binding(
                get: { self.screen.frames(of: container) ?? [] },
                set: { frames in
                    let shown = self.screen.frames(of: container) ?? []
                    guard frames.count < shown.count, shown.starts(with: frames) else { return }
                    self.userRemoved(shown[frames.count])
                })
        }

        /// The modal at `position` in the window chain (0 is the lowest) when it has `style`,
        /// for `.sheet(item:)` or `.fullScreenCover(item:)`: `nil` is the user dismissing it.
        /// - Parameters:
        ///   - position: The modal's position in the chain.
        ///   - style: The style the presenting view shows.
        /// - Returns: A binding of the presented modal.
        public func modal(at position: Int, style: PresentationStyle) -> Binding<PresentedStep?> {
            Binding(
                get: {
                    let modals = self.screen.modals
                    guard modals.indices.contains(position), modals[position].style == style
                    else { return nil }
                    return PresentedStep(modal: modals[position])
                },
                set: { item in
                    let modals = self.screen.modals
                    guard item == nil, modals.indices.contains(position) else { return }
                    self.userRemoved(modals[position].frame)
                })
        }

        /// Records a gesture unless the navigator shows another screen there by now.
        private func userRemoved(_ frame: HeadlessScreen.Frame) {
            let current = HeadlessScreen(navigator.root)
            let frames = current.containers.flatMap { current.frames(of: $0) ?? [] }
            guard (frames + current.modals.map(\.frame)).contains(frame) else { return }
            _ = try? navigator.userDidRemove(path: frame.path)
        }
    }

    /// A presented modal as `.sheet(item:)` takes it: identified by its step's identity.
    public struct PresentedStep: Identifiable, Hashable, Sendable {
        /// The modal.
        public let modal: HeadlessScreen.Modal
        /// The presented step's identity.
        public var id: StepIdentity { modal.frame.identity }
    }
#endif
