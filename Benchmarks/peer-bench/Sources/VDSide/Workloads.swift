// VDFlow's side of every workload. STSide/Workloads.swift has the same names, in the same order,
// doing the same work with StepTree's API. Each loop works on a local copy of the prepared
// state (no boxed captures, so no dynamic exclusivity checks in the loop); `escape(&local)`
// before a read keeps the read in the loop, after a write keeps the write.
import BenchCore
import Foundation
import VDFlow

/// VDFlow's workloads.
public func workloads() -> [Workload] {
    [
        floorWorkload(),

        // MARK: Reads, classic tree

        Workload("read.selected.root") {
            let base = deepTree()
            try expect(base.selected == .profile, "root selects profile")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected)
                }
            }
        },
        Workload("read.selected.deep") {
            let base = deepTree()
            try expect(base.profile.detail.selected == .dark, "detail selects dark")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.profile.detail.selected)
                }
            }
        },
        Workload("isSelected") {
            let base = deepTree()
            try expect(base.isSelected(\.$profile), "profile is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.isSelected(\.$profile))
                }
            }
        },
        Workload("isSelected.eq") {
            let base = deepTree()
            try expect(base.selected == .profile, "profile is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected == .profile)
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
                        local.isSelected(\.$profile) && local.profile.isSelected(\.$detail)
                            && local.profile.detail.isSelected(\.$dark))
                }
            }
        },

        // MARK: Writes, classic tree

        Workload("select.deep") {
            var check = AppSteps.home
            check.profile.detail.$dark.select()
            try expect(
                check.selected == .profile && check.profile.selected == .detail
                    && check.profile.detail.selected == .dark, "deep select")
            let base = AppSteps.home
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.profile.detail.$dark.select()
                    } else {
                        local.profile.detail.$light.select()
                    }
                    escape(&local)
                }
            }
        },
        Workload("select.deep.value") {
            var check = AppSteps.home
            check.profile.$detail.select(with: .dark)
            try expect(
                check.selected == .profile && check.profile.selected == .detail
                    && check.profile.detail.selected == .dark, "deep select with a value")
            let base = AppSteps.home
            return { count in
                var local = base
                return timeLoop(count) { index in
                    local.profile.$detail.select(with: index & 1 == 0 ? .dark : .light)
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
                        next.profile.detail.$light.select()
                    } else {
                        next.profile.detail.$dark.select()
                    }
                    blackHole(next)
                }
            }
        },
        Workload("select.assign.root") {
            var check = deepTree()
            check.selected = .explore
            try expect(check.selected == .explore, "assign explore")
            let base = deepTree()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    local.selected = index & 1 == 0 ? .explore : .home
                    escape(&local)
                }
            }
        },
        Workload("select.observed", teardown: uninstallObserver) {
            let counter = CountingObserver()
            StepSystem.observer = counter
            let base = AppSteps.home
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.profile.detail.$dark.select()
                    } else {
                        local.profile.detail.$light.select()
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
            let left = AppSteps.profile(.detail(.dark))
            let right = AppSteps.profile(.detail(.dark))
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
            try expect(back.profile.detail.selected == .dark, "roundtrip keeps the selection")
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
            try expect(base.selected == .t9, "root selects t9")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.selected)
                }
            }
        },
        Workload("large.read.selected.deep") {
            let base = deepLargeTree()
            try expect(base.t9.c4.c4.selected == .c4, "t9/c4/c4 selects c4")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.t9.c4.c4.selected)
                }
            }
        },
        Workload("large.isSelected") {
            let base = deepLargeTree()
            try expect(base.isSelected(\.$t9), "t9 is selected")
            return { count in
                var local = base
                return timeLoop(count) { _ in
                    escape(&local)
                    blackHole(local.isSelected(\.$t9))
                }
            }
        },
        Workload("large.select.deep") {
            var check = LRoot.t0()
            check.t9.c4.c4.$c3.select()
            try expect(
                check.selected == .t9 && check.t9.selected == .c4 && check.t9.c4.selected == .c4
                    && check.t9.c4.c4.selected == .c3, "deep select, large tree")
            let base = LRoot.t0()
            return { count in
                var local = base
                return timeLoop(count) { index in
                    if index & 1 == 0 {
                        local.t9.c4.c4.$c4.select()
                    } else {
                        local.t9.c4.c4.$c3.select()
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
                        next.t9.c4.c4.$c3.select()
                    } else {
                        next.t9.c4.c4.$c4.select()
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
                    local.selected = index & 1 == 0 ? .t3 : .t9
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
    ]
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
                    steps.profile.detail.$light.select()
                } else {
                    steps.profile.detail.$dark.select()
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
                    steps.t9.c4.c4.$c3.select()
                } else {
                    steps.t9.c4.c4.$c4.select()
                }
                return steps
            }, "bytes"))
    let encoder = JSONEncoder()
    result.append(Figure("json.classic", Double(try encoder.encode(deepTree()).count), "bytes"))
    result.append(Figure("json.large", Double(try encoder.encode(deepLargeTree()).count), "bytes"))
    // Observer calls per deep select (alternating dark / light, as select.observed does).
    let counter = CountingObserver()
    StepSystem.observer = counter
    var steps = AppSteps.home
    for index in 0..<1_000 {
        if index & 1 == 0 {
            steps.profile.detail.$dark.select()
        } else {
            steps.profile.detail.$light.select()
        }
    }
    StepSystem.observer = NoopStepsObserver()
    result.append(Figure("observer.calls.per.select", Double(counter.calls) / 1_000, "calls"))
    result.append(Figure("equal.same.result", deepTree() == deepTree() ? 1 : 0, "bool"))
    result.append(
        Figure(
            "equal.static.result",
            AppSteps.profile(.detail(.dark)) == AppSteps.profile(.detail(.dark)) ? 1 : 0, "bool"))
    result.append(
        Figure("large.equal.same.result", deepLargeTree() == deepLargeTree() ? 1 : 0, "bool"))
    return result
}

/// Uninstalls the counting observer of `select.observed`.
func uninstallObserver() {
    StepSystem.observer = NoopStepsObserver()
}
