#!/usr/bin/env bash
# What compiling the typed runtime costs every app on it: its module alone, whole-module optimized as
# a release build compiles it (`swiftc -O -wmo -parse-as-library -module-name DICfgTypedRuntime -c`
# over `Sources/DICfgTypedRuntime` at each commit named), in instructions of the one frontend process
# (callgrind, repeatable to a few parts in a thousand), then in time, the commits side by side under
# farm-bench (RUNS pairs, default 7; the first two commits only).
#
#   Benchmarks/typed_runtime_compile.sh COMMIT [COMMIT...]     e.g. HEAD~1 HEAD
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
work=$(mktemp -d /tmp/dicfg-runtime-compile.XXXXXX)
trap 'rm -rf "$work"' EXIT
atomics="$PWD/Sources/CDICfgAtomics/include"
flags=(-O -wmo -parse-as-library -module-name DICfgTypedRuntime -I "$atomics" -Xcc "-fmodule-map-file=$atomics/module.modulemap")
commands=()
for commit in "$@"; do
  folder="$work/$(git rev-parse --short "$commit")"
  mkdir -p "$folder"
  git archive "$commit" Sources/DICfgTypedRuntime | tar -x -C "$folder"
  mapfile -t sources < <(find "$folder/Sources/DICfgTypedRuntime" -name '*.swift' | sort)
  frontend=$(swiftc -### "${flags[@]}" -c -o "$folder/runtime.o" "${sources[@]}" 2>&1 | grep swift-frontend | head -n 1)
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$folder/callgrind.%p" bash -c "$frontend" \
    > "$folder/callgrind.log" 2>&1
  instructions=$(cat "$folder"/callgrind.* | awk '/^summary:/ { total += $2 } END { printf "%.0f", total }')
  printf '%s  %s instructions\n' "$commit ($(git rev-parse --short "$commit"))" "$instructions"
  printf 'swiftc %s -c -o %q %s\n' "${flags[*]}" "$folder/runtime.o" "${sources[*]}" > "$folder/compile.sh"
  commands+=("bash $folder/compile.sh")
done
if [ ${#commands[@]} -ge 2 ]; then
  farm-bench -n "$runs" --warmup 1 --vs "${commands[0]}" -- ${commands[1]}
fi
