import StepTree

/// A profile that pushes a friend's profile and presents one as a card: a node holding steps of
/// its own type, which `Step<FriendProfile>()` makes lazily.
package struct FriendProfile: StepsCollection {
    package enum Key: String, StepKey { case main, friend, card, pals }
    package var selected = StepSelection<Key>(.main)
    package var main = Step()
    package var friend = Step<FriendProfile>()
    package var card = Step<FriendProfile>()
    package var pals = Step(StepStack<FriendProfile>())
    package static let steps = StepTable<Self>(
        .inline(.main, \.main), .push(.friend, \.friend),
        .present(.card, \.card, style: .sheet), .stack(.pals, \.pals))
    package init() {}
}
