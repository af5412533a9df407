#!/usr/bin/env python3
"""Checks docs/decisions/: each record is a file `NNN-title.md` starting `# N. Title` and a `Status:`
line, the numbers run from 1 without a gap or a repeat, the index (docs/decisions.md) lists
every record once, in order, by its number, its title and its file, and a record that another's
status says it amends, replaces, supersedes, extends or refines says so in its own status ("Amended by
N"). With --fix, writes those missing back-references into the records' status lines. Prints each problem and exits 1 on
any; prints the count and exits 0 otherwise.

    python3 Scripts/decisions.py
"""
import os
import re
import sys

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "decisions")
INDEX = FOLDER + ".md"


# What a later record's status says it does to earlier ones, and how the earlier one says it back.
CHANGES = {"amend": "Amended", "replace": "Replaced", "supersede": "Superseded", "extend": "Extended", "refine": "Refined"}


def status(lines):
    """The status paragraph: from the `Status:` line to the first blank line."""
    end = next((i for i in range(1, len(lines)) if not lines[i].strip()), len(lines))
    return " ".join(lines[1:end]), end


def changed(text):
    """The records a status says this one changes, each with the verb: `Amends 88 and 89` → 88, 89."""
    found = []
    pattern = r"\b(amend|replace|supersede|extend|refine)s (?:records? )?(\d+(?:(?:, | and )\d+)*)"
    for verb, numbers in re.findall(pattern, text, re.I):
        found += [(int(number), verb.lower()) for number in re.findall(r"\d+", numbers)]
    return found


def main():
    fix = "--fix" in sys.argv[1:]
    problems = []
    records = {}
    statuses = {}
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
        statuses[number] = status(lines)[0]
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
    for number in sorted(records):
        for earlier, verb in changed(statuses[number]):
            if earlier not in records or earlier >= number:
                continue
            words = "|".join(CHANGES.values())
            said = re.search(rf"\b(?:{words}) by (?:records? )?[^.]*\b{number}\b", statuses[earlier], re.I)
            if said:
                continue
            if fix:
                path = os.path.join(FOLDER, records[earlier][0])
                lines = open(path, encoding="utf-8").read().split("\n")
                _, end = status(lines)
                lines[end - 1] = lines[end - 1].rstrip() + f" {CHANGES[verb]} by {number} ({records[number][1]})."
                open(path, "w", encoding="utf-8").write("\n".join(lines))
                statuses[earlier] = status(lines)[0]
                continue
            problems.append(
                f"{records[earlier][0]}:2: record {number} {verb}s it, and its status does not say "
                f"'{CHANGES[verb]} by {number}' (python3 Scripts/decisions.py --fix)")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"decisions: {len(records)} records, indexed, each change to an earlier one said there")
    return 0


if __name__ == "__main__":
    sys.exit(main())
