/// Where a child is selected: its index, its layer and its key.
@usableFromInline
struct StepSlot<Key> {
    /// The child's declaration index.
    @usableFromInline let index: Int
    @usableFromInline let layer: StepLayer
    @usableFromInline let key: Key

    @_alwaysEmitIntoClient
    init(index: Int, layer: StepLayer, key: Key) {
        self.index = index
        self.layer = layer
        self.key = key
    }
}
