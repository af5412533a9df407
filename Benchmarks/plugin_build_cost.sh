#!/usr/bin/env bash
# The build cost of dicfg's build plugin in an app: writes a package of six targets (three plain
# libraries, a library applying the plugin with its graph file of 18 services and three Swift
# files, a library above it and an executable), then times with the system clock:
#   1. the first clean debug build (dicfg's tool, libyaml's module and the app, from nothing but
#      the package checkouts SwiftPM keeps in its cache);
#   2. a rebuild after one value of the graph file changes;
#   3. a rebuild after one Swift file of the target changes;
#   4. a rebuild with nothing changed;
#   5. a clean release build (`swift build -c release` from an empty .build), unless --debug-only.
# Then it names the swift-syntax modules those builds compiled, if any.
#
#   Benchmarks/plugin_build_cost.sh [--debug-only] [DICFG_CHECKOUT]    (default: this repository)
#
# Prints one line per step: "<step> <seconds>".
set -euo pipefail
debug_only=0
if [ "${1:-}" = --debug-only ]; then
  debug_only=1
  shift
fi
dicfg=$(cd "${1:-$(dirname "$0")/..}" && pwd)
app=$(mktemp -d /tmp/dicfg-build-cost.XXXXXX)
trap 'rm -rf "$app"' EXIT
for target in Models Networking Storage Services Features App; do mkdir -p "$app/Sources/$target"; done

cat > "$app/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "BuildCost",
  dependencies: [.package(name: "dicfg", path: "$dicfg")],
  targets: [
    .target(name: "Models"),
    .target(name: "Networking", dependencies: ["Models"]),
    .target(name: "Storage", dependencies: ["Models"]),
    .target(
      name: "Services", dependencies: ["Networking", "Storage", .product(name: "DICfgRuntime", package: "dicfg")],
      plugins: [.plugin(name: "DICfgGenerator", package: "dicfg")]),
    .target(name: "Features", dependencies: ["Services"]),
    .executableTarget(name: "App", dependencies: ["Features"]),
  ],
  swiftLanguageModes: [.v6]
)
EOF

cat > "$app/Sources/Models/Models.swift" <<'EOF'
public struct User: Sendable, Hashable {
  public var id: Int
  public var name: String
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
EOF
cat > "$app/Sources/Networking/Networking.swift" <<'EOF'
import Models

public struct UserEndpoint: Sendable {
  public init() {}
  public func path(for user: User) -> String { "/users/\(user.id)" }
}
EOF
cat > "$app/Sources/Storage/Storage.swift" <<'EOF'
import Models

public struct UserStore: Sendable {
  public var users: [User] = []
  public init() {}
}
EOF

# Eighteen services: a client, a configuration, and 16 services each taking the one before it,
# the client and a literal, in three Swift files.
{
  echo "dicfg: 1"
  echo "services:"
  echo "  client: { type: HTTPClient, scope: singleton }"
  echo "  settings: { type: Settings, init: { baseURL: { value: \"https://example.com\" }, retries: { value: 3 } } }"
  echo "  service1: { type: Service1, init: { client: client, settings: settings, limit: { value: 1 } } }"
  for index in $(seq 2 16); do
    echo "  service$index: { type: Service$index, init: { previous: service$((index - 1)), client: client, limit: { value: $index } } }"
  done
} > "$app/Sources/Services/dicfg.yaml"

cat > "$app/Sources/Services/Basics.swift" <<'EOF'
import Networking
import Storage

public final class HTTPClient: Sendable {
  public let endpoint = UserEndpoint()
  public let store = UserStore()
  public init() {}
}
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
    for index in $(seq $((part * 8 - 6)) $((part * 8 + 1))); do
      [ "$index" -gt 16 ] && break
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
cat > "$app/Sources/Features/Features.swift" <<'EOF'
import Services

public func lastLimit() throws -> Int {
  try makeContainer().resolve("service16", as: Service16.self).limit
}
EOF
cat > "$app/Sources/App/main.swift" <<'EOF'
import Features

print(try lastLimit())
EOF

seconds() {
  local start end
  start=$(date +%s.%N)
  if ! (cd "$app" && swift build "$@" >"$app/build.log" 2>&1); then
    cat "$app/build.log" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')"
}

clean=$(seconds) || exit 1
echo "clean $clean"
sed -i 's/limit: { value: 16 }/limit: { value: 160 }/' "$app/Sources/Services/dicfg.yaml"
change=$(seconds) || exit 1
echo "graph-file-change $change"
echo "// changed" >> "$app/Sources/Services/Services2.swift"
change=$(seconds) || exit 1
echo "swift-change $change"
change=$(seconds) || exit 1
echo "no-change $change"
(cd "$app" && swift run --skip-build App)
built=$(find "$app/.build" -name 'SwiftParser.swiftmodule' -o -name 'SwiftSyntax.swiftmodule' | sed 's|.*/||' | sort -u)
if [ "$debug_only" = 0 ]; then
  # Keep the package checkouts SwiftPM made, drop everything built.
  find "$app/.build" -mindepth 1 -maxdepth 1 ! -name checkouts ! -name repositories ! -name workspace-state.json \
    -exec rm -rf {} +
  release=$(seconds -c release) || exit 1
  echo "clean-release $release"
  (cd "$app" && swift run -c release --skip-build App)
  built=$(
    { echo "$built"; find "$app/.build" -name 'SwiftParser.swiftmodule' -o -name 'SwiftSyntax.swiftmodule' | sed 's|.*/||'; } \
      | sed '/^$/d' | sort -u
  )
fi
echo "swift-syntax-modules-built ${built:-none}" | tr '\n' ' '
echo
