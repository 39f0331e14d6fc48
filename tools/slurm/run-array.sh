#!/usr/bin/env bash
# The Slurm job array of docs/sim.md end to end on this machine, as root: a single-node
# Slurm from Debian's packages (slurm-wlm, munge), tools/slurm/sim-array.sbatch submitted
# as an array of SHARDS tasks, `posse merge` of their shards, and the same batch played on
# one machine: the two reports must be the same but for the timings. Stops the daemons it
# started. Not part of CI (.ci/run).
#
# Environment: POSSE (the binary; else built here in release), SHARDS (4), GAMES (16000,
# the whole batch), GAME (dice_town), PLAYERS (4), TIMEOUT (seconds to wait for the array,
# 900), POSSE_SLURM_DIR (configuration, state, logs and results: /tmp/posse-slurm).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
SHARDS=${SHARDS:-4} GAMES=${GAMES:-16000} GAME=${GAME:-dice_town} PLAYERS=${PLAYERS:-4}
TIMEOUT=${TIMEOUT:-900}
dir=${POSSE_SLURM_DIR:-/tmp/posse-slurm}
sbatch_file=$repo/tools/slurm/sim-array.sbatch
# docs/sim.md quotes the sbatch file: the two must agree.
if [[ "$(<"$repo/docs/sim.md")" != *"$(<"$sbatch_file")"* ]]; then
  echo "run-array.sh: docs/sim.md does not quote tools/slurm/sim-array.sbatch as it is" >&2
  exit 1
fi
[ "$(id -u)" = 0 ] || { echo "run-array.sh: run as root (it installs packages and starts daemons)" >&2; exit 2; }

# Slurm and munge, when missing; jq for the comparison.
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || ! command -v jq >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge jq
fi
echo "== $(dpkg-query -W -f '${Package} ${Version}' slurm-wlm)"

# Stops the slurmd and slurmctld whose pid files are in $dir (ours), then our munged.
stop_daemons() {
  local d pid pids=
  for d in slurmd slurmctld; do
    pid=$(cat "$dir/$d.pid" 2>/dev/null || true)
    [ -n "$pid" ] && [ "$(ps -o comm= -p "$pid")" = "$d" ] && pids="$pids $pid"
  done
  if [ -n "$pids" ]; then
    kill $pids 2>/dev/null || true
    for _ in $(seq 20); do
      kill -0 $pids 2>/dev/null || break
      sleep 0.5
    done
  fi
  if [ -f "$dir/munged.started" ]; then munged --stop >/dev/null 2>&1 || true; fi
}

# What a previous run left behind (killed before it could stop them): its tasks, its
# daemons, its munged; then a clean slate.
if [ -f "$dir/slurm.conf" ] && SLURM_CONF=$dir/slurm.conf scancel -u root 2>/dev/null; then sleep 2; fi
stop_daemons
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
  echo "run-array.sh: a slurmctld or slurmd not started by this script is running; stop it first" >&2
  exit 2
fi
rm -rf "$dir"
mkdir -p "$dir"/state "$dir"/spool "$dir"/work/results

# The binary: POSSE, else a release build of this checkout.
if [ -z "${POSSE:-}" ]; then
  cargo build --release --manifest-path "$repo/Cargo.toml" -q
  POSSE=${CARGO_TARGET_DIR:-$repo/target}/release/posse
fi
POSSE=$(realpath "$POSSE")
export POSSE GAME GAMES PLAYERS POSSE_ROOT=$repo

# One node, this machine, all its CPUs; no cgroups, no accounting database (sacct reads
# the job completion file).
host=$(hostname -s)
cat >"$dir/slurm.conf" <<EOF
ClusterName=posse
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf

# munged (unless one already answers), slurmctld and slurmd; stopped on the way out.
stop() {
  if [ -n "${pending:-}" ]; then scancel "$pending" 2>/dev/null || true; fi
  stop_daemons
}
trap stop EXIT
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  install -d -o munge -g munge -m 0755 /run/munge
  runuser -u munge -- munged
  touch "$dir/munged.started"
fi
slurmctld -c -f "$SLURM_CONF"
slurmd -c -f "$SLURM_CONF"
for _ in $(seq 30); do
  sinfo -h -o %T 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo

# The array, from the job's folder (its shard-K.log and results/ go there).
cd "$dir/work"
echo "== sbatch --array=1-$SHARDS tools/slurm/sim-array.sbatch"
out=$(sbatch --array="1-$SHARDS" "$sbatch_file")
echo "$out"
array=${out##* } pending=${out##* }
waited=0
while [ -n "$(squeue -h -j "$array" 2>/dev/null)" ]; do
  if [ "$waited" -ge "$TIMEOUT" ]; then
    echo "run-array.sh: the array is not done after ${TIMEOUT}s" >&2
    squeue -j "$array" >&2
    exit 1
  fi
  sleep 5
  waited=$((waited + 5))
done
pending=
# The tasks as slurmctld still holds them (MinJobAge, 5 minutes), then their completion
# records: with no accounting database, sacct -c reads the job completion file (its reader
# knows no array fields and says so on stderr; the tasks show under their own job ids).
echo "== squeue -t all -j $array"
squeue -t all -j "$array" -o '%.6i %.6A %.10j %.10T %.6M %N'
echo "== sacct -c"
sacct -c -o JobID,JobName,NodeList,State,ExitCode,Elapsed 2> >(grep -v 'Unknown type Array' >&2)
done=$(sacct -c -n -o State,ExitCode 2>/dev/null | grep -c 'COMPLETED *0:0' || true)
[ "$done" = "$SHARDS" ] || { echo "run-array.sh: $done of $SHARDS tasks completed; logs in $dir/work" >&2; exit 1; }

# The merged report against the batch on one machine.
echo "== posse merge results/shard-*.json"
"$POSSE" merge results/shard-*.json >merged.txt
head -9 merged.txt
"$POSSE" merge results/shard-*.json --json >merged.json
echo "== posse sim $GAME -n $GAMES --players $PLAYERS --json (one machine)"
"$POSSE" sim "$GAME" -n "$GAMES" --players "$PLAYERS" --json >single.json
timings='del(.jobs, .seconds, .games_per_second, .decisions_per_second)'
if diff <(jq -S "$timings" merged.json) <(jq -S "$timings" single.json) >report.diff; then
  echo "== equal but for the timings (jobs, seconds, games_per_second, decisions_per_second):"
  for f in merged.json single.json; do
    jq -r --arg f "$f" '"  \($f): \(.games) games, seed \(.seed), jobs \(.jobs), \(.seconds * 10 | round / 10)s"' "$f"
  done
else
  echo "run-array.sh: the merged report differs from the one-machine report ($dir/work/report.diff):" >&2
  head -40 report.diff >&2
  exit 1
fi
