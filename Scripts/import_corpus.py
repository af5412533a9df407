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


def table(header):
    """The cells of each row of the table of docs/import-corpus.md whose header starts `header`."""
    found = []
    in_table = False
    for line in open(TABLE, encoding="utf-8"):
        if line.startswith(header):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            in_table = False
        if not in_table or line.startswith("|---"):
            continue
        found.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return found


def rows():
    """The corpus's rows: repository, commit, library, files and hand counts."""
    return [{
        "repository": cells[0], "commit": cells[1].strip("`"), "library": cells[2],
        "files": [path.strip().strip("`") for path in cells[3].split(",")],
        "counted": int(cells[4]),
    } for cells in table("| repository | commit |")]


def targets_apart():
    """The folder of each app's target that reuses another target's type names (a tvOS or watchOS
    app beside the iOS app): its registrations are imported on their own with its own declarations,
    as its build sees them, and the other target's without that folder."""
    return {cells[0]: cells[1].strip("`") for cells in table("| repository | target folder read apart |")}


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


DECLARATION = re.compile(r"^\s*(?:[a-z@]\w*\s+)*(?:class|struct|enum|actor|protocol)\s+([A-Za-z_]\w*)", re.M)


def declared_types(path):
    """The names of the types a Swift file declares, as a first look (no nesting)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return set(DECLARATION.findall(handle.read()))
    except OSError:
        return set()


def run(dicfg, row, app, out, apart=None):
    """Imports the row's registrations, each target read apart on its own, and merges the results."""
    if not apart:
        return run_target(dicfg, row["files"], app, out)
    inside = [path for path in row["files"] if path.startswith(apart)]
    outside = [path for path in row["files"] if not path.startswith(apart)]
    results = [run_target(dicfg, outside, app, out, exclude=apart),
               run_target(dicfg, inside, app, os.path.join(out, "apart"), first=apart)]
    for result in results:
        if "error" in result:
            return result
    report = results[0]["report"]
    report["registrations"] = results[0]["report"]["registrations"] + results[1]["report"]["registrations"]
    for key in ("filesNotRead", "widenings"):
        report[key] = results[0]["report"].get(key, []) + results[1]["report"].get(key, [])
    return {"report": report, "findings": results[0]["findings"] + results[1]["findings"],
            "typed": merged_typed([result.get("typed") for result in results])}


def run_target(dicfg, files, app, out, exclude=None, first=None):
    everything = [path for path in swift_files(app) if path not in files]
    if exclude:
        everything = [path for path in everything if not path.startswith(exclude)]
    if first:
        # A file of another target declaring a type the target declares too is not in the target's
        # build (the two would clash there): the target sees its own.
        own = set()
        for path in everything + files:
            if path.startswith(first):
                own |= declared_types(os.path.join(app, path))
        everything = [p for p in everything if p.startswith(first)
                      or not (declared_types(os.path.join(app, p)) & own)]
    declarations = everything
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
    # The port makes the declarations private to their files that the graph builds with internal:
    # the import writes that as a patch, applied here as the port applies it.
    patch = os.path.join(out, "graph", "access.patch")
    if os.path.exists(patch):
        applied = subprocess.run(["git", "apply", patch], cwd=app, capture_output=True, text=True)
        if applied.returncode != 0:
            return {"report": report, "findings": [
                {"severity": "error", "code": "access-patch", "message": applied.stderr.strip()[:300]}]}
    validate = subprocess.run(
        [dicfg, "validate", "--all-envs", "--format", "json", *sum((["--swift", p] for p in files + declarations), []),
         graph],
        cwd=app, capture_output=True, text=True)
    try:
        findings = json.loads(validate.stdout).get("diagnostics", [])
    except json.JSONDecodeError:
        findings = [{"severity": "error", "code": "validate-output", "message": validate.stderr.strip()[:300]}]
    # The factory functions the import writes beside the graph are the app's once ported: read too.
    written = os.path.join(out, "graph", "DICfgImported.swift")
    ported = files + declarations + ([written] if os.path.exists(written) else [])
    return {"report": report, "findings": findings, "typed": typed(dicfg, app, graph, ported) if TYPED else None}


