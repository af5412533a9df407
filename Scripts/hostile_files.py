#!/usr/bin/env python3
"""Runs the built dicfg binary on a folder of hostile graph files and checks each outcome.

Usage: hostile_files.py DICFG [--keep DIR]

Every file must end in exit code 1 with a located diagnostic ('path:line:column: error: ... [#code]')
as the first line of standard error -- or exit 0 where the input is legitimately valid -- never a
signal, within its time limit, and in bounded memory. Prints a table with each run's wall time and
peak memory, then 'N passed, N failed'; exits 1 if any failed.
"""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: error: .+ \[#([a-z-]+)\]$")


def files(folder):
    """(name, bytes or a writer, expected code or None for success, extra arguments, seconds)."""
    cases = []

    def add(name, content, code, args=(), seconds=10):
        cases.append((name, content, code, list(args), seconds))

    laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in range(1, 10):
        laughs += f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]\n"
    add("billion-laughs.yaml", "dicfg: 1\nparameters:\n" + "".join("  " + l + "\n" for l in laughs.splitlines()),
        "limit-exceeded")
    bomb = "m0: &m0 {" + ", ".join(f"k{i}: {i}" for i in range(10)) + "}\n"
    for level in range(1, 12):
        bomb += f"m{level}: &m{level} {{" + ", ".join(f"<<: *m{level - 1}" if i == 0 else f"k{i}: *m{level - 1}"
                                                    for i in range(10)) + "}\n"
    add("merge-key-bomb.yaml", bomb, "limit-exceeded")
    add("deep-flow-sequences.yaml", "[" * 100_000, "limit-exceeded")
    add("deep-flow-mappings.yaml", "{a: " * 100_000, "limit-exceeded")
    add("deep-block-sequences.yaml", "- " * 100_000 + "x\n", "limit-exceeded")
    add("deep-explicit-keys.yaml", "? " * 100_000 + "x\n", "limit-exceeded")
    add("deep-indented-mappings.yaml", "".join(" " * i + "k:\n" for i in range(2_000)), "limit-exceeded")
    add("deep-arrays.json", "[" * 100_000 + "]" * 100_000, "limit-exceeded")
    add("deep-objects.json", '{"a":' * 100_000 + "1" + "}" * 100_000, "limit-exceeded")
    add("invalid-utf8-key.yaml", b"dicfg: 1\nservices:\n  caf\xc3(: { type: A }\n", "invalid-encoding")
    add("invalid-utf8-value.json", b'{"dicfg": 1, "x": "\xff"}', "invalid-encoding")
    add("nul.yaml", b"dicfg: 1\nservices: {}\x00\n", "invalid-encoding")
    add("utf8-bom.yaml", b"\xef\xbb\xbfdicfg: 1\nservices:\n  a: { type: A }\n", None)
    add("utf8-bom.json", b'\xef\xbb\xbf{"dicfg": 1, "services": {"a": {"type": "A"}}}', None)
    add("utf16-le-bom.yaml", "dicfg: 1\n".encode("utf-16"), "invalid-encoding")
    add("utf16-be.yaml", "dicfg: 1\n".encode("utf-16-be"), "invalid-encoding")
    add("utf32.yaml", "dicfg: 1\n".encode("utf-32-le"), "invalid-encoding")
    add("huge-scalar.yaml", "dicfg: 1\nparameters:\n  big: " + "x" * (2 << 20) + "\n", "limit-exceeded")
    add("huge-file.yaml", lambda path: _huge_file(path, 70 << 20), "limit-exceeded")
    add("ten-thousand-documents.yaml", "dicfg: 1\nservices: {}\n" + "---\ndicfg: 1\n" * 10_000, "multiple-documents")
    add("yaml11-no-as-scope.yaml", "dicfg: 1\nservices:\n  a: { type: A, scope: no }\n", "unknown-scope")
    add("yaml11-yes-as-eager.yaml", "dicfg: 1\nservices:\n  a: { type: A, scope: singleton, eager: yes }\n",
        "invalid-value")
    add("yaml11-octal-literal.yaml", "dicfg: 1\nservices:\n  a: { type: A, init: { mode: 0777 } }\n", "invalid-value")
    add("unknown-tag.yaml", "dicfg: 1\nparameters:\n  when: !!timestamp 2001-12-14\n", "unsupported-tag")
    add("local-tag.yaml", "dicfg: 1\nservices: !services {}\n", "unsupported-tag")
    add("recursive-alias.yaml", "dicfg: 1\nservices: &s { a: *s }\n", "invalid-alias")
    add("tab-indentation.yaml", "dicfg: 1\nservices:\n\ta: { type: A }\n", "syntax-error")
    chain = "dicfg: 1\nservices:\n" + "".join(
        f"  s{i}: {{ type: S, init: {{ next: s{i + 1} }} }}\n" for i in range(200_000)) + "  s200000: { type: S }\n"
    add("chain-200000.yaml", chain, None, seconds=120)
    cycle = "dicfg: 1\nservices:\n" + "".join(
        f"  s{i}: {{ type: S, init: {{ next: s{(i + 1) % 1000} }} }}\n" for i in range(1000))
    add("cycle-1000.yaml", cycle, "dependency-cycle")
    add("million-keys.yaml", lambda path: _million_keys(path), None, ["--max-file-size", str(256 << 20)], 180)
    mistakes = "dicfg: 1\nservices:\n" + "".join(
        f"  s{i}: {{ type: S, init: {{ a: sevice{(i + 1) % 20_000}, b: srvice{(i + 2) % 20_000} }} }}\n"
        for i in range(20_000))
    add("mistakes-40000.yaml", mistakes, "unknown-reference", seconds=30)
    one_line = "{" + ",".join(
        f'"s{i}":{{"type":"S","init":{{"next":"s{i + 1}"}}}}' for i in range(100_000)) + ',"s100000":{"type":"S"}}'
    add("one-line-100000.json", '{"dicfg":1,"services":' + one_line + "}", None, seconds=10)
    flow = ", ".join(f"s{i}: {{type: S, init: {{next: s{i + 1}}}}}" for i in range(100_000))
    add("one-line-100000.yaml", "{dicfg: 1, services: {" + flow + ", s100000: {type: S}}}\n", None, seconds=10)
    add("million-unknown-keys.yaml", lambda path: _million_unknown_keys(path), "unknown-key",
        ["--max-file-size", str(256 << 20)], 60)

    for name, content, code, args, seconds in cases:
        path = os.path.join(folder, name)
        if callable(content):
            content(path)
        else:
            with open(path, "wb") as handle:
                handle.write(content if isinstance(content, bytes) else content.encode())
        yield name, path, code, args, seconds


