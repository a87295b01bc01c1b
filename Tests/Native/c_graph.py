#!/usr/bin/env python3
"""Checks that the C files call one way (issue #34): no circle among the files of the C targets.

Usage: c_graph.py OBJECT...   (one object file per C source, named after it: Render.o)

A file "calls into" another when it uses a global symbol the other defines (read with nm).
Prints the graph and exits 1 naming the files of the first circle found, so a format file that
calls back into its dispatcher, or a helper defined in a dispatcher, fails the native tests.
"""
import collections
import os
import subprocess
import sys


def file_graph(objects):
    defined_by, used_by = {}, collections.defaultdict(set)
    for path in objects:
        name = os.path.splitext(os.path.basename(path))[0]
        listing = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] in "TDBR":
                defined_by[fields[2]] = name
            elif len(fields) == 2 and fields[0] == "U":
                used_by[name].add(fields[1])
    graph = collections.defaultdict(set)
    for name, symbols in used_by.items():
        graph[name] |= {defined_by[s] for s in symbols if s in defined_by and defined_by[s] != name}
    return graph


def first_circle(graph):
    state, path = {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for callee in sorted(graph[node]):
            if state.get(callee) == "open":
                return path[path.index(callee):] + [callee]
            if callee not in state:
                found = visit(callee)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def main():
    graph = file_graph(sys.argv[1:])
    circle = first_circle(graph)
    if circle:
        print("C files call in a circle: " + " -> ".join(circle), file=sys.stderr)
        for name in sorted(graph):
            print(f"  {name} -> {' '.join(sorted(graph[name]))}", file=sys.stderr)
        return 1
    print(f"C call graph: {len(graph)} files call one way, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
