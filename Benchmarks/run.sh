#!/usr/bin/env bash
# Runs the benchmarks in release mode and prints Markdown tables.
#   Benchmarks/run.sh            the full run (a few minutes)
#   Benchmarks/run.sh --quick    a smoke run (seconds), as CI does
set -euo pipefail
cd "$(dirname "$0")"
quick=${1:-}
files=.build-files
mkdir -p "$files"
for count in 1000 10000 100000; do
  for format in yaml json; do
    [ -f "$files/graph-$count.$format" ] || python3 generate_graph.py "$count" "$files/graph-$count.$format"
  done
done
python3 generate_startup.py
swift build -c release 2>&1 | tail -n 1
bin=$(swift build -c release --show-bin-path)
"$bin/DICfgBenchmarks" --files "$files" $quick
echo
echo "## Yams, on the same files"
echo
"$bin/YamsBenchmarks" "$files" $quick
echo
echo "## Peak memory for the 100,000-service files (above the process baseline)"
echo
baseline=$("$bin/DICfgBenchmarks" --memory none "$files/graph-100000.yaml")
echo "| file | stage | peak above baseline | × file size |"
echo "|---|---|---|---|"
for format in yaml json; do
  file="$files/graph-100000.$format"
  size=$(wc -c < "$file")
  stages="loader validate"
  [ "$format" = yaml ] && stages="raw loader validate"
  for stage in $stages; do
    peak=$("$bin/DICfgBenchmarks" --memory "$stage" "$file")
    python3 -c "d=$peak-$baseline; print(f'| $format, {$size/1e6:.1f} MB | $stage | {d/1024:.1f} MiB | {d*1024/$size:.1f}× |')"
  done
done
