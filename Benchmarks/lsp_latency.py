#!/usr/bin/env python3
"""How long `dicfg lsp` takes to publish diagnostics after an edit, and the memory it holds.

Usage: lsp_latency.py DICFG [SERVICES] [EDITS]
Writes a graph file of SERVICES services (default 1,000) with generate_graph.py, opens it in the
server, then sends EDITS (default 30) whole-document changes, each changing one literal, and times
each from the change's last byte written to the first byte of the diagnostics read back. Then asks
for completion 10 times at the file's last `type:` (the whole file before the cursor is parsed
for each), timed from request to answer. Prints the median and the slowest edit and completion,
and the server's peak resident memory (VmHWM).
"""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_graph import graph  # noqa: E402


def send(process, message):
    body = json.dumps(message).encode()
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    process.stdin.flush()


def receive(process):
    length = None
    while True:
        line = process.stdout.readline()
        if line in (b"\r\n", b""):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(process.stdout.read(length))


def diagnostics_for(process, uri):
    while True:
        message = receive(process)
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message["params"]["diagnostics"]


def main():
    dicfg = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    folder = pathlib.Path(tempfile.mkdtemp())
    path = folder / "app.yaml"
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate_graph.py"),
                    str(count), str(path)], check=True)
    text = path.read_text()
    uri = path.as_uri()
    process = subprocess.Popen([dicfg, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    receive(process)
    send(process, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(process, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    assert diagnostics_for(process, uri) == []
    times = []
    for edit in range(edits):
        changed = text.replace("timeout: 30", f"timeout: {31 + edit}", 1)
        start = time.perf_counter()
        send(process, {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": edit + 2}, "contentChanges": [{"text": changed}]}})
        diagnostics = diagnostics_for(process, uri)
        times.append((time.perf_counter() - start) * 1000)
        assert diagnostics == [], diagnostics
    completions = []
    last = text.rindex("type: ") + len("type: ")
    position = {"line": text.count("\n", 0, last), "character": last - (text.rfind("\n", 0, last) + 1)}
    for request in range(10):
        start = time.perf_counter()
        send(process, {"jsonrpc": "2.0", "id": 100 + request, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": uri}, "position": position}})
        while receive(process).get("id") != 100 + request:
            pass
        completions.append((time.perf_counter() - start) * 1000)
    with open(f"/proc/{process.pid}/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM"))
    send(process, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive(process)
    send(process, {"jsonrpc": "2.0", "method": "exit"})
    process.wait(timeout=10)
    print(f"{count} services, {len(text):,} bytes, {edits} edits: median {statistics.median(times):.1f} ms, "
          f"slowest {max(times):.1f} ms; completion at the end: median {statistics.median(completions):.1f} ms, "
          f"slowest {max(completions):.1f} ms; peak resident memory {int(peak) / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
