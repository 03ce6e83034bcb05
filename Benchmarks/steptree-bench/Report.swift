import Foundation

/// A ratio between two workloads' medians, with the bar it should stay under (`nil`: reported
/// only).
struct Ratio {
    let numerator: String
    let denominator: String
    let bar: Double?

    var name: String { "\(numerator)/\(denominator)" }

    static let all = [
        // A typed deep link against the same change written as assignments through the
        // library's own structs.
        Ratio(numerator: "select.typed", denominator: "select.assign", bar: 2),
        Ratio(numerator: "select.path", denominator: "select.assign", bar: 10),
        Ratio(numerator: "show.path", denominator: "select.path", bar: 1.5),
        // Reported only: the same editor on a schema-driven tree, through a stack element.
        Ratio(numerator: "select.schema", denominator: "select.path", bar: nil),
        // 2.5, not 1.5: a thread-safe, replaceable observer costs a counted window (two atomic
        // operations) per observed select and a retained child box (two more) per report.
        Ratio(numerator: "select.observed", denominator: "select.typed", bar: 2.5),
        // Reported only: a deep select on a copy against the same two box copies in the
        // standard library's own copy-on-write box, the floor of any design that boxes nodes.
        Ratio(numerator: "copy.select", denominator: "copy.floor", bar: nil),
        // Reported only: what a renewal with a value adds to a typed deep link.
        Ratio(numerator: "select.value", denominator: "select.typed", bar: nil),
        Ratio(numerator: "diff.leaf.100000", denominator: "diff.leaf.100", bar: 3),
        // Time only: the bar on full-diff linearity is on instructions (Benchmarks/callgrind.sh),
        // since time also measures a working set that outgrows the cache.
        Ratio(numerator: "diff.full.100000", denominator: "diff.full.10000", bar: nil),
        Ratio(numerator: "observe.one", denominator: "observe.none", bar: 1.2),
        Ratio(numerator: "route.match.1000", denominator: "route.match.10", bar: 3),
        Ratio(numerator: "restore.10000", denominator: "restore.plain.10000", bar: 2),
    ]
}

/// The memory of the largest tree built and of the process.
struct MemoryReport: Encodable {
    var treeNodes: Int?
    var treeHeapBytes: Int?
    var bytesPerNode: Double?
    /// The bytes (inline and heap) one step of a hand-written tree takes: `LinkRoot` after a
    /// deep link, 30 steps.
    var handWrittenBytesPerStep: Double?
    var peakRSSBytes: Int

    enum CodingKeys: String, CodingKey {
        case treeNodes = "tree_nodes"
        case treeHeapBytes = "tree_heap_bytes"
        case bytesPerNode = "bytes_per_node"
        case handWrittenBytesPerStep = "hand_written_bytes_per_step"
        case peakRSSBytes = "peak_rss_bytes"
    }

    init(largest: BuiltTree?) {
        handWrittenBytesPerStep = SelectBench.bytesPerStep().map(rounded)
        treeNodes = largest?.nodes
        treeHeapBytes = largest?.heapBytes
        if let largest, let heap = largest.heapBytes {
            bytesPerNode = rounded(Double(heap) / Double(largest.nodes))
        }
        peakRSSBytes = peakResidentBytes()
    }
}

/// Everything one run found, in the shape printed by `--json`.
struct Report: Encodable {
    struct Benchmark: Encodable {
        let name: String
        let medianNanoseconds: Double
        let iterations: Int

        enum CodingKeys: String, CodingKey {
            case name
            case medianNanoseconds = "median_ns"
            case iterations
        }
    }

    struct RatioValue: Encodable {
        let value: Double
        let bar: Double?
        let status: String
    }

    struct Tree: Encodable {
        let nodes: Int
        let shape: String
    }

    let mode: String
    let benchmarks: [Benchmark]
    let trees: [Tree]
    let memory: MemoryReport
    let ratios: [String: RatioValue]

    init(quick: Bool, measurements: [Measurement], trees: [BuiltTree]) {
        mode = quick ? "quick" : "full"
        benchmarks = measurements.map {
            Benchmark(
                name: $0.name, medianNanoseconds: rounded($0.medianNanoseconds),
                iterations: $0.iterations)
        }
        self.trees = trees.map { Tree(nodes: $0.nodes, shape: $0.shape.description) }
        memory = MemoryReport(largest: trees.last)
        var medians: [String: Double] = [:]
        for measurement in measurements {
            medians[measurement.name] = measurement.medianNanoseconds
        }
        var ratios: [String: RatioValue] = [:]
        for ratio in Ratio.all {
            guard let top = medians[ratio.numerator], let bottom = medians[ratio.denominator]
            else { continue }
            let value = top / bottom
            let status = ratio.bar.map { value <= $0 ? "ok" : "over" } ?? "reported"
            ratios[ratio.name] = RatioValue(value: rounded(value), bar: ratio.bar, status: status)
        }
        self.ratios = ratios
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The table printed without `--json`.
    var table: String {
        var lines = ["StepTree benchmarks (\(mode) mode, median over rounds)", ""]
        lines.append(
            pad("workload", 20) + pad("ns/op", 14, right: true) + pad("iterations", 14, right: true)
        )
        for benchmark in benchmarks {
            lines.append(
                pad(benchmark.name, 20) + pad(format(benchmark.medianNanoseconds), 14, right: true)
                    + pad(String(benchmark.iterations), 14, right: true))
        }
        lines.append("")
        for tree in trees { lines.append("tree: \(tree.nodes) nodes (\(tree.shape))") }
        if let nodes = memory.treeNodes, let heap = memory.treeHeapBytes,
            let perNode = memory.bytesPerNode
        {
            lines.append(
                "memory: \(nodes)-node tree takes \(megabytes(heap)) of heap, "
                    + "\(format(perNode)) bytes/node")
        }
        if let perStep = memory.handWrittenBytesPerStep {
            lines.append(
                "memory: a hand-written tree (\(SelectBench.stepCount) steps) takes "
                    + "\(format(perStep)) bytes/step")
        }
        lines.append("memory: peak resident \(megabytes(memory.peakRSSBytes))")
        lines.append("")
        lines.append(pad("ratio", 36) + pad("value", 10, right: true) + pad("bar", 10, right: true))
        for ratio in Ratio.all {
            guard let value = ratios[ratio.name] else { continue }
            lines.append(
                pad(ratio.name, 36) + pad(format(value.value), 10, right: true)
                    + pad(value.bar.map { "<= " + format($0) } ?? "-", 10, right: true) + "  "
                    + value.status)
        }
        return lines.joined(separator: "\n")
    }
}

private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

private func format(_ value: Double) -> String { String(format: "%.2f", value) }

private func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
}

private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}
