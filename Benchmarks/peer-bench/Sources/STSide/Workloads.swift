// StepTree's side of every workload. VDSide/Workloads.swift has the same names, in the same
// order, doing the same work with VDFlow's API; the workloads at the end are StepTree's only. Each loop works on a local copy of the prepared
// state (no boxed captures, so no dynamic exclusivity checks in the loop); `escape(&local)`
// before a read keeps the read in the loop, after a write keeps the write.
import BenchCore
import Foundation
import StepTree

/// StepTree's workloads.
public func workloads() -> [Workload] {
    [
        floorWorkload(),

        // MARK: Reads, classic tree

        Workload("read.selected.root") {
            let base = deepTree()
            try expect(base.selected.content == .profile, "root selects profile")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected.content)
                }
            }
        },
        Workload("read.selected.deep") {
            let base = deepTree()
            try expect(base.profile.detail.selected.content == .dark, "detail selects dark")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.profile.detail.selected.content)
                }
            }
        },
        Workload("isSelected") {
            let base = deepTree()
            try expect(base.isSelected(.profile), "profile is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.isSelected(.profile))
                }
            }
        },
        Workload("isSelected.eq") {
            let base = deepTree()
            try expect(base.selected.content == .profile, "profile is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected.content == .profile)
                }
            }
        },
        Workload("isSelected.deep") {
            let base = deepTree()
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(
                        local.isSelected(.profile) && local.profile.value.isSelected(.detail)
                            && local.profile.detail.value.isSelected(.dark))
                }
            }
        },

        // MARK: Writes, classic tree

        Workload("select.deep") {
            var check = AppSteps()
            check.select(\.profile, \.detail, \.dark)
            try expect(
                check.selected.content == .profile && check.profile.selected.push == .detail
                    && check.profile.detail.selected.content == .dark, "deep select")
            let base = AppSteps()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.select(\.profile, \.detail, \.dark)
                    } else {
                        local.select(\.profile, \.detail, \.light)
                    }
                    escape(&local)
                }
            }
        },
        Workload("select.deep.value") {
            var check = AppSteps()
            check.select(\.profile, \.detail, with: ThemeSteps.selecting(\.dark))
            try expect(
                check.selected.content == .profile && check.profile.selected.push == .detail
                    && check.profile.detail.selected.content == .dark, "deep select with a value")
            let base = AppSteps()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    // A choice between two values, as VDFlow's `index & 1 == 0 ? .dark : .light`
                    // is: choosing between key paths instead computes an offset at run time.
                    local.select(
                        \.profile, \.detail,
                        with: index & 1 == 0
                            ? ThemeSteps.selecting(\.dark) : ThemeSteps.selecting(\.light))
                    escape(&local)
                }
            }
        },
        Workload("select.deep.onCopy") {
            let base = deepTree()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    escape(&local)
                    var next = local
                    if index & 1 == 0 {
                        next.select(\.profile, \.detail, \.light)
                    } else {
                        next.select(\.profile, \.detail, \.dark)
                    }
                    blackHole(next)
                }
            }
        },
        Workload("select.assign.root") {
            var check = deepTree()
            check.selected.content = .explore
            try expect(check.selected.content == .explore, "assign explore")
            let base = deepTree()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    local.selected.content = index & 1 == 0 ? .explore : .home
                    escape(&local)
                }
            }
        },
        Workload("select.observed", teardown: uninstallObserver) {
            let counter = CountingObserver()
            StepsObservation.observer = counter
            let base = AppSteps()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.select(\.profile, \.detail, \.dark)
                    } else {
                        local.select(\.profile, \.detail, \.light)
                    }
                    escape(&local)
                }
            }
        },

        // MARK: Equality and Codable, classic tree

        Workload("equal.same") {
            let left = deepTree()
            let right = deepTree()
            return { count in
                var local = left
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local == right)
                }
            }
        },
        Workload("equal.static") {
            let left = staticTree()
            let right = staticTree()
            try expect(left == right, "static trees are equal")
            return { count in
                var local = left
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local == right)
                }
            }
        },
        Workload("codable.roundtrip") {
            let base = deepTree()
            let encoder = JSONEncoder()
            let decoder = JSONDecoder()
            let back = try decoder.decode(AppSteps.self, from: encoder.encode(base))
            try expect(back == base, "roundtrip keeps the tree")
            try expect(
                back.profile.detail.selected.content == .dark, "roundtrip keeps the selection")
            return { count in
                var local = base
                return try timeLoop(count) { _ in
                    escape(&local)
                    let data = try encoder.encode(local)
                    blackHole(try decoder.decode(AppSteps.self, from: data))
                }
            }
        },

        // MARK: The large tree

        Workload("large.read.selected.root") {
            let base = deepLargeTree()
            try expect(base.selected.content == .t9, "root selects t9")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected.content)
                }
            }
        },
        Workload("large.read.selected.deep") {
            let base = deepLargeTree()
            try expect(base.t9.c4.c4.selected.content == .c4, "t9/c4/c4 selects c4")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.t9.c4.c4.selected.content)
                }
            }
        },
        Workload("large.isSelected") {
            let base = deepLargeTree()
            try expect(base.isSelected(.t9), "t9 is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.isSelected(.t9))
                }
            }
        },
        Workload("large.select.deep") {
            var check = LRoot()
            check.select(\.t9, \.c4, \.c4, \.c3)
            try expect(
                check.selected.content == .t9 && check.t9.selected.push == .c4
                    && check.t9.c4.selected.push == .c4 && check.t9.c4.c4.selected.content == .c3,
                "deep select, large tree")
            let base = LRoot()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.select(\.t9, \.c4, \.c4, \.c4)
                    } else {
                        local.select(\.t9, \.c4, \.c4, \.c3)
                    }
                    escape(&local)
                }
            }
        },
        Workload("large.select.deep.onCopy") {
            let base = deepLargeTree()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    escape(&local)
                    var next = local
                    if index & 1 == 0 {
                        next.select(\.t9, \.c4, \.c4, \.c3)
                    } else {
                        next.select(\.t9, \.c4, \.c4, \.c4)
                    }
                    blackHole(next)
                }
            }
        },
        Workload("large.select.assign.root") {
            let base = deepLargeTree()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    local.selected.content = index & 1 == 0 ? .t3 : .t9
                    escape(&local)
                }
            }
        },
        Workload("large.equal.same") {
            let left = deepLargeTree()
            let right = deepLargeTree()
            return { count in
                var local = left
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local == right)
                }
            }
        },
        Workload("large.codable.roundtrip") {
            let base = deepLargeTree()
            let encoder = JSONEncoder()
            let decoder = JSONDecoder()
            let back = try decoder.decode(LRoot.self, from: encoder.encode(base))
            try expect(back == base, "roundtrip keeps the large tree")
            return { count in
                var local = base
                return try timeLoop(count) { _ in
                    escape(&local)
                    let data = try encoder.encode(local)
                    blackHole(try decoder.decode(LRoot.self, from: data))
                }
            }
        },
        // MARK: StepTree only (VDFlow has no path strings, diffs or navigator)

        copyFloorWorkload(),

        Workload("select.path") {
            var check = AppSteps()
            try check.select(path: "profile/detail/dark")
            try expect(check == deepTree(), "path select")
            let base = AppSteps()
            return { count in
                var local = base
                return try timeLoop(count) { index in
                    try local.select(
                        path: index & 1 == 0 ? "profile/detail/dark" : "profile/detail/light")
                    escape(&local)
                }
            }
        },
        Workload("isSelected.path") {
            let base = deepTree()
            try expect(base.isSelected(path: "profile/detail/dark"), "path is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.isSelected(path: "profile/detail/dark"))
                }
            }
        },
        Workload("diff.events") {
            let before = AppSteps()
            let after = deepTree()
            try expect(NavigationDiff.events(from: before, to: after).count == 2, "two events")
            return { count in
                var local = after
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(NavigationDiff.events(from: before, to: local).count)
                }
            }
        },
        Workload("navigator.select.path") {
            let navigator = Navigator(AppSteps())
            return { count in
                try timeLoop(count) { index in
                    try navigator.select(
                        path: index & 1 == 0 ? "profile/detail/dark" : "profile/detail/light")
                }
            }
        },
        Workload("large.select.path") {
            let base = LRoot()
            return { count in
                var local = base
                return try timeLoop(count) { index in
                    try local.select(path: index & 1 == 0 ? "t9/c4/c4/c4" : "t9/c4/c4/c3")
                    escape(&local)
                }
            }
        },
        Workload("large.diff.events") {
            let before = LRoot()
            let after = deepLargeTree()
            return { count in
                var local = after
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(NavigationDiff.events(from: before, to: local).count)
                }
            }
        },
    ]
}

