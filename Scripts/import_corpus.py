#!/usr/bin/env python3
"""Runs `dicfg import` over the public apps of docs/import-corpus.md and prints, per app, what it
imported of the registrations counted by hand, how much of that is graph entries, the silent misses,
and the written graph's findings under `dicfg validate --all-envs --swift`.

The apps are read where they lie, never copied into the repository: each row's repository at its
commit, from a folder of git snapshots (`OWNER+NAME/repo` or `OWNER+NAME` as a git directory, the
search tool's `fetch` layout) or of work trees (`OWNER+NAME/`, taken as they are).

    python3 Scripts/import_corpus.py .build/debug/dicfg --snapshots /work/.mirror
    python3 Scripts/import_corpus.py .build/debug/dicfg --trees /path/to/checkouts --keep out/

Exits 1 when an app the table lists is nowhere to be found, 0 otherwise (the figures are the
result; the thresholds are the issue's, read off the printed table).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "docs", "import-corpus.md")
TEST_PATH = re.compile(r"(^|/)[^/]*Tests(/|$)")


def rows():
    """The table's rows: repository, commit, library, files and hand counts."""
    found = []
    in_table = False
    for line in open(TABLE, encoding="utf-8"):
        if line.startswith("| repository | commit |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            in_table = False
        if not in_table or line.startswith("|---"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        counts = [int(cell) for cell in cells[4:13]]
        found.append({
            "repository": cells[0], "commit": cells[1].strip("`"), "library": cells[2],
            "files": [path.strip().strip("`") for path in cells[3].split(",")],
            "counted": counts[0],
        })
    return found


def materialize(row, snapshots, trees, into):
    """The app's Swift files at its commit in the folder `into`; False where it is not found."""
    name = row["repository"].replace("/", "+")
    if trees and os.path.isdir(os.path.join(trees, name)):
        shutil.copytree(os.path.join(trees, name), into, dirs_exist_ok=True)
        return True
    for candidate in [os.path.join(snapshots or "", name, "repo"), os.path.join(snapshots or "", name)]:
        if snapshots and os.path.isdir(candidate):
            archive = subprocess.run(
                ["git", "--git-dir", candidate, "archive", row["commit"], "--", ":(glob)**/*.swift"],
                capture_output=True)
            if archive.returncode != 0:
                continue
            os.makedirs(into, exist_ok=True)
            subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
            return True
    return False


def swift_files(root):
    """The app's Swift files but its tests', for the declarations."""
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.relpath(os.path.join(folder, name), root)
            if name.endswith(".swift") and not TEST_PATH.search(path):
                yield path


def run(dicfg, row, app, out):
    files = [path for path in row["files"]]
    declarations = [path for path in swift_files(app) if path not in files]
    listing = os.path.join(out, "declarations.txt")
    os.makedirs(out, exist_ok=True)
    command = [dicfg, "import", *files, "--output", os.path.join(out, "graph"), "--report", "json", "--force"]
    # Declarations are passed as folders where a whole folder is the app's, else file by file.
    for path in declarations:
        command += ["--swift", path]
    with open(listing, "w") as handle:
        handle.write("\n".join(declarations))
    imported = subprocess.run(command, cwd=app, capture_output=True, text=True)
    if imported.returncode != 0:
        return {"error": imported.stderr.strip()}
    report = json.loads(imported.stdout)
    with open(os.path.join(out, "report.json"), "w") as handle:
        handle.write(imported.stdout)
    graph = os.path.join(out, "graph", "dicfg.yaml")
    validate = subprocess.run(
        [dicfg, "validate", "--all-envs", "--format", "json", *sum((["--swift", p] for p in files + declarations), []),
         graph],
        cwd=app, capture_output=True, text=True)
    try:
        findings = json.loads(validate.stdout).get("diagnostics", [])
    except json.JSONDecodeError:
        findings = [{"severity": "error", "code": "validate-output", "message": validate.stderr.strip()[:300]}]
    return {"report": report, "findings": findings}


def summarize(row, result):
    report = result["report"]
    entries = report["registrations"]
    # Factory's contexts (`.onTest { … }`) are the same registration in another layer: counted once.
    # (a context's entry has its registration's id, and comes after it).
    seen = set()
    base = []
    for entry in entries:
        if entry["library"] == "Factory" and entry["id"] in seen:
            continue
        seen.add(entry["id"])
        base.append(entry)
    imported = [entry for entry in base if entry["outcome"] != "notImported"]
    graph = [entry for entry in imported if entry["outcome"] in ("asWritten", "binding")]
    errors = [finding for finding in result["findings"] if finding.get("severity") == "error"]
    codes = {}
    for finding in errors:
        codes[finding.get("code", "?")] = codes.get(finding.get("code", "?"), 0) + 1
    return {
        "counted": row["counted"], "read": len(base), "imported": len(imported), "graph": len(graph),
        "silent": max(0, row["counted"] - len(base)), "files_not_read": len(report.get("filesNotRead", [])),
        "errors": len(errors), "codes": codes,
        "reasons": [entry.get("reason", "") for entry in base if entry["outcome"] == "notImported"],
        "messages": [f"{f.get('location', {}).get('file', '')}:{f.get('location', {}).get('line', '')}: "
                     f"{f.get('message', '')}" for f in errors],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dicfg", help="the dicfg binary")
    parser.add_argument("--snapshots", help="a folder of git snapshots, OWNER+NAME each")
    parser.add_argument("--trees", help="a folder of work trees, OWNER+NAME each")
    parser.add_argument("--keep", help="a folder to keep each app's written graph and report in")
    parser.add_argument("--only", help="the repositories to run, by a part of their name")
    parser.add_argument("--verbose", action="store_true", help="print each reason and finding")
    arguments = parser.parse_args()
    dicfg = os.path.abspath(arguments.dicfg)
    missing = []
    print("| app | library | imported / counted | graph entries / imported | silent misses | files not read "
          "| validate errors |")
    print("|---|---|---|---|---|---|---|")
    totals = {"counted": 0, "imported": 0, "graph": 0, "silent": 0}
    for row in rows():
        if arguments.only and arguments.only not in row["repository"]:
            continue
        work = tempfile.mkdtemp(prefix="dicfg-corpus-")
        try:
            app = os.path.join(work, "app")
            if not materialize(row, arguments.snapshots, arguments.trees, app):
                missing.append(row["repository"])
                continue
            out = os.path.join(arguments.keep, row["repository"].replace("/", "+")) if arguments.keep else \
                os.path.join(work, "out")
            result = run(dicfg, row, app, os.path.abspath(out))
            if "error" in result:
                print(f"| {row['repository']} | {row['library']} | import failed: {result['error']} | | | | |")
                continue
            s = summarize(row, result)
            for key in totals:
                totals[key] += s[key]
            percent = 100 * s["imported"] // max(1, s["counted"])
            graph = 100 * s["graph"] // max(1, s["imported"])
            codes = ", ".join(f"{code} {count}" for code, count in sorted(s["codes"].items())) or "none"
            print(f"| {row['repository']} | {row['library'].split()[0]} | {s['imported']} / {s['counted']} "
                  f"({percent}%) | {s['graph']} / {s['imported']} ({graph}%) | {s['silent']} | "
                  f"{s['files_not_read']} | {s['errors']}: {codes} |")
            if arguments.verbose:
                for reason in sorted(set(s["reasons"])):
                    print(f"    not imported ({s['reasons'].count(reason)}): {reason}")
                for message in s["messages"][:40]:
                    print(f"    error: {message}")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"| all | | {totals['imported']} / {totals['counted']} "
          f"({100 * totals['imported'] // max(1, totals['counted'])}%) | {totals['graph']} / {totals['imported']} "
          f"({100 * totals['graph'] // max(1, totals['imported'])}%) | {totals['silent']} | | |")
    if missing:
        print("not found: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
