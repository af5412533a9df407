#!/usr/bin/env bash
# What reaching a collaborating container costs in a release build: instructions per loop turn
# (callgrind; the difference between 200,000 and 100,000 turns over 100,000), for a graph file of two
# containers, `root` holding a singleton `store` and `feature` a singleton `feed`:
#   member  `root.feature.feed === root.feature.feed`  (the feature reached through the root each time)
#   held    `feature.feed === feature.feed`            (the feature held, as `let feature = root.feature`)
#   root    `root.store === root.store`                (the root's own accessor: the floor)
#
#   Benchmarks/container_views.sh [DICFG]
# DICFG generates the container (default: this checkout's debug `dicfg`, built first); the app
# depends on this checkout's runtime. Prints one line per mode: "<mode> <instructions per turn>".
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
source "$repository/Benchmarks/callgrind.sh"
dicfg=$(generating_dicfg "$repository" "${1:-}")
work=$(mktemp -d /tmp/dicfg-views.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Views"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "Views", dependencies: [.package(path: "$repository")],
  targets: [.executableTarget(name: "Views", dependencies: [.product(name: "DICfgRuntime", package: "$(basename "$repository" | tr "[:upper:]" "[:lower:]")")])])
SWIFT
cat > "$work/Sources/Views/Types.swift" <<'SWIFT'
final class Store: Sendable { init() {} }
final class Feed: Sendable { init() {} }
SWIFT
cat > "$work/app.yaml" <<'YAML'
dicfg: 1
containers:
  root:
    services:
      store: { type: Store, scope: singleton }
  feature:
    collaborators: [root]
    services:
      feed: { type: Feed, scope: singleton }
YAML
cat > "$work/Sources/Views/main.swift" <<'SWIFT'
let root = RootContainer()
let turns = Int(CommandLine.arguments[2])!
var same = 0
switch CommandLine.arguments[1] {
case "member":
  for _ in 0..<turns where root.feature.feed === root.feature.feed { same &+= 1 }
case "held":
  let feature = root.feature
  for _ in 0..<turns where feature.feed === feature.feed { same &+= 1 }
default:
  for _ in 0..<turns where root.store === root.store { same &+= 1 }
}
print(same)
SWIFT
"$dicfg" generate "$work/app.yaml" --swift "$work/Sources/Views/Types.swift" --output "$work/Sources/Views/Gen.swift"
swift build -c release --package-path "$work" 2>&1 | tail -n 1 >&2
bin=$(stripped_copy "$(swift build -c release --package-path "$work" --show-bin-path)/Views")
trap 'rm -rf "$work" "$bin"' EXIT
for mode in member held root; do
  small=$(callgrind_count "$bin" "$mode" 100000)
  large=$(callgrind_count "$bin" "$mode" 200000)
  echo "$mode $(((large - small) / 100000))"
done
