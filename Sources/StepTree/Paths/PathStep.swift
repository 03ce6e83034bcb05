/// One resolved segment of a path: a child by declaration index, or a stack element by position.
package enum PathStep: Hashable, Sendable {
    case child(Int)
    case element(Int)
}
