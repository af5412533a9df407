#!/usr/bin/env bash
# Instructions per resolve (user space, counted by callgrind, repeatable to the instruction), for
# the resolution scenarios: each scenario runs at two iteration counts, and the difference in
# instructions over the difference in iterations is the cost of one call.
#   Benchmarks/instructions.sh [SCENARIO...]     e.g. singleton handle:diamond hand:diamond generated:diamond startup:1000
# Start-up scenarios (startup:1000, swinject:startup:1000) run once against not at all instead:
# startup:1000 registers 1,000 factories and links a compiled plan of them, as the dynamic container
# does; it leaves out what a generated container does instead, and the process around it.
# app:1000 is what an app pays at launch: the start-up app of startup_app.sh (a release build with
# the build plugin), a whole process creating the generated container and resolving the last of
# 1,000 singletons, beside the same chain built by hand and with Swinject, above an empty run.
# app:1000:parameter, app:1000:swap and app:1000:remove add a layer to that app (a changed parameter
# of the first service, its type swapped, a service removed) and count the layer's environment too.
set -euo pipefail
cd "$(dirname "$0")"
python3 generate_startup.py
swift build -c release 2>&1 | tail -n 1 >&2
source ./callgrind.sh
bin=$(stripped_copy "$(swift build -c release --show-bin-path)/DICfgBenchmarks")
trap 'rm -f "$bin"' EXIT
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
  scenarios=(
    hand:singleton singleton handle:singleton generated:singleton
    hand:uniqueLeaf uniqueLeaf handle:uniqueLeaf generated:uniqueLeaf
    hand:diamond diamond handle:diamond generated:diamond
    hand:c49 c49 generated:c49 hand:wide wide hand:hundred hundred generated:hundred
    details weakLeaf held:weakLeaf
    startup:1000 swinject:startup:1000 app:1000
  )
fi
count() { callgrind_count "$bin" --profile "$1" --iterations "$2"; }
echo "| scenario | instructions per call |"
echo "|---|---|"
for scenario in "${scenarios[@]}"; do
  case "$scenario" in
    app:*)
      # Its own table: each way of building the chain, per service, above an empty run.
      echo
      rest=${scenario#app:}
      layer=none
      if [[ "$rest" == *:* ]]; then layer=${rest#*:}; fi
      echo "app of ${rest%%:*} services, layer: $layer"
      STARTUP_APP_LAYER=$layer STARTUP_APP_CONFIGURATIONS=release bash startup_app.sh .. "${rest%%:*}"
      echo
      ;;
    *startup:*)
      # Start-up happens once: the first registration of a type costs what later ones do not (the
      # Swift runtime caches what it looks up), so the cost is one run's over none, per service.
      services=${scenario##*:}
      low=$(count "$scenario" 0)
      high=$(count "$scenario" 1)
      echo "| $scenario | $(( (high - low) / services )) per service |"
      ;;
    *)
      low=$(count "$scenario" 1000)
      high=$(count "$scenario" 5000)
      echo "| $scenario | $(( (high - low) / 4000 )) |"
      ;;
  esac
done
