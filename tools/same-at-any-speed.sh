#!/usr/bin/env bash
# A batch gives the same report at any speed: `posse sim` run as usual, then under
# valgrind (`--tool=none`, several times slower) while two busy loops hold both cores,
# must give the same report and the same row for every game (the speed line aside).
# The step budget counts work, never time (engine/src/lua/budget.rs), so no game may end
# otherwise on a slow or loaded machine. Run by .ci/run; installs valgrind when missing.
#
# Usage: tools/same-at-any-speed.sh [GAME [GAMES]]   (default: goldfever/high_noon 20)
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-goldfever/high_noon}
games=${2:-20}
posse=${POSSE:-${CARGO_TARGET_DIR:-target}/debug/posse}
if ! command -v valgrind >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null && apt-get install -y -qq valgrind >/dev/null
  else
    echo "same-at-any-speed: valgrind is missing (apt-get install valgrind)" >&2
    exit 1
  fi
fi
out=$(mktemp -d)
busy=()
cleanup() {
  for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$out"
}
trap cleanup EXIT

"$posse" sim "$game" -n "$games" --csv "$out/fast.csv" >"$out/fast.txt"
for _ in 1 2; do
  (while :; do :; done) &
  busy+=($!)
done
valgrind --tool=none --quiet "$posse" sim "$game" -n "$games" --csv "$out/slow.csv" >"$out/slow.txt"
for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done
busy=()

# Everything but the line that says how fast the batch ran.
grep -v '^speed:' "$out/fast.txt" >"$out/fast.report"
grep -v '^speed:' "$out/slow.txt" >"$out/slow.report"
if ! diff -u "$out/fast.report" "$out/slow.report" || ! diff -u "$out/fast.csv" "$out/slow.csv"; then
  echo "same-at-any-speed: $game gave another report under valgrind with both cores busy" >&2
  exit 1
fi
rows=$(($(wc -l <"$out/fast.csv") - 1))
echo "same-at-any-speed: $game, $games games: the same report and the same $rows rows under valgrind with both cores busy"
