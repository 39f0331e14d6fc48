#!/usr/bin/env bash
# Instructions a decision of a game's random batch, exact and repeatable (callgrind):
# the instructions of `posse sim GAME -n N+1` less those of `posse sim GAME -n 1` (so the
# process's start and the game's load cancel out), over the decisions of games 1..N.
# Usage: tools/instr.sh GAME [PLAYERS] [N]   (N = 20 by default)
#        tools/instr.sh --start GAME [PLAYERS]   instructions of the start and load alone
#        (`posse sim GAME -n 0`... is refused, so: `sim -n 1` less one game's share).
# POSSE=path/to/posse uses that binary (default target/release/posse, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
posse=${POSSE:-target/release/posse}
[ -x "$posse" ] || cargo build --release --quiet
start=0
if [ "${1:-}" = --start ]; then start=1; shift; fi
game=$1
players=${2:-}
n=${3:-20}
args=(sim "$game" --jobs 1 --json)
[ -n "$players" ] && args+=(--players "$players")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# instr GAMES: total instructions of the run; decisions: the report's total
count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$posse" "${args[@]}" -n "$1" \
    >"$tmp/out.$1" 2>"$tmp/err.$1" || { cat "$tmp/err.$1" >&2; exit 1; }
  grep -o 'summary: [0-9]*' "$tmp/cg.$1" | awk '{print $2}'
}
decisions() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(round(d["decisions"]["mean"]*d["decisions"]["n"]))' "$tmp/out.$1"
}
one=$(count 1)
d1=$(decisions 1)
if [ $start = 1 ]; then
  # one game's share, from the decisions of a longer batch
  many=$(count $((n + 1)))
  dm=$(decisions $((n + 1)))
  per=$(( (many - one) / (dm - d1) ))
  echo "$game ${players:-default}: start+load $(( one - per * d1 )) instructions (sim -n 1: $one, less $d1 decisions at $per)"
  exit 0
fi
many=$(count $((n + 1)))
dm=$(decisions $((n + 1)))
echo "$game ${players:-default}: $(( (many - one) / (dm - d1) )) instructions a decision ($((dm - d1)) decisions in $n games; sim -n 1: $one)"
