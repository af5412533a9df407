#!/usr/bin/env python3
"""What the graph atlas costs its user, end to end: `dicfg graph --format html` of an N-service
graph with a test layer (the graph Tests/AtlasBrowser opens), the page's size, and the time
headless Chromium takes from navigation to the page's first full draw.

Usage: atlas.py DICFG [N] [RUNS]   (N defaults to 1000, RUNS to 5)
Needs Chromium (`apt-get install chromium`). Prints one line per run and the medians.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "AtlasBrowser"))
import test_atlas  # noqa: E402
from chromium import Browser  # noqa: E402


def main():
    dicfg = sys.argv[1]
    test_atlas.COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    folder = tempfile.mkdtemp(prefix="dicfg-atlas-bench-")
    base = test_atlas.write_graph(folder)
    page = os.path.join(folder, "atlas.html")
    writes, draws = [], []
    for run in range(runs):
        start = time.perf_counter()
        with open(page, "w") as output:
            subprocess.run([dicfg, "graph", base, "--format", "html"], stdout=output, check=True)
        writes.append((time.perf_counter() - start) * 1000)
        browser = Browser()
        try:
            browser.open("file://" + page)
            draws.append(browser.evaluate("window.atlasRenderedAt"))
        finally:
            browser.close()
        print(f"run {run + 1}: dicfg graph --format html {writes[-1]:.0f} ms, first draw {draws[-1]:.0f} ms")
    print(
        f"{test_atlas.COUNT} services, 2 environments: page {os.path.getsize(page) / 1024 / 1024:.2f} MB, "
        f"writing it {statistics.median(writes):.0f} ms, first draw {statistics.median(draws):.0f} ms (medians of {runs})")


if __name__ == "__main__":
    main()
