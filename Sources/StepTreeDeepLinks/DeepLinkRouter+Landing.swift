import Foundation
import StepTree

extension DeepLinkRouter {
    /// Applies the link to `root`: the best route's target or handler, or else (with
    /// `fallbackToPath`) the step path the link names.
    ///
    /// Gates are not checked here; ``DeepLinkInbox`` holds gated links.
    /// - Throws: ``DeepLinkError``, or the handler's own error as it is; `root` is unchanged.
    /// - Complexity: ``resolve(_:)``, plus the edits.
    public func route(_ url: URL, in root: inout Root) throws {
        let address = try read(url)
        // The one copy of the root, boxed: the walks before the first edit read it, and `root`
        // is put back to it when the link fails. The edits are made in place, so the boxes on
        // their path are copied once, as any edit does.
        let original = StepStorage.make(root)
        do {
            // Selections are reported to observers only if the whole link applies.
            try SelectionReport.holding { () throws in
                switch find(address) {
                case .route(let index):
                    let route = routes[index]
                    let match = try makeMatch(route.pattern, address, url)
                    switch route.action {
                    case .handler(let handler):
                        try handler(&root, match)
                    case .target(let declaration):
                        try land(declaration, match, &root, original: original, url)
                    }
                case .none(let reached):
                    guard fallbackToPath, !address.segments.isEmpty,
                        address.repeatedNames.isEmpty
                    else {
                        throw unmatched(address, reached: reached, url)
                    }
                    do {
                        try landOnPath(StepPath(address.segments), &root, url)
                    } catch let error as DeepLinkError {
                        throw deeper(
                            error, than: unmatched(address, reached: reached, url), reached)
                    }
                }
            }
        } catch {
            root = original.boxedValue
            throw error
        }
    }

    /// Applies the link given as text; see ``route(_:in:)-(URL,_)``.
    /// - Throws: ``DeepLinkError/Reason/malformedURL`` for text that is not a URL, else what
    ///   ``route(_:in:)-(URL,_)`` throws; `root` is unchanged.
    public func route(_ link: String, in root: inout Root) throws {
        guard link.utf8.count <= limits.maximumLength else {
            throw DeepLinkError(link: link, reason: .tooLong(bytes: link.utf8.count))
        }
        guard let url = URL(string: link) else {
            throw DeepLinkError(link: link, reason: .malformedURL)
        }
        try route(url, in: &root)
    }

    /// Of a fallback's error and the routes' own, the one that names the later segment: the
    /// first segment that neither the routes nor the tree know.
    private func deeper(_ fallback: DeepLinkError, than routes: DeepLinkError, _ reached: Int)
        -> DeepLinkError
    {
        guard case .invalidTarget(let error) = fallback.reason else { return fallback }
        let known: Int? =
            switch error {
            case .unknownStep(_, let path), .unknownElement(_, let path?): path.segments.count
            default: nil
            }
        guard let known, reached > known, reached > 0 else { return fallback }
        return routes
    }

    /// Lands the route's declaration for `match` on `root`, which the caller puts back to
    /// `original` (a box of it as it is now) when this throws: under the selected tab for its
    /// `./…` paths, else (when they name no step there) under its fallback tab, starting again
    /// from `original`; see the type's "Landing".
    private func land(
        _ declaration: Declaration, _ match: DeepLinkMatch, _ root: inout Root,
        original: StepStorage<Root>, _ url: URL
    ) throws(DeepLinkError) {
        // The walk that finds the tab gives its node: the route's paths start there.
        let (base, baseNode) =
            declaration.isRelative ? PushScope.selectedTabNode(of: original) : (.root, nil)
        do {
            try land(
                declaration, match, under: base, at: baseNode, unedited: original, &root, url)
        } catch let error {
            guard let fallback = declaration.fallbackTab, fallback != base,
                case .invalidTarget(let problem) = error.reason, Self.namesNoStep(problem)
            else { throw error }
            root = original.boxedValue
            do {
                try root.select(path: fallback)
            } catch {
                throw DeepLinkError(
                    link: url.absoluteString, pattern: match.pattern, reason: .invalidTarget(error))
            }
            try land(declaration, match, under: fallback, at: nil, unedited: nil, &root, url)
        }
    }

    /// Whether a path's error says it names no step where it was taken.
    private static func namesNoStep(_ error: StepPathError) -> Bool {
        switch error {
        case .unknownStep, .unknownElement, .notAStack: true
        default: false
        }
    }

