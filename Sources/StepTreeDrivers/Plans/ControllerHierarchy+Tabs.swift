import StepTree

extension ControllerHierarchy {
    /// Forgets the containers of the steps at `paths` and of the steps inside them (with
    /// `keepingOwn`, only inside them), with the tab bars that no tab is left in.
    mutating func forgetContainers(inside paths: [StepPath], keepingOwn: Bool) -> [Change] {
        let inside = ScreenContainer.sorted(stacks.keys).filter { id in
            paths.contains { path in
                id.path.segments.starts(with: path.segments) && !(keepingOwn && id.path == path)
            }
        }
        var touched: Set<StepPath> = []
        let changes = forget(inside, touching: &touched)
        return changes + setTabs(of: touched, from: nil)
    }

    /// Builds the containers of a renewed step again, from `screen`: they go with their frames
    /// and tab bars, and the tabs come back in their places, each with its content and frames.
    mutating func rebuild(_ path: StepPath, from screen: ScreenState?) -> [Change] {
        guard let screen else { return [] }
        var touched: Set<StepPath> = []
        let inside = ScreenContainer.sorted(stacks.keys).filter {
            $0.path.segments.starts(with: path.segments)
        }
        var changes = forget(inside, touching: &touched)
        changes += addTabs(from: screen, under: path, touching: &touched)
        return changes + setTabs(of: touched, from: screen)
    }

    /// Makes the containers those of `screen`: the ones it does not have go, the missing tabs
    /// are built in their tab bars (embedded where their nodes sit), and every tab bar shows
    /// the tab `screen` selects.
    mutating func reconcile(with screen: ScreenState) -> [Change] {
        let wanted = Set(screen.containers)
        var touched: Set<StepPath> = []
        var changes = forget(
            ScreenContainer.sorted(stacks.keys).filter { !wanted.contains($0) },
            touching: &touched)
        changes += addTabs(from: screen, under: .root, touching: &touched)
        changes += setTabs(of: touched, from: screen)
        for owner in Self.sorted(tabBars.keys) where !touched.contains(owner) {
            let key = screen.selectedContentKey(at: owner)
            guard tabBars[owner]?.selected != key else { continue }
            tabBars[owner]?.selected = key
            changes.append(.selectTab(owner: owner, key: key))
        }
        return changes
    }

    // MARK: Steps

    /// Forgets `containers` (never the root's), takes the tabs among them out of their tab
    /// bars and removes the bars left with no tab; `touched` gains the bars that keep tabs.
    private mutating func forget(
        _ containers: [ScreenContainer], touching touched: inout Set<StepPath>
    ) -> [Change] {
        var changes: [Change] = []
        for id in containers where id != .root && stacks[id] != nil {
            stacks[id] = nil
            modals.removeAll { ScreenContainer.modal($0.path) == id }
            changes.append(.forget(id))
            guard case .tab(let path) = id, let owner = path.parent, var bar = tabBars[owner]
            else { continue }
            bar.tabs.removeAll { $0 == path }
            if bar.tabs.isEmpty {
                tabBars[owner] = nil
                touched.remove(owner)
                changes.append(.removeTabBar(owner: owner))
            } else {
                tabBars[owner] = bar
                touched.insert(owner)
            }
        }
        return changes
    }

    /// Builds the tabs at or under `path` that `screen` has and the hierarchy does not, outer
    /// ones first, each in its tab bar, embedded first where the bar's node sits; `touched`
    /// gains their bars.
    private mutating func addTabs(
        from screen: ScreenState, under path: StepPath, touching touched: inout Set<StepPath>
    ) -> [Change] {
        var changes: [Change] = []
        for id in screen.containers where stacks[id] == nil {
            guard case .tab(let tab) = id, tab.segments.starts(with: path.segments),
                let owner = tab.parent
            else { continue }
            if tabBars[owner] == nil {
                // A screen the user removed while the update ran is not there to hold the
                // tabs, nor one that a later change of the update pushes.
                guard let host = host(of: owner, in: screen) else { continue }
                tabBars[owner] = TabBar(host: host, tabs: [], selected: nil)
                changes.append(.embedTabBar(owner: owner, in: host))
            }
            let frames = screen.frames(of: id) ?? []
            stacks[id] = frames
            let tabs = Self.sorted((tabBars[owner]?.tabs ?? []) + [tab])
            tabBars[owner]?.tabs = tabs
            touched.insert(owner)
            changes.append(.buildTab(tab, frames: frames))
        }
        return changes
    }

    /// Sets the tabs of the bars of `owners`, sorted, showing the tab `screen` selects (the
    /// one they show, without a screen).
    private mutating func setTabs(of owners: Set<StepPath>, from screen: ScreenState?)
        -> [Change]
    {
        Self.sorted(owners).compactMap { owner in
            guard var bar = tabBars[owner] else { return nil }
            if let screen {
                bar.selected = screen.selectedContentKey(at: owner)
                tabBars[owner] = bar
            }
            return .setTabs(owner: owner, tabs: bar.tabs, selected: bar.selected)
        }
    }

    /// The controller that the node at `path` sits in on `screen`, when the hierarchy has it:
    /// its frame's, or its container's content.
    private func host(of path: StepPath, in screen: ScreenState) -> Host? {
        switch screen.place(of: path) {
        case nil:
            return nil
        case .frame(let identity):
            let frames = modals.lazy.map(\.frame) + stacks.values.lazy.joined()
            return frames.first { $0.identity == identity }.map(Host.frame)
        case .container(let container):
            return stacks[container] == nil ? nil : .content(container)
        }
    }

    /// Paths sorted by their segments, so that the changes come in one order.
    static func sorted(_ paths: some Sequence<StepPath>) -> [StepPath] {
        paths.sorted { $0.segments.lexicographicallyPrecedes($1.segments) }
    }
}