def typed(dicfg, app, graph, swift):
    """What `dicfg generate --runtime typed` says of the written graph: written, or the services only the
    full runtime builds, by what the error says they need."""
    generated = subprocess.run(
        [dicfg, "generate", "--all-envs", "--runtime", "typed", "--color", "never", "--error-limit", "0",
         *sum((["--swift", p] for p in swift), []), graph, "--output", os.path.join(app, ".dicfg-typed.swift")],
        cwd=app, capture_output=True, text=True)
    needs = [line for line in generated.stderr.splitlines() if line.endswith("[#needs-full-runtime]")]
    kinds = {}
    for line in needs:
        kind = "$container" if "takes '$container'" in line else "eager" if "is eager" in line else "link"
        kinds[kind] = kinds.get(kind, 0) + 1
    other = generated.returncode != 0 and not needs
    return {"written": generated.returncode == 0, "needs": kinds,
            "other": generated.stderr.strip().splitlines()[:3] if other else []}


TYPED = False


def merged_typed(parts):
    """The typed-runtime results of the targets read apart, as one: written where both were."""
    parts = [part for part in parts if part]
    if not parts:
        return None
    needs = {}
    for part in parts:
        for kind, count in part["needs"].items():
            needs[kind] = needs.get(kind, 0) + count
    return {"written": all(part["written"] for part in parts), "needs": needs,
            "other": sum((part["other"] for part in parts), [])}


def summarize(row, result):
    report = result["report"]
    entries = report["registrations"]
    # Factory's contexts (`.onTest { … }`) are the same registration in another layer: counted once.
    # (a context's entry has its registration's id and file, and comes after it).
    seen = set()
    base = []
    for entry in entries:
        if entry["library"] == "Factory" and (entry["file"], entry["id"]) in seen:
            continue
        seen.add((entry["file"], entry["id"]))
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
        "widened": len(report.get("widenings", [])),
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
    parser.add_argument("--typed", action="store_true",
                        help="also generate each written graph over the typed runtime alone, and print under each "
                             "row whether it was written or which services need the full runtime")
    arguments = parser.parse_args()
    global TYPED
    TYPED = arguments.typed
    dicfg = os.path.abspath(arguments.dicfg)
    missing = []
    apart = targets_apart()
    print("| app | library | imported / counted | graph entries / imported | silent misses | files not read "
          "| made internal | validate errors |")
    print("|---|---|---|---|---|---|---|---|")
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
            result = run(dicfg, row, app, os.path.abspath(out), apart.get(row["repository"]))
            if "error" in result:
                print(f"| {row['repository']} | {row['library']} | import failed: {result['error']} | | | | | |")
                continue
            s = summarize(row, result)
            for key in totals:
                totals[key] += s[key]
            percent = 100 * s["imported"] // max(1, s["counted"])
            graph = 100 * s["graph"] // max(1, s["imported"])
            codes = ", ".join(f"{code} {count}" for code, count in sorted(s["codes"].items())) or "none"
            print(f"| {row['repository']} | {row['library'].split()[0]} | {s['imported']} / {s['counted']} "
                  f"({percent}%) | {s['graph']} / {s['imported']} ({graph}%) | {s['silent']} | "
                  f"{s['files_not_read']} | {s['widened']} | {s['errors']}: {codes} |")
            if result.get("typed"):
                t = result["typed"]
                needs = ", ".join(f"{kind} {count}" for kind, count in sorted(t["needs"].items()))
                print(f"    typed runtime: {'written' if t['written'] else 'needs the full runtime: ' + (needs or '; '.join(t['other']))}"
                      f" (of {s['graph']} graph entries)")
            if arguments.verbose:
                for reason in sorted(set(s["reasons"])):
                    print(f"    not imported ({s['reasons'].count(reason)}): {reason}")
                for message in s["messages"][:40]:
                    print(f"    error: {message}")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"| all | | {totals['imported']} / {totals['counted']} "
          f"({100 * totals['imported'] // max(1, totals['counted'])}%) | {totals['graph']} / {totals['imported']} "
          f"({100 * totals['graph'] // max(1, totals['imported'])}%) | {totals['silent']} | | | |")
    if missing:
        print("not found: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
