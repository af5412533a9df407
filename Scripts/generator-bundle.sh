#!/usr/bin/env bash
# dicfg's generator, prebuilt: an SE-0305 artifact bundle of `dicfg-generate` that the build plugins of
# Distribution/dicfg-generator run, so an app's clean build compiles nothing of the tool.
#
#   Scripts/generator-bundle.sh build [BUNDLE]
#       Builds `dicfg-generate` in release for this machine (the Swift standard library and libyaml
#       linked statically on Linux; arm64 and x86_64 in one universal binary on macOS) and writes it
#       as a variant of BUNDLE (default: Distribution/dicfg-generator/dicfg-generate.artifactbundle),
#       beside the variants BUNDLE already holds for other machines.
#   Scripts/generator-bundle.sh merge BUNDLE OTHER...
#       Adds the variants of bundles built on other machines (Linux aarch64, macOS) to BUNDLE.
#   Scripts/generator-bundle.sh release VERSION URL OUT [BUNDLE]
#       Zips BUNDLE as OUT/dicfg-generate-VERSION.artifactbundle.zip, computes its checksum, and writes
#       OUT/dicfg-generator and OUT/dicfg-generate-registry: the plugin packages to publish at tag
#       VERSION (the build plugin with the typed runtime, and the command plugin), each manifest naming
#       the zip at URL with that checksum (docs/prebuilt-generator.md).
#
# Prints what it wrote; exits non-zero on the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
default_bundle="$root/Distribution/dicfg-generator/dicfg-generate.artifactbundle"

version() { git -C "$root" describe --tags --always 2>/dev/null || echo 0.0.0; }

# The variants of a bundle's info.json, one JSON object per line.
variants() {
  [ -f "$1/info.json" ] || return 0
  python3 - "$1/info.json" <<'EOF'
import json, sys
info = json.load(open(sys.argv[1]))
for variant in info["artifacts"]["dicfg-generate"]["variants"]:
    print(json.dumps(variant))
EOF
}

# Writes BUNDLE/info.json from the variant lines on standard input (the last one of a triple wins).
write_info() {
  local lines
  lines=$(mktemp)
  cat > "$lines"
  python3 - "$1" "$2" "$lines" <<'EOF'
import json, sys
bundle, version, lines = sys.argv[1], sys.argv[2], sys.argv[3]
by_triples = {}
for line in open(lines):
    if line.strip():
        variant = json.loads(line)
        by_triples[tuple(variant["supportedTriples"])] = variant
info = {
    "schemaVersion": "1.0",
    "artifacts": {
        "dicfg-generate": {
            "version": version,
            "type": "executable",
            "variants": sorted(by_triples.values(), key=lambda v: v["path"]),
        }
    },
}
with open(f"{bundle}/info.json", "w") as handle:
    json.dump(info, handle, indent=2)
    handle.write("\n")
EOF
  rm -f "$lines"
}

build() {
  local bundle=${1:-$default_bundle}
  local scratch="$root/.build-bundle"
  local flags=(-c release --product dicfg-generate --scratch-path "$scratch" --package-path "$root")
  local name triples
  case "$(uname -s)" in
    Linux)
      local arch
      arch=$(uname -m)
      name="dicfg-generate-linux-$arch"
      triples="[\"$arch-unknown-linux-gnu\"]"
      # libyaml's static archive, alone in a folder that a pkg-config file of its own names first, so
      # `-lyaml` takes it and the tool runs where libyaml is not installed.
      local archive static="$scratch/static-yaml"
      archive=$(pkg-config --variable=libdir yaml-0.1)/libyaml.a
      if [ -f "$archive" ]; then
        mkdir -p "$static"
        cp "$archive" "$static/libyaml.a"
        printf 'Name: yaml-0.1\nDescription: libyaml, linked statically\nVersion: %s\nCflags: %s\nLibs: -L%s -lyaml\n' \
          "$(pkg-config --modversion yaml-0.1)" "$(pkg-config --cflags yaml-0.1)" "$static" > "$static/yaml-0.1.pc"
        export PKG_CONFIG_PATH="$static${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
      fi
      flags+=(--static-swift-stdlib)
      ;;
    Darwin)
      name="dicfg-generate-macos"
      triples='["arm64-apple-macosx", "x86_64-apple-macosx"]'
      flags+=(--arch arm64 --arch x86_64)
      ;;
    *)
      echo "no bundle variant for $(uname -s)" >&2
      exit 1
      ;;
  esac
  swift build "${flags[@]}"
  local binary
  binary="$(swift build "${flags[@]}" --show-bin-path)/dicfg-generate"
  mkdir -p "$bundle/$name/bin"
  cp "$binary" "$bundle/$name/bin/dicfg-generate"
  strip "$bundle/$name/bin/dicfg-generate" 2>/dev/null || true
  local own
  own=$(printf '{"path": "%s/bin/dicfg-generate", "supportedTriples": %s}' "$name" "$triples")
  { variants "$bundle"; echo "$own"; } | write_info "$bundle" "$(version)"
  echo "wrote $bundle ($name, $(du -h "$bundle/$name/bin/dicfg-generate" | cut -f1))"
}

