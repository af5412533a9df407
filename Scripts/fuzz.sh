#!/usr/bin/env bash
# Fuzzes with libFuzzer for SECONDS each (default 60): the loader and compiler, starting from a
# corpus of the graph-file examples and hostile inputs, then the Swift declaration reader, starting
# from the repository's Swift files. Findings are written to .fuzz/artifacts (and
# .fuzz/swift-artifacts); turn each into a regression test.
#   Scripts/fuzz.sh 300
# FUZZ_CONFIGURATION=debug builds without optimization: it builds in a quarter of the time and runs
# about a fifth as many inputs a second, which suits a short smoke run (CI's).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=.fuzz
mkdir -p "$work/corpus" "$work/artifacts" "$work/swift-corpus" "$work/swift-artifacts"

# Seeds: every example, and a few hostile shapes.
find config-examples -type f \( -name '*.yaml' -o -name '*.json' \) | while read -r file; do
  cp "$file" "$work/corpus/$(echo "$file" | tr '/' '_')"
done
printf 'a: &a [*a]\n' > "$work/corpus/recursive-alias"
printf 'a: &x [1]\nb: &y [*x, *x, *x]\nc: [*y, *y, *y]\n' > "$work/corpus/aliases"
printf 'base: &b {x: 1}\nm:\n  <<: [*b]\n  y: 2\n' > "$work/corpus/merge"
printf '{"a": "\\ud83d\\ude00", "b": [1, -2.5e3, null]}' > "$work/corpus/json"
printf 'dicfg: 1\ncontainers:\n  a: { collaborators: [b], services: { s: { type: S, init: { t: T } } } }\n  b: { services: { t: { type: T, as: [T] } } }\n' > "$work/corpus/containers"

# The reader's seeds: the Swift files of the sources, examples, fixtures and hard cases.
find Sources Examples Tests config-examples -name '*.swift' -size -64k | while read -r file; do
  cp "$file" "$work/swift-corpus/$(echo "$file" | tr '/' '_')"
done

configuration=${FUZZ_CONFIGURATION:-release}
swift build --package-path Fuzz -c "$configuration" --scratch-path ".build-fuzz-$configuration" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
bin=$(swift build --package-path Fuzz -c "$configuration" --scratch-path ".build-fuzz-$configuration" --show-bin-path)
"$bin/DICfgFuzzer" "$work/corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1
# Two seconds an input: a 64 KiB file takes about a millisecond, so a time-out is a reader
# that is not linear in its input.
"$bin/DICfgSwiftReaderFuzzer" "$work/swift-corpus" -max_total_time="$seconds" -max_len=65536 -timeout=2 \
  -rss_limit_mb=4096 -artifact_prefix="$work/swift-artifacts/" -print_final_stats=1