def _huge_file(path, size):
    with open(path, "wb") as handle:
        handle.write(b"dicfg: 1\nparameters:\n")
        line = b"  p%08d: value\n"
        index = 0
        while handle.tell() < size:
            handle.write(line % index)
            index += 1


def _million_keys(path):
    with open(path, "w") as handle:
        handle.write("dicfg: 1\nservices:\n")
        for index in range(1_000_000):
            handle.write(f"  s{index}: {{ type: S{index % 100} }}\n")


def _million_unknown_keys(path):
    with open(path, "w") as handle:
        handle.write("dicfg: 1\n")
        for index in range(1_000_000):
            handle.write(f"key{index}: 1\n")


def prefixes(folder):
    """Every byte-prefix of a valid file, each as its own case."""
    text = ("dicfg: 1\nparameters: { url: \"https://example.com/\\u00e9\", n: 3 }\nservices:\n"
            "  client: &c { type: Client, scope: singleton }\n  other: *c\n  user: { type: User, init: { c: client } }\n")
    data = text.encode()
    for length in range(len(data) + 1):
        path = os.path.join(folder, f"prefix-{length:04d}.yaml")
        with open(path, "wb") as handle:
            handle.write(data[:length])
        yield path


def main():
    dicfg = sys.argv[1]
    keep = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--keep" else None
    folder = keep or tempfile.mkdtemp(prefix="dicfg-hostile-")
    os.makedirs(folder, exist_ok=True)
    failures = 0
    passed = 0
    print(f"{'file':34} {'exit':>4} {'seconds':>8} {'peak MB':>8}  outcome")
    try:
        for name, path, code, args, seconds in files(folder):
            status, elapsed, peak, errors = measured(dicfg, path, args, seconds)
            problem = check(status, errors, code)
            print(f"{name:34} {str(status):>4} {elapsed:8.2f} {peak:8.1f}  {outcome(errors)}")
            if problem:
                failures += 1
                print(f"  FAILED: {problem}")
            else:
                passed += 1
        slowest = 0.0
        heaviest = 0.0
        prefix_failures = 0
        count = 0
        for path in prefixes(folder):
            # Each prefix through validate, the atlas and diff: a located error or success, never a crash.
            for command in (["validate", "--color", "never"], ["graph", "--format", "html"], ["diff", path]):
                status, elapsed, peak, errors = measured(dicfg, path, [], 10, command=command)
                count += 1
                slowest = max(slowest, elapsed)
                heaviest = max(heaviest, peak)
                if status == 0:
                    continue
                problem = check(status, errors, "")
                if problem:
                    prefix_failures += 1
                    print(f"  FAILED {command[0]} {os.path.basename(path)}: {problem}")
        print(f"{'every prefix (' + str(count) + ' runs)':34} {'0/1':>4} {slowest:8.2f} {heaviest:8.1f}  "
              f"slowest and heaviest of the prefixes: validate, graph --format html, diff")
        failures += prefix_failures
        passed += 1 if prefix_failures == 0 else 0
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


