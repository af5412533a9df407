#!/usr/bin/env bash
# What the generated code of a graph costs to compile, at several sizes: a chain of N graph-scoped
# services (each class takes the one before it), generated with `dicfg generate --swift` as the build
# plugin does, then compiled with the types into one object file (debug, whole module), as a build
# compiles the app's module. Prints lines of generated code and seconds, per size.
#   Benchmarks/generated_compile_cost.sh [--singletons] [--release] [N...]     default: 250 500 1000
# --singletons makes every service a singleton (the start-up app's graph); --release compiles with
# -O against a release build of the runtime, as a release build of the app does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scope=""
configuration=debug
optimization=-Onone
while [ $# -gt 0 ]; do
  case "$1" in
    --singletons) scope=", scope: singleton"; shift ;;
    --release) configuration=release; optimization=-O; shift ;;
    *) break ;;
  esac
done
swift build --product dicfg 2>&1 | tail -n 1 >&2
swift build -c "$configuration" --target DICfgRuntime 2>&1 | tail -n 1 >&2
generator=$(swift build --show-bin-path)/dicfg
bin=$(swift build -c "$configuration" --show-bin-path)
# DICfgRuntime's modules import the C shims of swift-atomics.
atomics="$root/.build/checkouts/swift-atomics/Sources/_AtomicsShims/include"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(250 500 1000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| services | generated lines | compile seconds | seconds per 1,000 services |"
echo "|---|---|---|---|"
for count in "${sizes[@]}"; do
  dir="$work/$count"
  mkdir -p "$dir"
  {
    echo "dicfg: 1"
    echo "services:"
    echo "  s0: { type: S0$scope }"
    for ((index = 1; index < count; index++)); do
      echo "  s$index: { type: S$index$scope, init: { dependency: s$((index - 1)) } }"
    done
  } > "$dir/dicfg.yaml"
  {
    echo "final class S0: Sendable { init() {} }"
    for ((index = 1; index < count; index++)); do
      echo "final class S$index: Sendable { let dependency: S$((index - 1)); init(dependency: S$((index - 1))) { self.dependency = dependency } }"
    done
  } > "$dir/Types.swift"
  "$generator" generate --swift "$dir/Types.swift" --source-root "$dir" --output "$dir/Generated.swift" "$dir/dicfg.yaml"
  lines=$(wc -l < "$dir/Generated.swift")
  start=$(date +%s.%N)
  swiftc -swift-version 6 "$optimization" -parse-as-library -module-name App -I "$bin/Modules" -I "$atomics" -wmo \
    -c "$dir/Types.swift" \
    "$dir/Generated.swift" -o "$dir/App.o"
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc)
  echo "| $count | $lines | $(printf '%.1f' "$seconds") | $(printf '%.1f' "$(echo "$seconds * 1000 / $count" | bc -l)") |"
done
