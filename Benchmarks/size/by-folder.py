#!/usr/bin/env python3
"""Groups an executable's text symbols by the Sources/StepTree folder whose code they are.

    by-folder.py BINARY SOURCES            # bytes per folder of SOURCES (Sources/StepTree)
    by-folder.py BINARY SOURCES --files    # bytes per file
    by-folder.py BINARY SOURCES --symbols FOLDER_OR_FILE  # the symbols of one folder or file

A symbol goes to the file its debug information names for the function (the outermost frame,
so inlined callees count for their caller, and a generic specialization for the generic's
source). Code without a StepTree source line (thunks, witnesses, metadata accessors, the
standard library specialized for StepTree types) goes to the folder that declares the first
StepTree type its demangled name mentions. The rest is the Swift runtime and standard library
code the app carries, and C startup code.
"""

import json
import os
import re
import signal
import subprocess
import sys
from collections import defaultdict

OTHER = "(Swift runtime, standard library, libc)"
UNKNOWN = "(StepTree, no folder found)"


def text_symbols(binary):
    out = subprocess.run(
        ["nm", "--defined-only", "-S", "-t", "d", binary],
        check=True, capture_output=True, text=True).stdout
    symbols = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            symbols.append((int(fields[0]), int(fields[1]), fields[3]))
    return symbols


def source_files(binary, addresses):
    """The outermost frame's file of each address, by llvm-symbolizer."""
    query = "\n".join(hex(address) for address in addresses) + "\n"
    out = subprocess.run(
        ["llvm-symbolizer", "--obj=" + binary, "--output-style=JSON", "--inlining"],
        input=query, check=True, capture_output=True, text=True).stdout
    files = {}
    for line in out.splitlines():
        entry = json.loads(line)
        frames = entry.get("Symbol", [])
        name = frames[-1].get("FileName", "") if frames else ""
        files[int(entry["Address"], 16)] = name
    return files


def demangled(names, *options):
    out = subprocess.run(
        ["swift", "demangle", *options], input="\n".join(names) + "\n",
        check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def declarations(sources):
    """The file that declares each top-level type, protocol or function of the module."""
    pattern = re.compile(
        r"^(?:@\w+(?:\([^)]*\))? )*(?:(?:public|package|internal|fileprivate|private|final|"
        r"indirect|nonisolated) )*(?:struct|class|enum|protocol|actor|typealias|func) (\w+)")
    where = {}
    for root, _, names in os.walk(sources):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as file:
                    for line in file:
                        match = pattern.match(line)
                        if match:
                            where.setdefault(match.group(1), os.path.relpath(path, sources))
    return where


def main():
    binary, sources = sys.argv[1], os.path.abspath(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else "--folders"
    symbols = text_symbols(binary)
    files = source_files(binary, [address for address, _, _ in symbols])
    mangled = [name for _, _, name in symbols]
    names, short_names = demangled(mangled), demangled(mangled, "--simplified")
    declared = declarations(sources)
    type_name = re.compile(r"StepTree\.\(?(\w+)")
    rows = []
    for (address, size, symbol), name, short in zip(symbols, names, short_names):
        file = files.get(address, "")
        where = None
        if file.startswith(sources + os.sep):
            where = os.path.relpath(file, sources)
        elif "8StepTree" in symbol:
            where = next((declared[t] for t in type_name.findall(name) if t in declared), None)
            where = where or UNKNOWN
        rows.append((where or OTHER, size, short))

    def group(where):
        if where.startswith("("):
            return where
        return where.split(os.sep)[0] if os.sep in where else "(top level) " + where

    if mode == "--symbols":
        wanted = sys.argv[4]
        chosen = [r for r in rows if r[0] == wanted or group(r[0]) == wanted]
        for where, size, name in sorted(chosen, key=lambda r: -r[1]):
            print(f"  {size:8d} {where}: {name[:160]}")
        return
    key = (lambda where: where) if mode == "--files" else group
    total, count = defaultdict(int), defaultdict(int)
    for where, size, _ in rows:
        total[key(where)] += size
        count[key(where)] += 1
    steptree = sum(size for where, size in total.items() if where != OTHER)
    for where in sorted(total, key=lambda w: -total[w]):
        print(f"  {total[where]:9d} {count[where]:6d} symbols  {where}")
    print(f"  {steptree:9d}         StepTree in all")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    main()
