import StepTree

/// `text` with each scalar that `replacement` names written as what it returns: the one loop
/// behind the HTML, JSON-in-HTML and Mermaid escapes of the diagrams.
/// - Complexity: O(*n*) in the length of `text`.
func escaping(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        if let replaced = replacement(scalar) {
            result += replaced
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}
