#!/usr/bin/env bash
# What a typed container's accessors cost on each runtime, in a release build: instructions per loop
# turn (callgrind; the difference between 200,000 and 100,000 turns over 100,000), for one graph file
# of a singleton `store` and a graph-scoped `feed` taking it, generated twice:
#   full   over DICfgRuntime (`dicfg generate`), the app depending on this checkout's runtime;
#   typed  over the typed runtime alone (`dicfg generate --runtime typed`), the app depending on
#          Distribution/dicfg-generator's DICfgTypedRuntime.
# Each is run in three modes:
#   singleton  `root.store === root.store`          (a built singleton read twice)
#   graph      `root.feed.store === root.store`     (a feed constructed, and the singleton read)
#   floor      `store === store`                    (a stored `let` read twice: hand-written code)
#
#   Benchmarks/typed_runtime.sh [DICFG]
# DICFG generates the containers (default: this checkout's debug `dicfg`, built first). Prints one line
# per runtime and mode: "<runtime> <mode> <instructions per turn>".
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
source "$repository/Benchmarks/callgrind.sh"
dicfg=$(generating_dicfg "$repository" "${1:-}")
work=$(mktemp -d /tmp/dicfg-typed-runtime.XXXXXX)
bins=()
trap 'rm -rf "$work" "${bins[@]}"' EXIT
package=$(basename "$repository" | tr "[:upper:]" "[:lower:]")
for runtime in full typed; do
  mkdir -p "$work/$runtime/Sources/Bench"
  if [ "$runtime" = full ]; then
    dependency=".package(path: \"$repository\")"
    product=".product(name: \"DICfgRuntime\", package: \"$package\")"
  else
    dependency=".package(path: \"$repository/Distribution/dicfg-generator\")"
    product='.product(name: "DICfgTypedRuntime", package: "dicfg-generator")'
  fi
  cat > "$work/$runtime/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "Bench", dependencies: [$dependency],
  targets: [.executableTarget(name: "Bench", dependencies: [$product])])
SWIFT
  cat > "$work/$runtime/Sources/Bench/Types.swift" <<'SWIFT'
final class Store: Sendable { init() {} }
final class Feed: Sendable {
  let store: Store
  init(store: Store) { self.store = store }
}
SWIFT
  cat > "$work/$runtime/Sources/Bench/main.swift" <<'SWIFT'
let root = MainContainer()
let store = root.store
let turns = Int(CommandLine.arguments[2])!
var same = 0
switch CommandLine.arguments[1] {
case "singleton":
  for _ in 0..<turns where root.store === root.store { same &+= 1 }
case "graph":
  for _ in 0..<turns where root.feed.store === root.store { same &+= 1 }
default:
  for _ in 0..<turns where store === store { same &+= 1 }
}
print(same)
SWIFT
  cat > "$work/app.yaml" <<'YAML'
dicfg: 1
services:
  store: { type: Store, scope: singleton }
  feed: { type: Feed, init: { store: store } }
YAML
  "$dicfg" generate "$work/app.yaml" --runtime "$runtime" --swift "$work/$runtime/Sources/Bench/Types.swift" \
    --output "$work/$runtime/Sources/Bench/Gen.swift"
  swift build -c release --package-path "$work/$runtime" 2>&1 | tail -n 1 >&2
  bin=$(stripped_copy "$(swift build -c release --package-path "$work/$runtime" --show-bin-path)/Bench")
  bins+=("$bin")
  for mode in singleton graph floor; do
    small=$(callgrind_count "$bin" "$mode" 100000)
    large=$(callgrind_count "$bin" "$mode" 200000)
    echo "$runtime $mode $(((large - small) / 100000))"
  done
done