merge() {
  local bundle=$1
  shift
  for other in "$@"; do
    for folder in "$other"/dicfg-generate-*; do
      rm -rf "$bundle/${folder##*/}"
      cp -R "$folder" "$bundle/"
    done
  done
  { variants "$bundle"; for other in "$@"; do variants "$other"; done; } | write_info "$bundle" "$(version)"
  echo "merged into $bundle: $(variants "$bundle" | wc -l) variants"
}

release() {
  local version=$1 url=$2 out=$3 bundle=${4:-$default_bundle}
  [ -f "$bundle/info.json" ] || { echo "no bundle at $bundle: run 'build' first" >&2; exit 1; }
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  local zip="$out/dicfg-generate-$version.artifactbundle.zip"
  rm -f "$zip"
  # The zip holds the bundle folder itself, executable bits kept.
  (cd "$(dirname "$bundle")" && python3 - "$zip" "$(basename "$bundle")" <<'EOF'
import os, sys, zipfile
target, folder = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
    for directory, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            path = os.path.join(directory, name)
            info = zipfile.ZipInfo.from_file(path, path)
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as handle:
                archive.writestr(info, handle.read())
EOF
  )
  # SwiftPM's checksum of a binary target is the SHA-256 of its zip (`swift package compute-checksum`).
  local checksum
  checksum=$(sha256sum "$zip" | cut -d' ' -f1)
  publish "dicfg-generator" "dicfg-generate.artifactbundle" "$url" "$checksum" "$out"
  publish "dicfg-generate-registry" "../dicfg-generator/dicfg-generate.artifactbundle" "$url" "$checksum" "$out"
  echo "wrote $zip"
  echo "checksum $checksum"
  echo "wrote $out/dicfg-generator and $out/dicfg-generate-registry (publish them at tag $version, with the zip at $url)"
}

# Writes OUT/NAME from Distribution/NAME: its plugins' and sources' links followed, so the published
# package stands alone, and its binary target (at PATH beside the manifest) named by URL and CHECKSUM.
publish() { # NAME PATH URL CHECKSUM OUT
  local name=$1 path=$2 url=$3 checksum=$4 package="$5/$1"
  rm -rf "$package"
  mkdir -p "$package"
  for folder in Plugins Sources; do
    [ -d "$root/Distribution/$name/$folder" ] || continue
    mkdir -p "$package/$folder"
    cp -RL "$root/Distribution/$name/$folder/." "$package/$folder/"
  done
  sed -e "s|\.binaryTarget(name: \"\([A-Za-z]*\)\", path: \"$path\")|.binaryTarget(\n      name: \"\\1\", url: \"$url\",\n      checksum: \"$checksum\")|" \
    "$root/Distribution/$name/Package.swift" > "$package/Package.swift"
  grep -q "checksum: \"$checksum\"" "$package/Package.swift" || {
    echo "the binary target of $name's manifest was not rewritten" >&2
    exit 1
  }
}

case "${1:-}" in
  build) shift; build "$@" ;;
  merge) shift; merge "$@" ;;
  release) shift; release "$@" ;;
  *)
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 64
    ;;
esac
