import Foundation
import StepTree

extension DeepLinkRouter {
    /// Shows the screen of `gate` for the held link `url`: with the gate's value, or the value
    /// the screen has, its fields named like the link's captures set from them when the gate
    /// ``DeepLinkGate/fillsFromLink``.
    /// - Throws: ``DeepLinkError`` for a link that does not match, or the screen's path error
    ///   as ``DeepLinkError/Reason/invalidTarget(_:)``; `root` is then unchanged.
    func showGate(_ gate: DeepLinkGate, for url: URL, in root: inout Root) throws(DeepLinkError) {
        func fail(_ error: StepPathError) -> DeepLinkError {
            DeepLinkError(link: url.absoluteString, reason: .invalidTarget(error))
        }
        var value = gate.value
        if gate.fillsFromLink {
            let address = try read(url)
            guard case .route(let index) = find(address) else {
                throw DeepLinkError(link: url.absoluteString, reason: .incomplete)
            }
            let pattern = routes[index].pattern
            let match = try makeMatch(pattern, address, url)
            let prototype: any StepValue
            if let value {
                prototype = value
            } else {
                do {
                    prototype = try Self.screen(at: gate.screen, in: StepStorage.make(root)).0
                } catch {
                    throw fail(error)
                }
            }
            // Every capture, by the field it fills (its own name unless the pattern binds it).
            let captures = pattern.names.compactMap { name in
                match.captures[name].map { (field: pattern.field(of: name) ?? name, capture: $0) }
            }
            let filled = DeepLinkPayload.value(
                of: captures, prototype: prototype, takesText: false, isTarget: false)
            value = filled.value ?? value
        }
        do {
            try root.show(path: gate.screen, with: value)
        } catch {
            throw fail(error)
        }
    }
}
