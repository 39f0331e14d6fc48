#!/usr/bin/env bash
# The web table (`posse serve`, repl/src/serve) played in headless Chromium, driven by
# ChromeDriver (W3C WebDriver) from tools/web_check.py, one browser of its own a seat (its
# own Chromium on a fresh profile: two players' screens). The driver only clicks what a
# person would (options, Send) and reads the page's DOM; the page sends the answers.
#   - Dice Town, two people: both seats' pages played by random clicks (as many picks as
#     a question allows) to the end, each answer's page updating within a bound; the page
#     that did not answer follows by itself (its body[data-at] changes, the page never
#     reloaded: server-sent events); both pages end with the same #result; the --save file
#     is a posse save of dice_town with every answer clicked, in order; Ctrl-C (SIGINT)
#     stops the server with both pages open; every 25th answer is a double-click (two clicks
#     60 ms apart), which must send one answer, never one to the question that came up after;
#   - secrets, lightly (the HTTP tests are in Rust): each page names its own seat and shows
#     its own view (the state its token fetches), never the other's; a seat's page or
#     state with the other seat's token, or none, is refused with 403;
#   - Goldfever's High Noon, two people, by clicks to its end (the same result on both
#     pages); after a dozen answers seat 1's board (#board svg, the town's zones) drawn as
#     seat 1 sees it;
#   - screenshots of seat 1's page, mid-game in Dice Town and in Goldfever, at a desktop's
#     width (1280x900) and a phone's (390x844): not blank (many colours, the page's own
#     colours, the town's tokens), and at the phone's width no page wider than the window.
# Every wait is bounded, the whole run to 4 minutes; a failure says `web-check: FAILED: ...`.
# Usage: tools/web-check.sh [DIR] writes the screenshots (PNG), the run's log
# (web-check.log: every question and the picks clicked), the servers' output, the save and
# chromedriver.log to DIR (a new temporary folder by default). POSSE=path/to/posse uses that
# binary instead of building one (cargo build --release); CHROMIUM=path overrides
# /usr/bin/chromium, CHROMEDRIVER=path /usr/bin/chromedriver; WEB_CHECK_SEED=N repeats a
# run's random clicks (each run prints its seed).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/browser-tools.sh
start_check web-check "${1:-}"

# Chromium, ChromeDriver and python3 (which drives them) from Debian when missing.
chromium=${CHROMIUM:-/usr/bin/chromium}
chromedriver=${CHROMEDRIVER:-/usr/bin/chromedriver}
need_debian "chromium=test -x $chromium" "chromium-driver=test -x $chromedriver" \
  "python3=command -v python3"
[ -x "$chromium" ] || fail "no Chromium at $chromium"
[ -x "$chromedriver" ] || fail "no ChromeDriver at $chromedriver"

# The posse binary.
find_posse

# The browsers' profiles and the processes' ids, in a folder of this run's own. The driver
# ends what it starts (each in a process group of its own: the servers, ChromeDriver and
# its Chromiums); the trap ends whatever it left, however it stopped.
work=$(mktemp -d)
cleanup() {
  if [ -f "$work/pids" ]; then
    while read -r pid; do
      kill -KILL -- "-$pid" 2>/dev/null || true
    done <"$work/pids"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

seed=()
[ -z "${WEB_CHECK_SEED:-}" ] || seed=(--seed "$WEB_CHECK_SEED")
timeout --foreground -k 10 280 python3 tools/web_check.py --posse "$posse" --root "$root" --out "$out" --work "$work" \
  --chromium "$chromium" --chromedriver "$chromedriver" "${seed[@]}" || {
  status=$?
  [ $status != 124 ] || fail "the run took more than 280 s (log in $out/web-check.log)"
  exit $status
}
echo "web-check: the web table plays in Chromium as it should ($out)"