/// The classic tree built by constructors, as VDFlow's `AppSteps.profile(.detail(.dark))`.
func staticTree() -> AppSteps {
    AppSteps.selecting(
        \.profile, with: ProfileSteps.selecting(\.detail, with: ThemeSteps.selecting(\.dark)))
}

/// Figures that are not times: memory, JSON size, observer calls, equality results.
public func figures() throws -> [Figure] {
    var result: [Figure] = []
    result.append(Figure("mem.inline.classic", Double(MemoryLayout<AppSteps>.size), "bytes"))
    result.append(Figure("mem.inline.large", Double(MemoryLayout<LRoot>.size), "bytes"))
    result.append(
        Figure("mem.tree.classic", heapBytesPerValue(count: 100_000) { _ in deepTree() }, "bytes"))
    result.append(
        Figure("mem.tree.large", heapBytesPerValue(count: 1_000) { _ in deepLargeTree() }, "bytes"))
    // A copy of one state with one deep change each, as a store keeping states would hold.
    let base = deepTree()
    result.append(
        Figure(
            "mem.copy.select.classic",
            heapBytesPerValue(count: 100_000) { index in
                var steps = base
                if index & 1 == 0 {
                    steps.select(\.profile, \.detail, \.light)
                } else {
                    steps.select(\.profile, \.detail, \.dark)
                }
                return steps
            }, "bytes"))
    let largeBase = deepLargeTree()
    result.append(
        Figure(
            "mem.copy.select.large",
            heapBytesPerValue(count: 1_000) { index in
                var steps = largeBase
                if index & 1 == 0 {
                    steps.select(\.t9, \.c4, \.c4, \.c3)
                } else {
                    steps.select(\.t9, \.c4, \.c4, \.c4)
                }
                return steps
            }, "bytes"))
    let encoder = JSONEncoder()
    result.append(Figure("json.classic", Double(try encoder.encode(deepTree()).count), "bytes"))
    result.append(Figure("json.large", Double(try encoder.encode(deepLargeTree()).count), "bytes"))
    // Observer calls per deep select (alternating dark / light, as select.observed does).
    let counter = CountingObserver()
    StepsObservation.observer = counter
    var steps = AppSteps()
    for index in 0..<1_000 {
        if index & 1 == 0 {
            steps.select(\.profile, \.detail, \.dark)
        } else {
            steps.select(\.profile, \.detail, \.light)
        }
    }
    StepsObservation.observer = nil
    result.append(Figure("observer.calls.per.select", Double(counter.calls) / 1_000, "calls"))
    result.append(Figure("equal.same.result", deepTree() == deepTree() ? 1 : 0, "bool"))
    result.append(
        Figure(
            "equal.static.result",
            staticTree() == staticTree() ? 1 : 0, "bool"))
    result.append(
        Figure("large.equal.same.result", deepLargeTree() == deepLargeTree() ? 1 : 0, "bool"))
    return result
}

/// Uninstalls the counting observer of `select.observed`.
func uninstallObserver() {
    StepsObservation.observer = nil
}