def measured(dicfg, path, args, seconds, command=("validate", "--color", "never")):
    """Runs `dicfg COMMAND ARGS PATH` and returns (status, seconds, peak MB, stderr)."""
    start = time.monotonic()
    process = subprocess.Popen([dicfg, *command, *args, path],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = b""
    deadline = start + seconds
    chunks = []
    # Read stderr while waiting, so a chatty run cannot block on a full pipe.
    os.set_blocking(process.stderr.fileno(), False)
    while True:
        try:
            chunk = process.stderr.read()
            if chunk:
                chunks.append(chunk)
        except (BlockingIOError, TypeError):
            pass
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            process.kill()
            os.wait4(process.pid, 0)
            return None, time.monotonic() - start, 0.0, "timed out"
        time.sleep(0.005)
    elapsed = time.monotonic() - start
    rest = process.stderr.read() or b""
    errors = b"".join(chunks) + rest
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status), elapsed, usage.ru_maxrss / 1024, errors.decode("utf-8", "replace")
    return os.WEXITSTATUS(status), elapsed, usage.ru_maxrss / 1024, errors.decode("utf-8", "replace")


def outcome(errors):
    """The first located error as '[#code] at line:column', else the first line."""
    for line in errors.splitlines():
        match = LOCATED.match(line)
        if match:
            position = re.match(r"^[^:\n]+:(\d+):(\d+):", line)
            return f"[#{match.group(1)}] at {position.group(1)}:{position.group(2)}"
    return errors.splitlines()[0] if errors else ""


def check(status, errors, code):
    """None when the run ended as expected, else what went wrong."""
    lines = errors.splitlines()
    if status is None:
        return "did not finish in time"
    if status < 0:
        return f"killed by signal {-status}"
    if code is None:
        return None if status == 0 else f"expected success, got exit {status}: {lines[:1]}"
    if status != 1:
        return f"expected exit 1, got {status}"
    matches = [LOCATED.match(line) for line in lines]
    codes = [match.group(1) for match in matches if match]
    if not codes:
        return f"no located error in the output: {lines[:1]!r}"
    if code and codes[0] != code:
        return f"expected [#{code}] first, got [#{codes[0]}]"
    return None


if __name__ == "__main__":
    sys.exit(main())
