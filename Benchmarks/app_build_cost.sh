#!/usr/bin/env bash
# What a DI library costs an app's clean release build, side by side in one run: one small app written
# four ways, each built with `swift build -c release` from an empty build folder (the packages' clones
# in SwiftPM's cache, as on a machine that has built once):
#   plain     its one service built by hand: the app's own code;
#   plain-tests  the same with a test target of 14 Swift Testing tests (BUILD_TESTS=1): what a test
#             target of the events fixture's size costs with no DI library;
#   swinject  the same, registered once in Swinject 2.10 and resolved;
#   typed     the same, from a one-service graph file, through dicfg's plugin with the prebuilt
#             generator (Distribution/dicfg-generator; run Scripts/generator-bundle.sh build first),
#             over the typed runtime alone: the app depends on that package's DICfgTypedRuntime,
#             and on no other package of dicfg's;
#   bundle    the same with the prebuilt generator, over the full runtime (DICfgRuntime);
#   source    the same through dicfg's plugin building its generator from source;
#   events    the app-shaped fixture of Tests/PluginPackage over the typed runtime: EventsAppTyped
#             (three containers, a dev layer, run-time arguments, a custom scope, a weak external,
#             $container, ${NAME}, async and main-actor services) with its NetworkKit and StorageKit
#             modules and its test target, through the prebuilt generator's plugin;
#   events-own  the same package's own code: its modules and the app's declarations, without dicfg
#             (no plugin, no runtime, no previews' container; the container the router keeps is an
#             empty class, and main makes a window), so the difference is all dicfg costs that app,
#             its wiring included. Its test target has as many Swift Testing tests as the fixture's
#             (14), of its own code, so with BUILD_TESTS=1 both sides of the pair compile a test
#             target of that size and the difference is what dicfg adds to the app and its tests.
# Each pair runs in turn under farm-bench (RUNS pairs, default 3); the cost of a library is its
# build's median time less plain's.
#
#   Benchmarks/app_build_cost.sh [RUNS]
#
# PAIRS="typed:plain typed:swinject" runs only those pairs (A:B), building only their apps.
# BUILD_TESTS=1 builds every app as `swift test` does, in debug with `--build-tests`: the events
# fixture's test target is then compiled too (its stand-ins, `Replacements`, exist in debug builds
# only, so no release build compiles it). CONFIGURATION=debug builds in debug without the tests.
set -euo pipefail
runs=${1:-3}
configuration=${BUILD_TESTS:+debug}
configuration=${CONFIGURATION:-${configuration:-release}}
pairs=${PAIRS:-"swinject:plain typed:plain typed:swinject bundle:plain bundle:swinject source:bundle events:events-own"}
dicfg=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$dicfg/Distribution/dicfg-generator/dicfg-generate.artifactbundle/info.json" ] || {
  echo "no generator bundle: run Scripts/generator-bundle.sh build" >&2
  exit 1
}
work=$(mktemp -d /tmp/dicfg-app-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT

service='public final class Greeter: Sendable {
  public let greeting: String
  public init(greeting: String) { self.greeting = greeting }
}'

# Each app's folder is `app-NAME`: a package's folder is its identity, which must not be a
# dependency's (`swinject`).
app() { # NAME DEPENDENCIES TARGET-DEPENDENCIES PLUGINS MAIN
  mkdir -p "$work/app-$1/Sources/App"
  cat > "$work/app-$1/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "app-$1",
  dependencies: [$2],
  targets: [.executableTarget(name: "App", dependencies: [$3], plugins: [$4])],
  swiftLanguageModes: [.v6])
EOF
  printf '%s\n' "$service" > "$work/app-$1/Sources/App/Greeter.swift"
  printf '%s\n' "$5" > "$work/app-$1/Sources/App/main.swift"
}

app plain "" "" "" 'print(Greeter(greeting: "hello").greeting)'
# The floor of a test target like the events fixture's: plain with 14 Swift Testing tests of its own
# code, no DI library (BUILD_TESTS=1 only).
app plain-tests "" "" "" 'print(Greeter(greeting: "hello").greeting)'
sed -i 's|targets: \[\(.*\)\],$|targets: [\1, .testTarget(name: "AppTests", dependencies: ["App"])],|' \
  "$work/app-plain-tests/Package.swift"
mkdir -p "$work/app-plain-tests/Tests/AppTests"
{
  printf 'import Testing\n@testable import App\n\n@Suite struct GreeterTests {\n'
  for test in $(seq 1 14); do
    printf '  @Test func greets%s() { #expect(Greeter(greeting: "hello %s").greeting == "hello %s") }\n' \
      "$test" "$test" "$test"
  done
  printf '}\n'
} > "$work/app-plain-tests/Tests/AppTests/GreeterTests.swift"
app swinject '.package(url: "https://github.com/Swinject/Swinject", from: "2.10.0")' \
  '.product(name: "Swinject", package: "Swinject")' "" 'import Swinject
