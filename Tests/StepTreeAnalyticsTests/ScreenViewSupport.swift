import StepTreeAnalytics

extension ScreenView {
    /// The view without identity, value and navigator, to compare with records written by
    /// hand; ``ScreenViewIdentityTests`` checks those fields.
    var withoutIdentity: ScreenView {
        ScreenView(
            screen: screen, previous: previous, previousDuration: previousDuration, cause: cause)
    }
}
