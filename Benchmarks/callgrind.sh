# Sourced by the benchmark scripts that count instructions with callgrind.
# valgrind cannot read the debug information Swift writes, so it counts a copy without it.

# A copy of the executable $1 without debug information; the caller removes it.
stripped_copy() {
  local copy
  copy=$(mktemp)
  objcopy --strip-debug "$1" "$copy"
  echo "$copy"
}

# The instructions the command "$@" executes in user space, counted by callgrind.
callgrind_count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# Swift seeds its hashing at random in each process, which changes how much work building
# dictionaries takes: fixed, so two runs differ only in what they are asked to do.
export SWIFT_DETERMINISTIC_HASHING=1

# The dicfg that writes a benchmark's containers: $2 where given, else the debug `dicfg` of the
# checkout $1, built first (its build's last line on standard error).
generating_dicfg() {
  if [ -n "${2:-}" ]; then
    echo "$2"
    return
  fi
  swift build --package-path "$1" --product dicfg 2>&1 | tail -n 1 >&2
  echo "$1/.build/debug/dicfg"
}
