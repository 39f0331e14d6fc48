#!/usr/bin/env bash
# A batch gives the same report at any speed: `posse sim` run as usual, then under
# valgrind (`--tool=none`, several times slower) while two busy loops hold both cores,
# must give the same report and the same row for every game (the speed line aside), and
# every game must finish: GAME (goldfever/high_noon unless named) and the fixture hilo
# with a long step within the budget.
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

# The batch asked for, and the fixture hilo with a long step within the budget (45 million
# instructions at its start: a second under valgrind, which the clock once failed).
cp -r tests/fixtures "$out/root"
sed -i 's/^function M.play()$/function M.play()\n  local x = 0 for i = 1, 1.5e7 do x = x + i % 7 end/' "$out/root/scripts/hilo/main.lua"
grep -q '1.5e7' "$out/root/scripts/hilo/main.lua"
batches=("--root . sim $game -n $games" "--root $out/root sim hilo -n 4")

for i in 0 1; do
  # shellcheck disable=SC2086
  "$posse" ${batches[$i]} --csv "$out/fast$i.csv" >"$out/fast$i.txt" || true
done
for _ in 1 2; do
  (while :; do :; done) &
  busy+=($!)
done
for i in 0 1; do
  # shellcheck disable=SC2086
  valgrind --tool=none --quiet "$posse" ${batches[$i]} --csv "$out/slow$i.csv" >"$out/slow$i.txt" || true
done
for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done
busy=()

for i in 0 1; do
  # Everything but the line that says how fast the batch ran.
  grep -v '^speed:' "$out/fast$i.txt" >"$out/fast$i.report"
  grep -v '^speed:' "$out/slow$i.txt" >"$out/slow$i.report"
  if ! diff -u "$out/fast$i.report" "$out/slow$i.report" || ! diff -u "$out/fast$i.csv" "$out/slow$i.csv"; then
    echo "same-at-any-speed: posse ${batches[$i]} gave another report under valgrind with both cores busy" >&2
    exit 1
  fi
  if ! grep -qE '^finished: ([0-9]+) of \1$' "$out/fast$i.txt"; then
    echo "same-at-any-speed: posse ${batches[$i]} did not finish every game:" >&2
    cat "$out/fast$i.txt" >&2
    exit 1
  fi
  echo "same-at-any-speed: posse ${batches[$i]}: the same report and rows under valgrind with both cores busy"
done
