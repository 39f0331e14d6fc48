#!/usr/bin/env bash
# Does a change play the same games? For each game and mode `posse list` names, seeds
# 0..N-1 (N = 100 by default), random bots, one CSV row a game (winners, scores, decisions,
# length, reason, the cards played and resolved).
# Usage: tools/same-games.sh --write DIR [N]   before the change: write the rows to DIR
#        tools/same-games.sh --check DIR [N]   after it: the rows must be the same
# POSSE=path/to/posse uses that binary (default target/release/posse); the content is this
# root's. A speed-up must print "same games" for every game: the golden hashes and
# playthroughs check a few games step by step, this checks many by what they came to.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
posse=${POSSE:-$root/target/release/posse}
mode=$1
dir=$2
n=${3:-100}
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for game in $("$posse" --root "$root" list); do
  f=$(echo "$game" | tr / -).csv
  case $mode in
  --write)
    "$posse" --root "$root" sim "$game" -n "$n" --jobs 1 --csv "$dir/$f" >/dev/null
    echo "$game: written"
    ;;
  --check)
    "$posse" --root "$root" sim "$game" -n "$n" --jobs 1 --csv "$tmp/$f" >/dev/null
    if cmp -s "$dir/$f" "$tmp/$f"; then
      echo "$game: same games"
    else
      echo "$game: GAMES DIFFER"
      diff "$dir/$f" "$tmp/$f" | head -5
      status=1
    fi
    ;;
  *) echo "usage: $0 --write|--check DIR [N]" >&2; exit 2 ;;
  esac
done
exit $status
