import Foundation
import StepTree

/// A routes file: the origins a router accepts and its routes, each a pattern and the step path
/// it lands on (see the README, "Deep links from outside").
struct RoutesFile: Decodable {
    struct Route: Decodable {
        var pattern: String
        var target: String
        var beneath: [String]?
    }

    var schemes: [String]?
    var hosts: [String]?
    var landing: String?
    var fallbackToPath: Bool?
    var routes: [Route]

    /// The router the file describes.
    /// - Throws: A message naming the route and what is wrong with it.
    func router() throws(RoutesFileError) -> DeepLinkRouter<DynamicSteps> {
        let landing: DeepLinkLanding
        switch self.landing ?? "show" {
        case "show": landing = .show
        case "select": landing = .select
        case let other: throw RoutesFileError("'landing' is '\(other)'; use 'show' or 'select'")
        }
        let origins =
            (schemes ?? []).map(DeepLinkOrigin.scheme)
            + (hosts ?? []).map { DeepLinkOrigin.universalLink(host: $0) }
        var router = DeepLinkRouter<DynamicSteps>(
            origins: origins, landing: landing, fallbackToPath: fallbackToPath ?? false)
        for (index, route) in routes.enumerated() {
            do {
                try router.register(
                    route.pattern, showing: route.target, beneath: route.beneath ?? [])
            } catch {
                throw RoutesFileError("routes[\(index)]: \(error)")
            }
        }
        return router
    }
}

/// A message for the user, printed after `error:`.
struct RoutesFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `steptree open --schema S.json --routes R.json URL...`: routes each URL from the schema's
/// initial state and prints the screen it lands on and the events, or the error.
/// - Returns: 0 when every URL routes, 1 when one does not, 2 for bad arguments or files.
func open(_ arguments: [String]) -> Int32 {
    var schemaFile: String?
    var routesFile: String?
    var links: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--schema": schemaFile = rest.popFirst()
        case "--routes": routesFile = rest.popFirst()
        default: links.append(argument)
        }
    }
    guard let schemaFile, let routesFile, !links.isEmpty else {
        printError("usage: steptree open --schema S.json --routes R.json URL [URL ...]")
        return 2
    }
    let schema: StepSchema
    let router: DeepLinkRouter<DynamicSteps>
    do {
        schema = try StepSchema(json: Data(contentsOf: URL(fileURLWithPath: schemaFile)))
    } catch {
        printError("error: \(schemaFile): \(error)")
        return 2
    }
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: routesFile))
        router = try JSONDecoder().decode(RoutesFile.self, from: data).router()
    } catch let error as DecodingError {
        printError("error: \(routesFile): \(describe(error))")
        return 2
    } catch {
        printError("error: \(routesFile): \(error)")
        return 2
    }
    var failed = false
    let initial = DynamicSteps(schema: schema)
    for link in links {
        var state = initial
        do {
            try router.route(link, in: &state)
            print("\(link) -> \(state.visibleScreen)")
            for event in NavigationDiff.events(from: initial, to: state) { print("  \(event)") }
        } catch {
            print("\(link) -> error: \(error)")
            failed = true
        }
    }
    return failed ? 1 : 0
}

/// Where in the file a decoding error is, and what it is.
private func describe(_ error: DecodingError) -> String {
    let (context, what): (DecodingError.Context, String) =
        switch error {
        case .keyNotFound(let key, let context): (context, "'\(key.stringValue)' is missing")
        case .typeMismatch(let type, let context): (context, "expected \(type)")
        case .valueNotFound(let type, let context): (context, "expected \(type)")
        case .dataCorrupted(let context): (context, context.debugDescription)
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
        }
    let place = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
    return place.isEmpty ? what : "\(place.joined()): \(what)"
}
