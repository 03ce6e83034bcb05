#!/usr/bin/env bash
# Counts the instructions of benchmark workloads with valgrind's callgrind, which a busy machine
# cannot disturb, as it does times.
#
#     Benchmarks/callgrind.sh                      # the full-diff linearity bar (issue 11)
#     Benchmarks/callgrind.sh --count 1000 select.typed select.assign
#
# Each workload is prepared and warmed up outside the count; then `--count N` operations
# (default 1) run inside `countedOperations`, the only function whose instructions are collected.
# With no names, it counts `diff.full.10000` and `diff.full.100000` and checks that the larger
# costs at most 10.5 times the smaller (10 times the nodes, so linear work passes). Needs
# valgrind (`apt-get install -y valgrind`); CI does not run this script.
set -euo pipefail
cd "$(dirname "$0")/.."

count=1
if [ "${1:-}" = "--count" ]; then
    count=$2
    shift 2
fi
names=("$@")
checks_linearity=false
if [ "${#names[@]}" -eq 0 ]; then
    names=(diff.full.10000 diff.full.100000)
    checks_linearity=true
fi
command -v valgrind > /dev/null || { echo "callgrind.sh: needs valgrind" >&2; exit 2; }

nice -n 10 swift build -c release --product steptree-bench -Xswiftc -warnings-as-errors >&2
bench="$(swift build -c release --show-bin-path)/steptree-bench"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

declare -A instructions
for name in "${names[@]}"; do
    valgrind --tool=callgrind --toggle-collect='*countedOperations*' \
        --callgrind-out-file="$scratch/$name.out" "$bench" --filter "$name" --count "$count" \
        > /dev/null 2> "$scratch/$name.log" \
        || { cat "$scratch/$name.log" >&2; exit 1; }
    # The totals line of the profile: the instructions collected inside countedOperations.
    total=$(awk '$1 == "totals:" || $1 == "summary:" { print $2; exit }' "$scratch/$name.out")
    instructions[$name]=$total
    awk -v name="$name" -v total="$total" -v count="$count" \
        'BEGIN { printf "%-20s %16d instructions  %14.1f per operation\n", name, total, total / count }'
done

if $checks_linearity; then
    awk -v small="${instructions[diff.full.10000]}" -v large="${instructions[diff.full.100000]}" '
        BEGIN {
            ratio = large / small
            printf "diff.full.100000/diff.full.10000 instructions: %.2f (bar <= 10.5) %s\n",
                ratio, ratio <= 10.5 ? "ok" : "over"
            exit ratio <= 10.5 ? 0 : 1
        }'
fi
