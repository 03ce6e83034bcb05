// VDFlow against StepTree in one process: the same workload names on both sides, calibrated
// separately, then measured in interleaved rounds (StepTree, VDFlow, then VDFlow, StepTree, …)
// so that the machine's noise falls on both. Prints one row per workload: the median ns/op of
// each library and their ratio StepTree / VDFlow.
//
// usage: vdflow-vs-steptree [--quick] [--json FILE] [--filter PREFIX]
import BenchCore
import Foundation
import STSide
import VDSide

struct Options {
    var quick = false
    var json: String?
    var filter: String?

    var rounds: Int { quick ? 5 : 31 }
    var roundTarget: Duration { quick ? .milliseconds(2) : .milliseconds(10) }

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": json = rest.popFirst()
            case "--filter": filter = rest.popFirst()
            default:
                FileHandle.standardError.write(
                    Data(
                        "usage: vdflow-vs-steptree [--quick] [--json FILE] [--filter PREFIX]\n"
                            .utf8))
                exit(2)
            }
        }
    }

    func includes(_ name: String) -> Bool {
        guard let filter else { return true }
        return name == filter || name.hasPrefix(filter)
    }
}

/// One library's timing of one workload: calibrated on creation, one sample per round.
struct Timing {
    let run: Runner
    let perRound: Int
    var samples: [Double] = []

    init(_ run: @escaping Runner, options: Options) throws {
        // Warm-up and calibration: double the count until a run takes a tenth of a round.
        var count = 1
        var elapsed = try run(count)
        while elapsed < options.roundTarget / 10 && count < 1 << 26 {
            count *= 2
            elapsed = try run(count)
        }
        self.run = run
        perRound = max(
            1, Int(Double(count) * (options.roundTarget / max(elapsed, .nanoseconds(1)))))
        _ = try run(perRound)  // one more warm round at the measured size
    }

    mutating func round() throws {
        samples.append(try run(perRound).nanoseconds / Double(perRound))
    }

    var median: Double { samples.sorted()[samples.count / 2] }
}

struct Row {
    let name: String
    let stepTree: Double?
    let vdFlow: Double?
    var ratio: Double? { stepTree.flatMap { s in vdFlow.map { s / $0 } } }
}

configureSinks()
let options = Options(Array(CommandLine.arguments.dropFirst()))

let stWorkloads = STSide.workloads()
let vdWorkloads = VDSide.workloads()
var names: [String] = []
for workload in stWorkloads + vdWorkloads where !names.contains(workload.name) {
    names.append(workload.name)
}

var rows: [Row] = []
do {
    for name in names where options.includes(name) {
        let st = stWorkloads.first { $0.name == name }
        let vd = vdWorkloads.first { $0.name == name }
        var stTiming = try st.map { try Timing($0.prepare(), options: options) }
        var vdTiming = try vd.map { try Timing($0.prepare(), options: options) }
        for round in 0..<options.rounds {
            if round & 1 == 0 {
                try stTiming?.round()
                try vdTiming?.round()
            } else {
                try vdTiming?.round()
                try stTiming?.round()
            }
        }
        st?.teardown()
        vd?.teardown()
        let row = Row(name: name, stepTree: stTiming?.median, vdFlow: vdTiming?.median)
        rows.append(row)
        FileHandle.standardError.write(Data("done \(name)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("vdflow-vs-steptree: \(error)\n".utf8))
    exit(1)
}

func format(_ value: Double?) -> String {
    guard let value else { return "N/A" }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

func formatRatio(_ value: Double?) -> String {
    guard let value else { return "N/A" }
    if value >= 0.1 { return String(format: "%.2f", value) }
    return String(format: "%.2g", value)
}

let stFigures = try STSide.figures()
let vdFigures = try VDSide.figures()

print("| workload | StepTree ns/op | VDFlow ns/op | StepTree/VDFlow |")
print("|---|---:|---:|---:|")
for row in rows {
    print(
        "| `\(row.name)` | \(format(row.stepTree)) | \(format(row.vdFlow)) | \(formatRatio(row.ratio)) |"
    )
}
print("")
print("| figure | StepTree | VDFlow |")
print("|---|---:|---:|")
for figure in stFigures {
    let other = vdFigures.first { $0.name == figure.name }
    print(
        "| `\(figure.name)` (\(figure.unit)) | \(format(figure.value)) | \(format(other?.value)) |")
}

if let path = options.json {
    var object: [String: Any] = [:]
    object["workloads"] = rows.map { row -> [String: Any] in
        var entry: [String: Any] = ["name": row.name]
        if let value = row.stepTree { entry["steptree"] = value }
        if let value = row.vdFlow { entry["vdflow"] = value }
        return entry
    }
    object["figures"] = stFigures.map { figure -> [String: Any] in
        var entry: [String: Any] = [
            "name": figure.name, "unit": figure.unit, "steptree": figure.value,
        ]
        if let other = vdFigures.first(where: { $0.name == figure.name }) {
            entry["vdflow"] = other.value
        }
        return entry
    }
    let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}