    /// Pushes or selects the screens beneath, then the target, its `./…` paths under `base`
    /// (whose node in `root` is `baseNode`, when the caller found it); the captures no path
    /// uses fill the screen the target pushes.
    ///
    /// `unedited`, when the caller has one, is a box of `root` as it is now, which the walks
    /// read until the first edit.
    private func land(
        _ declaration: Declaration, _ match: DeepLinkMatch, under base: StepPath,
        at baseNode: StepNodeStorage?, unedited: StepNodeStorage?, _ root: inout Root,
        _ url: URL
    ) throws(DeepLinkError) {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(link: url.absoluteString, pattern: match.pattern, reason: reason)
        }
        let templates = declaration.beneath + [declaration.target]
        let paths = templates.map { $0.path(for: match, under: base) }
        if let deep = paths.first(where: { $0.segments.count > limits.maximumDepth }) {
            throw fail(.tooDeep(deep.segments.count))
        }
        /// Runs an edit, its error made the link's.
        func edit<Result>(_ body: () throws(StepPathError) -> Result) throws(DeepLinkError)
            -> Result
        {
            do {
                return try body()
            } catch {
                throw fail(.invalidTarget(error))
            }
        }
        let fillings = declaration.payload.compactMap { filling in
            match.captures[filling.capture].map { (field: filling.field, capture: $0) }
        }.filter {
            // A repeated item the link lacks leaves its field at its default.
            if case .list(let values) = $0.capture { !values.isEmpty } else { true }
        }
        var unread = fillings.map(\.field)
        var screens: [DeepLinkPayload.Filled] = []
        /// The value of the screen `path` opens (pushed at `site`, or else the step there) with
        /// the fields it reads, which are then read.
        func fill(_ path: StepPath, at site: DeepLinkPushSite?, isTarget: Bool)
            throws(DeepLinkError) -> (any StepValue)?
        {
            guard !fillings.isEmpty else { return nil }
            let (prototype, takesText) = try edit { () throws(StepPathError) in
                if let site { return (site.prototype, site.takesText) }
                return try Self.screen(at: path, in: walked())
            }
            let filled = DeepLinkPayload.value(
                of: fillings, prototype: prototype, takesText: takesText, isTarget: isTarget)
            unread.removeAll(where: filled.read.contains)
            screens.append(filled)
            return filled.value
        }
        // The base's node, good until the first edit, where a `./…` path starts; and the root
        // boxed for a walk, the caller's box until then.
        var start = baseNode.map { (depth: base.segments.count, node: $0) }
        var unedited = unedited
        func walked() -> StepNodeStorage { unedited ?? StepStorage.make(root) }
        for (template, path) in zip(declaration.beneath, paths) {
            let captured = template.captureIndexes(for: match, under: base)
            let site = try edit { () throws(StepPathError) in
                try DeepLinkPushSite(
                    path, captured: captured, in: walked(),
                    from: template.isRelative ? start : nil)
            }
            start = nil
            unedited = nil
            let value = try fill(path, at: site, isTarget: false)
            try edit { () throws(StepPathError) in
                _ = try Self.push(path, at: site, with: value, &root)
            }
        }
        let target = declaration.target
        let path = paths[paths.count - 1]
        let captured = target.captureIndexes(for: match, under: base)
        let site = try edit { () throws(StepPathError) in
            try DeepLinkPushSite(
                path, captured: captured, in: walked(), from: target.isRelative ? start : nil)
        }
        let value = try fill(path, at: site, isTarget: true)
        // Every capture fills some screen: one none reads is a mistake in the route.
        if let field = unread.first {
            throw fail(Self.unread(field, screens))
        }
        try edit { () throws(StepPathError) in
            guard let site else {
                switch (target.isRelative, landing) {
                case (false, .show): try root.show(path: path, with: value)
                case (true, _), (false, .select): try root.select(path: path, with: value)
                }
                return
            }
            let landed = try Self.push(path, at: site, with: value, &root)
            guard !target.isRelative else { return }
            switch landing {
            case .show: try root.show(path: landed)
            case .select: try root.select(path: landed)
            }
        }
    }

    /// Why no screen read `field`: the one screen's decoding problem, or the screens that
    /// lack it.
    private static func unread(_ field: String, _ screens: [DeepLinkPayload.Filled])
        -> DeepLinkError.Reason
    {
        let typed = screens.filter { $0.type != nil }
        if typed.count == 1, let type = typed[0].type, let failure = typed[0].failure {
            return .invalidPayload("\(type) \(failure)")
        }
        return .unreadCapture(field, screens: typed.compactMap(\.type))
    }

    /// The value of the step at `path` in the boxed `root` and whether it takes text: what a
    /// route that pushes nothing fills with its captures, as a renewal.
    static func screen(at path: StepPath, in root: StepNodeStorage) throws(StepPathError)
        -> (any StepValue, Bool)
    {
        let resolved = try ResolvedPath(path.checked().parts, from: root)
        let value = resolved.target.anyValue
        let takesText =
            switch resolved.steps.last {
            case .child(let index)?: resolved.parent.childAccepts("", at: index)
            case .element?: resolved.parent.elementAccepts("")
            case nil: false
            }
        return (value, value is String || takesText)
    }

    /// Pushes `path` at `site` with `value` for the screen pushed, or selects it when it pushes
    /// nothing.
    /// - Returns: The path landed on, with the new element's id.
    private static func push(
        _ path: StepPath, at site: DeepLinkPushSite?, with value: (any StepValue)?,
        _ root: inout Root
    ) throws(StepPathError) -> StepPath {
        guard let site else {
            // A screen beneath that reads captures is renewed with them.
            if let value {
                try root.select(path: path, with: value)
            } else {
                try root.select(path: path)
            }
            return path
        }
        let frame = try root.push(site.plan, inside: site.inside, with: value)
        let rest = site.plan.after
        guard !rest.isEmpty else { return frame }
        let landed = StepPath(frame.segments + rest)
        if rest.count > site.inside { try root.select(path: landed) }
        return landed
    }

    /// The selected tab (see the type's "Landing"): of the nodes on the path to the visible
    /// screen that show tabs, the tab the last one selects; the root when none does.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    static func selectedTab(of root: Root) -> StepPath {
        StepStorage.make(root).visibleTab
    }

    /// Lands on the step path a link no pattern matches names.
    private func landOnPath(_ path: StepPath, _ root: inout Root, _ url: URL)
        throws(DeepLinkError)
    {
        guard path.segments.count <= limits.maximumDepth else {
            throw DeepLinkError(link: url.absoluteString, reason: .tooDeep(path.segments.count))
        }
        do {
            switch landing {
            case .show: try root.show(path: path)
            case .select: try root.select(path: path)
            }
        } catch {
            throw DeepLinkError(link: url.absoluteString, reason: .invalidTarget(error))
        }
    }
}
