#!/usr/bin/env bash
# Builds an empty and a minimal app in release, twice: linked as SwiftPM links on Linux, and
# dead-stripped as Apple's linker does (a section per function, public symbols internalized at
# link time). Prints what the minimal app adds in each, as `size` counts text (Berkeley "text":
# code, read-only data, unwind tables and Swift metadata), then, for the dead-stripped app, its
# largest symbols grouped by module and its code by the folder of Sources/StepTree it comes from
# (by-folder.py; `by-folder.py BINARY SOURCES --files` for files).
#
#     Benchmarks/size/measure.sh           # the guard: the dead-stripped app adds at most 800 KB
#     Benchmarks/size/measure.sh --top 40  # more contributors
#
# The default link keeps more than the app uses: Swift on Linux gives each public function a
# section of its own that `--gc-sections` must keep, and puts a file's internal code in one
# section, so every public function of the core stays with all it calls. The dead-stripped
# build shows what the app really needs, which is what an app on Apple platforms ships.
set -euo pipefail
cd "$(dirname "$0")"
top=25
# The guard, in bytes of text the minimal app adds when dead-stripped: the modules issue's bar,
# 800 KB. The destinations issue took the app to 817,897 B; tracked Observation parts in a sorted
# array instead of a Set, duplicate segments found over the stack positions' dictionary code, a
# renewal read by its bytes and the element-id rule out of the generic stack brought it to
# 796,614 B.
bar=800000
while [ $# -gt 0 ]; do
    case "$1" in
        --top) top=$2; shift 2 ;;
        *) echo "usage: measure.sh [--top N]" >&2; exit 2 ;;
    esac
done
stripped=(--scratch-path .build/sections
    -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xswiftc -Xfrontend -Xswiftc -internalize-at-link)
# Berkeley text: the first column of `size`.
berkeley() { size "$1" | awk 'NR == 2 { print $1 }'; }
# The text the minimal app adds, built with the flags given.
adds() {
    swift build -c release "$@" --product empty-app >&2
    swift build -c release "$@" --product minimal-app >&2
    local bin
    bin=$(swift build -c release "$@" --show-bin-path)
    echo $(($(berkeley "$bin/minimal-app") - $(berkeley "$bin/empty-app")))
}
default_link=$(adds)
dead_stripped=$(adds "${stripped[@]}")
bin=$(swift build -c release "${stripped[@]}" --show-bin-path)
printf 'text the minimal app adds: %d bytes with the default link, %d bytes dead-stripped (bar %d)\n' \
    "$default_link" "$dead_stripped" "$bar"
echo
echo "text bytes of the minimal app's symbols, by where they come from:"
nm --size-sort -S -t d "$bin/minimal-app" | awk '$3 ~ /^[tTwW]$/ { print $2, $4 }' > sizes.tmp
awk '{ module = "other (runtime, libc)"
       if ($2 ~ /8StepTree/) module = "StepTree (its own code and its types'\'' specializations)"
       else if ($2 ~ /^\$s[sS]/ || $2 ~ /^\$s[0-9]*Swift/) module = "Swift standard library"
       else if ($2 ~ /Foundation/) module = "Foundation"
       total[module] += $1 }
     END { for (m in total) printf "  %9d  %s\n", total[m], m }' sizes.tmp | sort -nr
echo
echo "largest $top symbols of StepTree:"
grep 8StepTree sizes.tmp | sort -k1 -nr | sed -n "1,${top}p" > top.tmp
awk '{ print $1 }' top.tmp > top-sizes.tmp
awk '{ print $2 }' top.tmp | swift demangle --simplified > top-names.tmp
paste -d ' ' top-sizes.tmp top-names.tmp | awk '{ size = $1; $1 = ""; printf "  %8d %s\n", size, substr($0, 2, 150) }'
rm -f top.tmp top-sizes.tmp top-names.tmp
rm -f sizes.tmp demangled.tmp
echo
echo "text bytes of the minimal app's symbols, by folder of Sources/StepTree:"
python3 by-folder.py "$bin/minimal-app" ../../Sources/StepTree
[ "$dead_stripped" -le "$bar" ] || { echo "over the bar" >&2; exit 1; }
