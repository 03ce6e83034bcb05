import Foundation
import StepTree

extension CharacterSet {
    /// The characters a URL never needs to escape; the first segment of a custom-scheme link
    /// is its host, where `@` and `:` would change what the link means.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// ``unreserved`` and `@`, which a path segment may hold as it is (`/@alice`).
    static let unreservedOrAt = unreserved.union(CharacterSet(charactersIn: "@"))
}
