import Foundation
import StepTree

extension DeepLinkRouter {
    /// The routes with a capture that no screen they open reads.
    ///
    /// Found by routing a link with sample captures (`x`, `1`, a UUID) from `start`: what
    /// registration cannot see, having no tree. Call it in a test, or at launch in a debug
    /// build, with the app's initial state.
    ///
    /// A route whose sample link lands nowhere (a capture that must name an existing element)
    /// is not checked.
    /// - Returns: Each such route's pattern and the field no screen has, in registration order.
    /// - Complexity: One routing of a link per route with captures no path uses.
    public func unreadCaptures(on start: Root) -> [(pattern: String, field: String)] {
        var found: [(pattern: String, field: String)] = []
        for route in routes {
            guard case .target(let declaration) = route.action, !declaration.payload.isEmpty,
                let url = Self.link(route.pattern, Self.samples(route.pattern), sampleOrigin)
            else { continue }
            var copy = start
            do {
                try self.route(url, in: &copy)
            } catch let error as DeepLinkError {
                if case .unreadCapture(let field, _) = error.reason {
                    found.append((route.pattern.text, field))
                }
            } catch {}
        }
        return found
    }

    /// The origin sample links are printed from: the first, or any custom scheme.
    private var sampleOrigin: DeepLinkOrigin {
        origins.first { $0.hostScheme == nil || $0.exactHost != nil } ?? .scheme("x")
    }

    /// A value of each capture's type, as the segments it fills.
    private static func samples(_ pattern: DeepLinkPattern) -> [String: [String]] {
        var samples: [String: [String]] = [:]
        for (name, piece) in pattern.placeholders {
            switch piece {
            case .int: samples[name] = ["1"]
            case .uuid: samples[name] = ["00000000-0000-0000-0000-000000000001"]
            default: samples[name] = ["x"]
            }
        }
        if let host = pattern.hostName { samples[host] = ["example.com"] }
        return samples
    }
}
