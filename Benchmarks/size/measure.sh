#!/usr/bin/env bash
# Builds the empty and the minimal app in release (dead-stripped, as SwiftPM links release
# executables on Linux) and prints the difference of their text sections, then the largest
# symbols the minimal app adds, grouped by module, and the minimal app's text by the folder of
# Sources/StepTree it comes from (by-folder.py; `by-folder.py BINARY SOURCES --files` for files).
#
#     Benchmarks/size/measure.sh           # the bar: at most 1.0 MB (1,000,000 bytes) of text
#     Benchmarks/size/measure.sh --top 40  # more contributors
#     Benchmarks/size/measure.sh --sections # what dead stripping could reach: see below
#
# By default Swift on Linux puts all the internal code of a source file in one section and
# every public function in a section of its own that the linker must keep, so --gc-sections
# drops only files nothing refers to and never a public function. `--sections` builds (in
# .build/sections) with a section per function and public symbols internalized at link time,
# to show what the minimal app really needs; the bar is measured without it.
set -euo pipefail
cd "$(dirname "$0")"
top=25
flags=()
while [ $# -gt 0 ]; do
    case "$1" in
        --top) top=$2; shift 2 ;;
        --sections)
            flags=(--scratch-path .build/sections
                -Xswiftc -Xfrontend -Xswiftc -function-sections
                -Xswiftc -Xfrontend -Xswiftc -internalize-at-link)
            shift ;;
        *) echo "usage: measure.sh [--top N] [--sections]" >&2; exit 2 ;;
    esac
done
swift build -c release "${flags[@]}" --product empty-app >&2
swift build -c release "${flags[@]}" --product minimal-app >&2
bin=$(swift build -c release "${flags[@]}" --show-bin-path)
text() { size -A "$1" | awk '$1 == ".text" { print $2 }'; }
empty=$(text "$bin/empty-app")
minimal=$(text "$bin/minimal-app")
difference=$((minimal - empty))
printf 'text: empty %d bytes, minimal %d bytes, difference %d bytes (%.2f MB; bar 1.00 MB)\n' \
    "$empty" "$minimal" "$difference" "$(echo "$difference / 1000000" | bc -l)"
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
[ "$difference" -le 1000000 ] || { echo "over the bar" >&2; exit 1; }
