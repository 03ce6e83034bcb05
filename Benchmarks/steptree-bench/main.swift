import Foundation

// Release-mode benchmarks of StepTree. Every workload runs in this one process so that the
// ratios between them are meaningful. Timing never fails the run; a wrong result does.
//
//     swift run -c release steptree-bench [--quick] [--json] [--filter NAME] [--count N]
//
// STEPTREE_BENCH_PRINT_SINK=1 prints every value sunk into `blackHole` (for debugging only).

sinkPrints = getenv("STEPTREE_BENCH_PRINT_SINK") != nil
let options = Options(Array(CommandLine.arguments.dropFirst()))
let store = TreeStore()

let workloads = [
    Workload("select.typed", SelectBench.typed),
    Workload("select.observed", SelectBench.observed),
    Workload("select.observed.leaf", SelectBench.observedLeaf),
    Workload("select.value", SelectBench.valued),
    Workload("select.value.toggle", SelectBench.toggled),
    Workload("select.baseline", SelectBench.baseline),
    Workload("select.path", SelectBench.path),
    Workload("show.path", SelectBench.shown),
    Workload("select.assign", SelectBench.assigned),
    Workload("copy.select", CopyBench.typed),
    Workload("copy.floor", CopyBench.floor),
    Workload("select.schema") { try SelectBench.schemaPath(store.tree(.small)) },
    Workload("codable.roundtrip", CodableBench.roundTrip),
    Workload("codable.roundtrip.classic", CodableBench.roundTripClassic),
    Workload("diff.leaf.100") { try DiffBench.leaf(store.tree(.small)) },
    Workload("diff.leaf.100000") { try DiffBench.leaf(store.tree(.large)) },
    Workload("diff.full.10000") { try DiffBench.full(store.tree(.medium)) },
    Workload("diff.full.100000") { try DiffBench.full(store.tree(.large)) },
    Workload("observe.none") { try ObserveBench.transactions(observed: false) },
    Workload("observe.one") { try ObserveBench.transactions(observed: true) },
    Workload("equal.classic", LandingBench.equal),
    Workload("push.destination", LandingBench.push),
    Workload("route.push", LandingBench.pushingLink),
    Workload("follow.push", FollowBench.push),
    Workload("route.match.10") { try RouterBench.match(patterns: 10) },
    Workload("route.match.1000") { try RouterBench.match(patterns: 1000) },
    Workload("restore.10000") { try RestoreBench.restore(store.tree(.medium)) },
    Workload("restore.plain.10000") { try RestoreBench.plain(store.tree(.medium)) },
    Workload("stack.remove.bottom.200000", StackBench.removeBottom),
    Workload("restore.damaged.10000", DamagedRestoreBench.restore),
]

/// Runs `body`; a failure (a wrong result) stops the program with a message naming `name`.
func attempt(_ name: String, _ body: () throws -> Void) {
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("steptree-bench: \(name): \(error)\n".utf8))
        exit(1)
    }
}

if let count = options.count {
    // Instruction counting: each workload is prepared and warmed up with one operation (lazy
    // initialization stays out of the count), then runs `count` operations once.
    for workload in options.selected(workloads) {
        attempt(workload.name) {
            let run = try workload.prepare()
            _ = try run(1)
            try countedOperations(run, count)
        }
        print("\(workload.name): \(count) operations")
    }
    exit(0)
}

let clock = ContinuousClock()
let started = clock.now
var timings: [Timing] = []
for workload in options.selected(workloads) {
    attempt(workload.name) {
        timings.append(try Timing(workload.name, workload.prepare(), options: options))
    }
}
// The rounds go round-robin over the workloads, so that a burst of load on the shared machine
// hits all of them alike and the ratios stay meaningful.
for _ in 0..<options.rounds {
    for index in timings.indices {
        attempt(timings[index].name) { try timings[index].round() }
    }
}
let measurements = timings.map(\.measurement)

let report = Report(quick: options.quick, measurements: measurements, trees: store.built)
if options.json {
    print(try report.json())
} else {
    print(report.table)
    print(String(format: "\ntotal %.1f s", started.duration(to: clock.now).nanoseconds / 1e9))
}
