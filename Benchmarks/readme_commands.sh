#!/usr/bin/env bash
# What the README's Quick Start costs on a fresh clone: clones a checkout (default: this repository's
# HEAD) into a new folder and times, with the system clock, its first command,
# `swift run dicfg validate config-examples/invalid/unknown-reference.yaml` (which exits 1: the file
# holds a mistake), and, with --test, its second, `swift test`.
#
#   Benchmarks/readme_commands.sh [--test] [CHECKOUT [COMMIT]]
#
# Prints one line per command: "<command> <seconds>".
set -euo pipefail
run_tests=0
if [ "${1:-}" = --test ]; then
  run_tests=1
  shift
fi
source=$(cd "${1:-$(dirname "$0")/..}" && pwd)
commit=${2:-HEAD}
clone=$(mktemp -d /tmp/dicfg-readme.XXXXXX)
trap 'rm -rf "$clone"' EXIT
git clone -q "$source" "$clone"
git -C "$clone" checkout -q "$commit"

seconds() {
  local start end status=0
  start=$(date +%s.%N)
  (cd "$clone" && "$@" >"$clone/.command.log" 2>&1) || status=$?
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')"
  return $status
}

validate=$(seconds swift run dicfg validate config-examples/invalid/unknown-reference.yaml) || true
grep -q "did you mean 'httpClient'" "$clone/.command.log" || { cat "$clone/.command.log" >&2; exit 1; }
echo "swift-run-dicfg-validate $validate"
if [ "$run_tests" = 1 ]; then
  tests=$(seconds swift test) || { tail -n 20 "$clone/.command.log" >&2; exit 1; }
  echo "swift-test $tests"
fi
