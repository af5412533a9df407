#!/usr/bin/env bash
# The build cost of dicfg's build plugin in an app: writes a package of 20 services over two
# targets (a library applying the plugin, with its graph file and Swift, and an executable), then
# times with the system clock, in debug:
#   1. the first clean build (dicfg's tool, libyaml's module and the app, from nothing but the
#      package checkouts SwiftPM keeps in its cache);
#   2. a rebuild after one value of the graph file changes;
#   3. a rebuild after one Swift file of the target changes;
#   4. a rebuild with nothing changed.
#
#   Benchmarks/plugin_build_cost.sh [DICFG_CHECKOUT]    (default: this repository)
#
# Prints one line per step: "<step> <seconds>".
set -euo pipefail
dicfg=$(cd "${1:-$(dirname "$0")/..}" && pwd)
app=$(mktemp -d /tmp/dicfg-build-cost.XXXXXX)
trap 'rm -rf "$app"' EXIT
mkdir -p "$app/Sources/Services" "$app/Sources/App"

cat > "$app/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "BuildCost",
  dependencies: [.package(name: "dicfg", path: "$dicfg")],
  targets: [
    .target(
      name: "Services", dependencies: [.product(name: "DICfgRuntime", package: "dicfg")],
      plugins: [.plugin(name: "DICfgGenerator", package: "dicfg")]),
    .executableTarget(name: "App", dependencies: ["Services"]),
  ],
  swiftLanguageModes: [.v6]
)
EOF

# Twenty services: a client, a configuration, and 18 services each taking the one before it,
# the client and a literal, in three Swift files.
{
  echo "dicfg: 1"
  echo "services:"
  echo "  client: { type: HTTPClient, scope: singleton }"
  echo "  settings: { type: Settings, init: { baseURL: { value: \"https://example.com\" }, retries: { value: 3 } } }"
  echo "  service1: { type: Service1, init: { client: client, settings: settings, limit: { value: 1 } } }"
  for index in $(seq 2 18); do
    echo "  service$index: { type: Service$index, init: { previous: service$((index - 1)), client: client, limit: { value: $index } } }"
  done
} > "$app/Sources/Services/dicfg.yaml"

cat > "$app/Sources/Services/Basics.swift" <<'EOF'
public final class HTTPClient: Sendable { public init() {} }
public struct Settings: Sendable {
  public let baseURL: String
  public let retries: Int
  public init(baseURL: String, retries: Int) {
    self.baseURL = baseURL
    self.retries = retries
  }
}
public final class Service1: Sendable {
  public let client: HTTPClient
  public let limit: Int
  public init(client: HTTPClient, settings: Settings, limit: Int) {
    self.client = client
    self.limit = limit + settings.retries
  }
}
EOF
for part in 1 2; do
  {
    for index in $(seq $((part * 9 - 7)) $((part * 9 + 1))); do
      [ "$index" -gt 18 ] && break
      [ "$index" -lt 2 ] && continue
      cat <<EOF
public final class Service$index: Sendable {
  public let previous: Service$((index - 1))
  public let client: HTTPClient
  public let limit: Int
  public init(previous: Service$((index - 1)), client: HTTPClient, limit: Int) {
    self.previous = previous
    self.client = client
    self.limit = limit
  }
}
EOF
    done
  } > "$app/Sources/Services/Services$part.swift"
done

cat >> "$app/Sources/Services/Basics.swift" <<'EOF'

import DICfgRuntime

public func makeContainer() throws -> Container {
  try Container(plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile())
}
EOF
cat > "$app/Sources/App/main.swift" <<'EOF'
import DICfgRuntime
import Services

print(try makeContainer().resolve("service18", as: Service18.self).limit)
EOF

seconds() {
  local start end
  start=$(date +%s.%N)
  if ! (cd "$app" && swift build >"$app/build.log" 2>&1); then
    cat "$app/build.log" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')"
}

clean=$(seconds) || exit 1
echo "clean $clean"
sed -i 's/limit: { value: 18 }/limit: { value: 180 }/' "$app/Sources/Services/dicfg.yaml"
change=$(seconds) || exit 1
echo "graph-file-change $change"
echo "// changed" >> "$app/Sources/Services/Services2.swift"
change=$(seconds) || exit 1
echo "swift-change $change"
change=$(seconds) || exit 1
echo "no-change $change"
(cd "$app" && swift run --skip-build App)
