#!/usr/bin/env python3
"""Checks docs/decisions/: each record is a file `NNN-title.md` starting `# N. Title` and a `Status:`
line, the numbers run from 1 without a gap or a repeat, and the index (docs/decisions.md) lists
every record once, in order, by its number, its title and its file. Prints each problem and exits 1 on
any; prints the count and exits 0 otherwise.

    python3 Scripts/decisions.py
"""
import os
import re
import sys

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "decisions")
INDEX = FOLDER + ".md"


def main():
    problems = []
    records = {}
    for name in sorted(os.listdir(FOLDER)):
        match = re.fullmatch(r"(\d{3})-[a-z0-9-]+\.md", name)
        if not match:
            problems.append(f"{name}: not named NNN-title.md")
            continue
        lines = open(os.path.join(FOLDER, name), encoding="utf-8").read().split("\n")
        heading = re.fullmatch(r"# (\d+)\. (.+)", lines[0])
        if not heading:
            problems.append(f"{name}:1: does not start '# N. Title'")
            continue
        number = int(heading.group(1))
        if number != int(match.group(1)):
            problems.append(f"{name}:1: record {number} in a file numbered {match.group(1)}")
        if len(lines) < 2 or not lines[1].startswith("Status: "):
            problems.append(f"{name}:2: no 'Status:' line under its heading")
        if number in records:
            problems.append(f"{name}: record {number} is also {records[number][0]}")
        records[number] = (name, heading.group(2))
    numbers = sorted(records)
    for expected, number in enumerate(numbers, start=1):
        if number != expected:
            problems.append(f"record {expected} is missing (the next is {number})")
            break
    index = open(INDEX, encoding="utf-8").read()
    rows = re.findall(r"^\| (\d+) \| \[(.*)\]\(decisions/(.*?)\) \| (.*?) \|$", index, re.M)
    listed = [int(number) for number, _, _, _ in rows]
    if listed != numbers:
        unlisted = sorted(set(numbers) - set(listed))
        unknown = sorted(set(listed) - set(numbers))
        problems.append(
            "decisions.md: the index does not list the records once each in order"
            + (f"; not listed: {unlisted}" if unlisted else "")
            + (f"; no such record: {unknown}" if unknown else ""))
    for number, title, file, area in rows:
        record = records.get(int(number))
        if not record:
            continue
        if file != record[0]:
            problems.append(f"decisions.md: record {number} links {file}, not {record[0]}")
        if title.replace("\\|", "|") != record[1]:
            problems.append(f"decisions.md: record {number} is '{title}' there and '{record[1]}' in {record[0]}")
        if not area.strip():
            problems.append(f"decisions.md: record {number} has no area")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"decisions: {len(records)} records, indexed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
