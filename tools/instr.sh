#!/usr/bin/env bash
# Instructions a decision of a game's random batch, exact and repeatable (callgrind):
# the instructions of `posse sim GAME -n N+1` less those of `posse sim GAME -n 1` (so the
# process's start and the game's load cancel out), over the decisions of games 1..N.
# Usage: tools/instr.sh GAME [PLAYERS] [N]   (N = 20 by default)
#        tools/instr.sh --start GAME [PLAYERS]   instructions of the process's start and the
#        game's load: `sim GAME -n 1` less the game's play (`Game::resume`, inclusive).
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
args=(sim "$game" --jobs 1)
[ -n "$players" ] && args+=(--players "$players")
# The decisions are read from the JSON report; the start is measured with the plain one.
[ $start = 1 ] || args+=(--json)
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
if [ $start = 1 ]; then
  play=$(callgrind_annotate --inclusive=yes "$tmp/cg.1" 2>/dev/null |
    grep -F 'posse::game::step::<impl posse::game::Game>::resume [' | head -1 | awk '{gsub(",", "", $1); print $1}')
  echo "$game ${players:-default}: start+load $(( one - ${play:-0} )) instructions (sim -n 1: $one, less the game's play ${play:-0})"
  exit 0
fi
d1=$(decisions 1)
many=$(count $((n + 1)))
dm=$(decisions $((n + 1)))
echo "$game ${players:-default}: $(( (many - one) / (dm - d1) )) instructions a decision ($((dm - d1)) decisions in $n games; sim -n 1: $one)"