let container = Container()
container.register(Greeter.self) { _ in Greeter(greeting: "hello") }
print(container.resolve(Greeter.self)!.greeting)'
graph='dicfg: 1
services:
  greeter: { type: Greeter, init: { greeting: { value: hello } } }'
for variant in typed bundle source; do
  plugin_package=dicfg
  runtime='.product(name: "DICfgRuntime", package: "dicfg")'
  dependencies=".package(name: \"dicfg\", path: \"$dicfg\")"
  if [ "$variant" = bundle ]; then
    plugin_package=dicfg-generator
    dependencies="$dependencies, .package(path: \"$dicfg/Distribution/dicfg-generator\")"
  elif [ "$variant" = typed ]; then
    plugin_package=dicfg-generator
    dependencies=".package(path: \"$dicfg/Distribution/dicfg-generator\")"
    runtime='.product(name: "DICfgTypedRuntime", package: "dicfg-generator")'
  fi
  app "$variant" "$dependencies" "$runtime" \
    ".plugin(name: \"DICfgGenerator\", package: \"$plugin_package\")" 'print(MainContainer().greeter.greeting)'
  printf '%s\n' "$graph" > "$work/app-$variant/Sources/App/dicfg.yaml"
done

# The events app, with dicfg and as its own code alone.
fixture="$dicfg/Tests/PluginPackage"
events() { # NAME DEPENDENCIES APP-DEPENDENCIES PLUGINS TESTS
  mkdir -p "$work/app-$1/Sources"
  cp -RL "$fixture/Sources/NetworkKit" "$fixture/Sources/StorageKit" "$fixture/Sources/EventsAppTyped" \
    "$work/app-$1/Sources/"
  cat > "$work/app-$1/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "app-$1",
  dependencies: [$2],
  targets: [
    .target(name: "NetworkKit"), .target(name: "StorageKit"),
    .executableTarget(name: "EventsAppTyped", dependencies: ["NetworkKit", "StorageKit"$3], plugins: [$4]),
    $5
  ],
  swiftLanguageModes: [.v6])
EOF
}
events events ".package(path: \"$dicfg/Distribution/dicfg-generator\")" \
  ', .product(name: "DICfgTypedRuntime", package: "dicfg-generator")' \
  '.plugin(name: "DICfgGenerator", package: "dicfg-generator")' \
  '.testTarget(name: "EventsAppTypedTests", dependencies: ["EventsAppTyped", "NetworkKit", .product(name: "DICfgTypedRuntime", package: "dicfg-generator")]),'
mkdir -p "$work/app-events/Tests"
cp -RL "$fixture/Tests/EventsAppTypedTests" "$work/app-events/Tests/"
events events-own "" "" "" '.testTarget(name: "EventsAppTypedTests", dependencies: ["EventsAppTyped"]),'
mkdir -p "$work/app-events-own/Tests/EventsAppTypedTests"
{
  printf 'import Testing\n@testable import EventsAppTyped\n\n@Suite struct WindowTests {\n'
  for test in $(seq 1 14); do
    printf '  @Test func titles%s() { #expect(AppWindow(title: "Events %s").title == "Events %s") }\n' \
      "$test" "$test" "$test"
  done
  printf '}\n'
} > "$work/app-events-own/Tests/EventsAppTypedTests/WindowTests.swift"
rm "$work/app-events-own/Sources/EventsAppTyped/"dicfg*.yaml
# The previews' container with stand-ins, compiled in debug builds only: dicfg's part.
rm "$work/app-events-own/Sources/EventsAppTyped/Previews.swift"
printf '%s\n' 'final class RootContainer: Sendable {}' > "$work/app-events-own/Sources/EventsAppTyped/RootContainer.swift"
printf '%s\n' 'print(AppWindow(title: "Events").title)' > "$work/app-events-own/Sources/EventsAppTyped/main.swift"

for variant in plain plain-tests swinject typed bundle source events events-own; do
  case " $pairs " in *" $variant:"* | *":$variant "*) ;; *) continue ;; esac
  printf 'rm -rf %s/.build && exec swift build -c %s %s--package-path %s >/dev/null 2>&1\n' \
    "$work/app-$variant" "$configuration" "${BUILD_TESTS:+--build-tests }" "$work/app-$variant" \
    > "$work/build-$variant.sh"
  # Resolved and built once first, so no run pays for a first clone, and the app runs.
  swift package --package-path "$work/app-$variant" resolve >/dev/null 2>&1
  bash "$work/build-$variant.sh"
  case $variant in
    events) "$work/app-$variant/.build/$configuration/EventsAppTyped" | grep -q "every environment builds" ;;
    events-own) "$work/app-$variant/.build/$configuration/EventsAppTyped" | grep -q Events ;;
    *) "$work/app-$variant/.build/$configuration/App" | grep -q hello ;;
  esac
done
side_by_side() { # A B
  echo "== $1 (A) beside $2 (B)"
  farm-bench -n "$runs" --warmup 0 --timeout 3600 --vs "bash $work/build-$2.sh" -- bash "$work/build-$1.sh"
}
for pair in $pairs; do side_by_side "${pair%%:*}" "${pair##*:}"; done
