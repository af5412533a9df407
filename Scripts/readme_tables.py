#!/usr/bin/env python3
"""Checks README.md's module and test-target tables against Package.swift: every target of the
manifest (library, executable, C, plugin and test targets) is named in the first column of its table,
and every name there is a target, a plugin product, or a path of the repository. Exits 1 with the
names that differ; CI runs it beside the decision index's check."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def targets():
    """The manifest's targets by kind ('test' or 'module'), and its plugin products' names."""
    manifest = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    found = {"module": set(), "test": set()}
    for kind, name in re.findall(r'\.(target|executableTarget|systemLibrary|testTarget|plugin)\(\s*name:\s*"([^"]+)"', manifest):
        found["test" if kind == "testTarget" else "module"].add(name)
    # A plugin product's name, for its target's.
    products = dict(
        (target, product) for product, target in re.findall(r'\.plugin\(name:\s*"([^"]+)",\s*targets:\s*\["([^"]+)"\]', manifest))
    return found, products


def table(readme, header):
    """The backticked names of the first column of the table whose header row starts `header`, with
    the line of each."""
    names, inside = [], False
    for number, line in enumerate(readme.splitlines(), 1):
        if line.startswith(header):
            inside = True
            continue
        if inside:
            if not line.startswith("|"):
                break
            first = line.split("|")[1]
            names += [(name, number) for name in re.findall(r"`([^`]+)`", first)]
    return names


def main():
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    found, products = targets()
    problems = []
    for kind, header in (("module", "| module |"), ("test", "| test target |")):
        listed = table(readme, header)
        if not listed:
            problems.append(f"README.md: no table whose header starts '{header}'")
            continue
        names = {name for name, _ in listed}
        for name, line in listed:
            known = name in found[kind] or (kind == "module" and name in products.values())
            if not known and not os.path.exists(os.path.join(ROOT, name)):
                problems.append(f"README.md:{line}: '{name}' is no {kind} target of Package.swift, and no path here")
        # A plugin target may be named by its product.
        for name in sorted(found[kind] - names):
            if kind == "module" and products.get(name) in names:
                continue
            problems.append(f"README.md: the {kind} target '{name}' of Package.swift is not in the table '{header}'")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"README tables: {len(found['module'])} targets and {len(found['test'])} test targets, listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
