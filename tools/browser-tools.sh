# Sourced by tools/html-check.sh and tools/web-check.sh (after `cd` to the project's root):
# what both need before they start.
#   start_check TAG [DIR]            sets `root` (here), `out` (DIR made absolute, or a new
#                                    temporary folder) and `fail` (a message under TAG, exit 1);
#   need_debian PACKAGE=TEST...      installs with apt each Debian PACKAGE whose TEST
#                                    (a command) fails, saying so;
#   find_posse                       sets `posse` to $POSSE, or builds the release binary.
# Python writes no bytecode beside tools/png.py: nothing is left in the project's folders.
export PYTHONDONTWRITEBYTECODE=1

start_check() {
  check_tag=$1
  root=$PWD
  out=${2:-$(mktemp -d)}
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
}

fail() {
  echo "$check_tag: FAILED: $*" >&2
  exit 1
}

need_debian() {
  local missing=() pair sudo=
  for pair in "$@"; do
    eval "${pair#*=}" >/dev/null 2>&1 || missing+=("${pair%%=*}")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "$check_tag: installing ${missing[*]} with apt"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

find_posse() {
  if [ -n "${POSSE:-}" ]; then
    posse=$POSSE
  else
    cargo build --release --quiet
    posse=$PWD/target/release/posse
  fi
  [ -x "$posse" ] || fail "no posse binary at $posse"
}
