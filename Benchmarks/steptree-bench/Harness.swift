import Foundation

/// The command line: `[--quick] [--json] [--filter NAME] [--count N]`.
struct Options {
    var quick = false
    var json = false
    var filter: String?
    /// Run each workload exactly this many times, once, untimed: for counting instructions
    /// (`Benchmarks/callgrind.sh`).
    var count: Int?

    /// Measured rounds per workload, after the warm-up.
    var rounds: Int { quick ? 5 : 41 }
    /// The time one round should take; the operation count per round is calibrated to it.
    var roundTarget: Duration { quick ? .milliseconds(2) : .milliseconds(10) }

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            case "--filter":
                guard let name = rest.popFirst() else { usage("--filter needs a name") }
                filter = name
            case "--count":
                guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
                    usage("--count needs a positive number")
                }
                count = number
            default: usage("unknown argument '\(argument)'")
            }
        }
    }

    /// The workloads that run: the one the filter names, or else those it is a dotted prefix
    /// of (`diff` runs every `diff.…` workload, `diff.leaf.100` only that one, and
    /// `codable.roundtrip` not `codable.roundtrip.classic`).
    func selected(_ workloads: [Workload]) -> [Workload] {
        guard let filter else { return workloads }
        if let named = workloads.first(where: { $0.name == filter }) { return [named] }
        return workloads.filter { $0.name.hasPrefix(filter + ".") }
    }
}

private func usage(_ problem: String) -> Never {
    let text =
        "steptree-bench: \(problem)\n"
        + "usage: steptree-bench [--quick] [--json] [--filter NAME] [--count N]\n"
    FileHandle.standardError.write(Data(text.utf8))
    exit(2)
}

/// A workload's result was wrong: the run stops with this message and a non-zero status.
struct WrongResult: Error, CustomStringConvertible {
    let description: String
}

/// `value`, or a wrong result saying that `what` is missing.
func require<T>(_ value: T?, _ what: String) throws(WrongResult) -> T {
    guard let value else { throw WrongResult(description: "\(what) is missing") }
    return value
}

/// Throws ``WrongResult`` with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(WrongResult) {
    if !condition { throw WrongResult(description: message()) }
}

/// Runs `count` operations of a workload and returns how long they took.
typealias Runner = (_ count: Int) throws -> Duration

/// A named workload; `prepare` builds and checks its state once and returns the timed loop.
struct Workload {
    let name: String
    let prepare: () throws -> Runner

    init(_ name: String, _ prepare: @escaping () throws -> Runner) {
        self.name = name
        self.prepare = prepare
    }
}

/// The median time per operation of one workload.
struct Measurement {
    let name: String
    let medianNanoseconds: Double
    let iterations: Int
}

/// Whether ``blackHole(_:)`` prints. `main.swift` sets it from the environment, so the optimizer
/// cannot know that it stays false.
///
/// `nonisolated(unsafe)`: written once by `main.swift` before any workload runs, on the one
/// thread the benchmark uses, and only read afterwards; a lock or an atomic here would add its
/// cost to every measured operation.
nonisolated(unsafe) var sinkPrints = false

/// Consumes `value` as far as the optimizer can tell (it might be printed), so the work that
/// produced it cannot be dropped or folded away.
@inline(never)
func blackHole<T>(_ value: T) {
    if sinkPrints { print(value) }
}

/// Times `count` runs of `operation`, passing each its index.
@inline(__always)
func timeLoop(_ count: Int, _ operation: (Int) throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<count { try operation(index) }
    return start.duration(to: clock.now)
}

extension Duration {
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) * 1e-9
    }
}

/// Runs `count` operations of a workload, once: the function whose instructions
/// `Benchmarks/callgrind.sh` counts (by this name), so that building and checking the workload's
/// state stay out of the count.
@inline(never)
func countedOperations(_ run: Runner, _ count: Int) throws {
    _ = try run(count)
}

/// The timing of one workload: warmed up and calibrated on creation, then one sample per
/// ``round()``.
struct Timing {
    let name: String
    private let run: Runner
    /// Operations per round, calibrated so that a round takes about `options.roundTarget`.
    let perRound: Int
    /// Nanoseconds per operation, one per round.
    private var samples: [Double] = []

    init(_ name: String, _ run: @escaping Runner, options: Options) throws {
        // Warm-up and calibration: double the count until a run takes a tenth of a round.
        var count = 1
        var elapsed = try run(count)
        while elapsed < options.roundTarget / 10 && count < 1 << 26 {
            count *= 2
            elapsed = try run(count)
        }
        self.name = name
        self.run = run
        perRound = max(
            1, Int(Double(count) * (options.roundTarget / max(elapsed, .nanoseconds(1)))))
    }

    mutating func round() throws {
        samples.append(try run(perRound).nanoseconds / Double(perRound))
    }

    /// The median over the rounds so far.
    var measurement: Measurement {
        Measurement(
            name: name, medianNanoseconds: samples.sorted()[samples.count / 2],
            iterations: perRound * samples.count)
    }
}
