#!/usr/bin/env python3
"""Checks that no function of Sources/ runs over 80 lines without a comment saying why it is one
piece: a doc comment above it with "one piece", "kept whole" or "one function". CI runs it.

    python3 Scripts/function_sizes.py          # checks; lists the functions over 80 lines
    python3 Scripts/function_sizes.py --all    # also prints every function of 60 lines or more

A function is `func`, `init` or `subscript`, from its first line to the brace closing its body;
string literals and `//` comments are left out when braces are counted. Exits 1 when one over 80
lines has no such comment.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LIMIT = 80
MODIFIERS = (
    r"(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|nonisolated"
    r"|convenience|required|dynamic|borrowing|consuming)(?:\([^)]*\))?\s+)*"
)
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*" + MODIFIERS + r"(func\s+[^\s(<]+|init[?!]?|subscript)\s*[(<]")
REASON = re.compile(r"one piece|kept whole|one function", re.IGNORECASE)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def functions(path):
    """(first line, lines, name, doc comment) of each function of the file at `path`."""
    lines = open(path, encoding="utf-8").read().split("\n")
    in_block_string = False
    found = []
    for index, line in enumerate(lines):
        if line.count('"""') % 2 == 1:
            in_block_string = not in_block_string
            continue
        match = None if in_block_string else DECLARATION.match(line)
        if not match:
            continue
        depth, started, end, block = 0, False, index, False
        for end in range(index, len(lines)):
            text = lines[end]
            if text.count('"""') % 2 == 1:
                block = not block
                continue
            if block:
                continue
            for character in STRING.sub('""', text).split("//")[0]:
                if character == "{":
                    depth, started = depth + 1, True
                elif character == "}":
                    depth -= 1
            if started and depth <= 0:
                break
        if not started:
            continue
        above = index - 1
        doc = []
        while above >= 0 and lines[above].strip().startswith(("///", "//", "@")):
            doc.insert(0, lines[above].strip())
            above -= 1
        found.append((index + 1, end - index + 1, match.group(1), " ".join(doc)))
    return found


def main():
    show_all = "--all" in sys.argv[1:]
    over, unexplained, sizes = [], [], []
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            for line, count, declaration, doc in functions(path):
                sizes.append(count)
                if show_all and count >= 60:
                    print(f"{relative}:{line}: {declaration}: {count} lines")
                if count > LIMIT:
                    over.append((relative, line, declaration, count))
                    if not REASON.search(doc):
                        unexplained.append((relative, line, declaration, count))
    for relative, line, declaration, count in sorted(unexplained):
        print(
            f"{relative}:{line}: error: '{declaration}' is {count} lines, over {LIMIT}, with no comment saying why "
            + "it is one piece; split it, or say why in its doc comment ('… one piece: …')")
    print(
        f"functions: {len(sizes)}, over {LIMIT} lines: {len(over)} ({len(unexplained)} without a reason), "
        + f"60 or more: {sum(1 for size in sizes if size >= 60)}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
