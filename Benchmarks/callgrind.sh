#!/usr/bin/env bash
# Counts the instructions of benchmark workloads with valgrind's callgrind, which a busy machine
# cannot disturb, as it does times.
#
#     Benchmarks/callgrind.sh                      # the full-diff linearity bar (issue 11)
#     Benchmarks/callgrind.sh --count 1000 select.typed select.assign
#     Benchmarks/callgrind.sh --budgets .ci/perf-budgets   # CI: the hot operations' budgets
#
# Each workload is prepared and warmed up outside the count; then `--count N` operations
# (default 1) run inside `countedOperations`, the only function whose instructions are collected.
# With no names, it counts `diff.full.10000` and `diff.full.100000` and checks that the larger
# costs at most 10.5 times the smaller (10 times the nodes, so linear work passes).
#
# With `--budgets FILE` (lines of `NAME COUNT INSTRUCTIONS`: a workload, how many operations to
# count, and its budget in instructions per operation), each workload is counted and the run
# fails when one costs more than its budget by more than 3 %; one more than 3 % under it is
# reported, so that the budget can come down. A budget moves only in a commit that says why.
# Hashing is made deterministic, so that a count does not depend on the process's hash seed.
# Needs valgrind (`apt-get install -y valgrind`).
set -euo pipefail
cd "$(dirname "$0")/.."

export SWIFT_DETERMINISTIC_HASHING=1
count=1
budgets=""
if [ "${1:-}" = "--count" ]; then
    count=$2
    shift 2
elif [ "${1:-}" = "--budgets" ]; then
    budgets=$2
    shift 2
fi
names=("$@")
declare -A counts budget
if [ -n "$budgets" ]; then
    while read -r name operations limit; do
        case "$name" in "" | "#"*) continue ;; esac
        names+=("$name")
        counts[$name]=$operations
        budget[$name]=$limit
    done < "$budgets"
fi
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
over=0
for name in "${names[@]}"; do
    operations=${counts[$name]:-$count}
    valgrind --tool=callgrind --toggle-collect='*countedOperations*' \
        --callgrind-out-file="$scratch/$name.out" "$bench" --filter "$name" --count "$operations" \
        > /dev/null 2> "$scratch/$name.log" \
        || { cat "$scratch/$name.log" >&2; exit 1; }
    # The totals line of the profile: the instructions collected inside countedOperations.
    total=$(awk '$1 == "totals:" || $1 == "summary:" { print $2; exit }' "$scratch/$name.out")
    instructions[$name]=$total
    if [ -n "${budget[$name]:-}" ]; then
        awk -v name="$name" -v total="$total" -v count="$operations" -v limit="${budget[$name]}" '
            BEGIN {
                per = total / count
                verdict = per > limit * 1.03 ? "OVER (more than 3 % above the budget)" \
                    : per < limit * 0.97 ? "under by more than 3 %: the budget can come down" : "ok"
                printf "%-20s %12.1f per operation  budget %10d  %+6.1f %%  %s\n",
                    name, per, limit, (per / limit - 1) * 100, verdict
                exit per > limit * 1.03 ? 1 : 0
            }' || over=$((over + 1))
    else
        awk -v name="$name" -v total="$total" -v count="$operations" \
            'BEGIN { printf "%-20s %16d instructions  %14.1f per operation\n", name, total, total / count }'
    fi
done
if [ -n "$budgets" ]; then
    [ "$over" -eq 0 ] || { echo "callgrind.sh: $over workload(s) over budget" >&2; exit 1; }
    exit 0
fi

if $checks_linearity; then
    awk -v small="${instructions[diff.full.10000]}" -v large="${instructions[diff.full.100000]}" '
        BEGIN {
            ratio = large / small
            printf "diff.full.100000/diff.full.10000 instructions: %.2f (bar <= 10.5) %s\n",
                ratio, ratio <= 10.5 ? "ok" : "over"
            exit ratio <= 10.5 ? 0 : 1
        }'
fi
