#!/usr/bin/env bash
# The Swift declaration reader on 1,000 types (ten files of 100 classes with their initializers,
# properties, methods and extensions), beside swift-syntax's parse of the same files read into the
# same records: the median time of 9 rounds each, then the instructions of one reading (callgrind,
# a run that reads minus one that only builds the files).
#   Benchmarks/swift_reader_cost.sh
# It builds Tests/SwiftReaderOracle's ReaderTiming in release, swift-syntax with it (minutes, once).
set -euo pipefail
cd "$(dirname "$0")/.."
package=Tests/SwiftReaderOracle
swift build -c release --package-path "$package" --product ReaderTiming 2>&1 | tail -n 1 >&2
binary="$(swift build -c release --package-path "$package" --show-bin-path)/ReaderTiming"
"$binary"
source Benchmarks/callgrind.sh
stripped=$(stripped_copy "$binary")
trap 'rm -f "$stripped"' EXIT
count() { callgrind_count "$stripped" "$1"; }
none=$(count none)
scanner=$(( $(count scanner) - none ))
syntax=$(( $(count syntax) - none ))
echo
echo "| reader | instructions for 1,000 types | per type | × the scanner |"
echo "|---|---|---|---|"
python3 -c "print(f'| dicfg\'s scanner | {$scanner:,} | {$scanner/1000:,.0f} | 1.00× |')"
python3 -c "print(f'| swift-syntax 603 | {$syntax:,} | {$syntax/1000:,.0f} | {$syntax/$scanner:.2f}× |')"
