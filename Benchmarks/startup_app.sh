#!/usr/bin/env bash
# What an app pays at launch, counted by callgrind over the whole process: the start-up app of
# generate_startup_app.py (COUNT distinct singleton types in a chain, 1,000 by default) built in
# release with the build plugin, run once per way of building the chain, above a run that starts
# and exits. Prints instructions per service and the process's time beside them.
#   Benchmarks/startup_app.sh [CHECKOUT] [COUNT]     CHECKOUT: the dicfg to build with (this one)
# STARTUP_APP_LAYER=parameter|swap|remove adds the layer generate_startup_app.py describes, and the
# generated container in its environment (generated-test) beside the base's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "${1:-$here/..}" && pwd)
count=${2:-1000}
app=${STARTUP_APP_DIR:-$(mktemp -d)}
python3 "$here/generate_startup_app.py" "$app" "$checkout" "$count"
cd "$app"
seconds() { python3 -c "import time; print(f'{time.time() - $1:.1f}')"; }
# The app's own target, built again after its dependencies: generating the container and compiling it.
rebuild_app() {
  touch Sources/StartupApp/*
  local start; start=$(date +%s.%N)
  swift build -c "$1" 2>&1 | tail -n 1 >&2
  echo "$1: the app's target alone: $(seconds "$start") s" >&2
}
for configuration in ${STARTUP_APP_CONFIGURATIONS:-debug release}; do
  start=$(date +%s.%N)
  swift build -c "$configuration" 2>&1 | tail -n 1 >&2
  echo "$configuration: clean build of the app and its dependencies: $(seconds "$start") s" >&2
  rebuild_app "$configuration"
done
generated=$(find .build/plugins/outputs -name '*.swift' | head -n 1)
lines=$(wc -l < "$generated")
echo "generated Swift: $lines lines, $(( lines / count )) per service" >&2
source "$here/callgrind.sh"
bin=$(stripped_copy "$(swift build -c release --show-bin-path)/StartupApp")
trap 'rm -f "$bin"' EXIT
count_instructions() { callgrind_count "$bin" "$1"; }
# The median wall time of 21 runs, in microseconds.
wall() {
  python3 - "$bin" "$1" <<'PY'
import statistics, subprocess, sys, time
runs = []
for _ in range(21):
    start = time.perf_counter()
    subprocess.run([sys.argv[1], sys.argv[2]], check=True)
    runs.append(time.perf_counter() - start)
print(round(statistics.median(runs) * 1e6))
PY
}
empty=$(count_instructions empty)
empty_time=$(wall empty)
echo "| way | instructions per service, above an empty run | process time above an empty run |"
echo "|---|---|---|"
ways="hand generated swinject"
if [ "${STARTUP_APP_LAYER:-none}" != none ]; then ways="hand generated generated-test swinject"; fi
for way in $ways; do
  total=$(count_instructions "$way")
  time=$(wall "$way")
  echo "| $way | $(( (total - empty) / count )) | $(( time - empty_time )) µs |"
done
