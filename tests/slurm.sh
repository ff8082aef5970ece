#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# slurm: gen on a real (one-node) Slurm cluster.
#  Starts munged, slurmctld and slurmd itself, with every file (munge key and
#  socket, slurm.conf, state, spool, logs, PID files) in a scratch directory and
#  its own ports, so it touches no system configuration and no running daemon.
#  Submits scripts/slurm-gen-all.sbatch (the job script docs/cluster.md shows) as
#  a job array with sbatch --wait, merges the shard trees with gen merge, and
#  asserts the merge equals one single-machine gen all run byte for byte (all
#  but gen.json's command).  Stops the daemons it started, by PID.
#  Exits 77 (ctest: skipped) with the reason when Slurm or munge is not
#  installed, or when not run as root.
set -u
GEN=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
. "$HERE/lib.sh"

skip() {
    echo "slurm: skipped: $*"
    exit 77
}
for tool in munged slurmctld slurmd sbatch sinfo scontrol setpriv; do
    command -v "$tool" >/dev/null ||
        skip "$tool is not installed (apt-get install slurmctld slurmd slurm-client munge)"
done
[ "$(id -u)" -eq 0 ] || skip "needs root (slurmd runs each job as the user who submitted it)"
id munge >/dev/null 2>&1 || skip "there is no munge user (the munge package creates it)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gen-slurm.XXXXXX")
chmod 755 "$WORK"
PIDS=()
stop_daemons() {
    local pid
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null
    done
    PIDS=()
}
cleanup() {
    stop_daemons
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
show_logs() {
    local f
    for f in "$WORK"/munge/munged.log "$WORK"/slurm/*.log "$WORK"/slurm/*.err "$WORK"/run/*.log; do
        [ -f "$f" ] && { echo "--- $f"; tail -n 30 "$f"; }
    done
}
die() {
    fail "$*"
    show_logs
    finish slurm
}

# A port nobody listens on, from a start that differs between runs.
free_port() {
    local p=$1
    while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do
        p=$((p + 1))
    done
    echo "$p"
}

# munged, as the munge user, with its own key and socket.
M=$WORK/munge
mkdir -p "$M"
head -c 1024 /dev/urandom >"$M/munge.key"
chmod 711 "$M" # munged wants its socket directory searchable by all
chmod 600 "$M/munge.key"
chown -R munge:munge "$M"
setpriv --reuid=munge --regid=munge --clear-groups /usr/sbin/munged --foreground --socket="$M/munge.socket" \
    --key-file="$M/munge.key" --pid-file="$M/munged.pid" --log-file="$M/munged.log" \
    --seed-file="$M/munged.seed" 2>>"$M/munged.log" &
PIDS+=($!)
until [ -S "$M/munge.socket" ]; do
    kill -0 "${PIDS[0]}" 2>/dev/null || die "munged did not start"
    sleep 0.2
done
ok

# slurm.conf: this host as controller and the one compute node.
S=$WORK/slurm
mkdir -p "$S/state" "$S/spool"
node=$(slurmd -C | head -n 1)
[[ "$node" == NodeName=* ]] && ok || die "slurmd -C printed no node line: $node"
host=${node#NodeName=}
host=${host%% *}
port=$(free_port $((20000 + $$ % 20000)))
cat >"$S/slurm.conf" <<EOF
ClusterName=gentest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$(free_port $((port + 1)))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$M/munge.socket
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=gen Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$S/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" 2>>"$S/slurmctld.err" &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" 2>>"$S/slurmd.err" &
PIDS+=($!)

# Wait until the node is idle; stop waiting if a daemon dies or the node is down.
while :; do
    for pid in "${PIDS[@]}"; do
        kill -0 "$pid" 2>/dev/null || die "a daemon exited while the cluster was starting"
    done
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null)
    case "$state" in
    idle) break ;;
    down* | drain* | fail*) die "node $host is $state: $(scontrol show node "$host" | grep -o 'Reason=.*')" ;;
    esac
    sleep 0.5
done
ok

# The job array: three shards of gen all, each in its own job, run by the
# documented script (copied, so the scratch directory is all the job sees).
R=$WORK/run
mkdir -p "$R"
cp "$SRC/scripts/slurm-gen-all.sbatch" "$R/"
(cd "$R" && GEN=$GEN sbatch --array=1-3 --cpus-per-task=1 --wait --quiet slurm-gen-all.sbatch 7 shards \
    --num_images 1) >"$R/sbatch.log" 2>&1
rc=$?
[ "$rc" -eq 0 ] && ok || die "sbatch --wait exited $rc: $(cat "$R/sbatch.log")"
for k in 1 2 3; do
    logs=("$R"/gen-all-*_"$k".log)
    [ -f "${logs[0]}" ] && [ ! -s "${logs[0]}" ] && ok || fail "array task $k left no job log, or one with errors"
    [ -f "$R/shards/all-$k/counting_circles/gen.json" ] && ok || fail "array task $k made no shard tree"
    grep -q '"shard":' "$R/shards/all-$k/counting_circles/gen.json" && ok || fail "shard $k is not a shard"
done
# Each array task ran as a Slurm job and ended well (the controller's log says so).
for k in 1 2 3; do
    grep -Eq "_job_complete: JobId=[0-9]+_${k}\([0-9]+\) WEXITSTATUS 0" "$S/slurmctld.log" && ok ||
        fail "slurmctld's log has no successful array task $k"
done

(cd "$R" && "$GEN" merge percept-v shards/all-{1..3} --quiet) && ok || die "gen merge of the shard trees failed"
"$GEN" all --seed 7 --num_images 1 --out "$R/single" --quiet && ok || die "single-machine gen all failed"
[ "$(ls "$R/percept-v" | wc -l)" -eq 30 ] && ok || fail "the merged run does not hold 30 tasks"
same_but_command "$R/percept-v" "$R/single" && ok || fail "merged cluster run differs from one gen all run"
"$GEN" verify "$R/percept-v/counting_circles" --quiet && ok || fail "merged counting_circles does not verify"

# The job script refuses an array that does not number shards from 1.
(cd "$R" && GEN=$GEN sbatch --array=0-1 --wait --quiet slurm-gen-all.sbatch 7 bad) >/dev/null 2>&1
[ $? -ne 0 ] && [ ! -e "$R/bad" ] && ok || fail "the job script ran an array numbered from 0"

# The job script docs/cluster.md shows is this one, verbatim (as a code block).
script=$(sed 's/^/    /' "$SRC/scripts/slurm-gen-all.sbatch")
doc=$(cat "$SRC/docs/cluster.md")
[[ "$doc" == *"$script"* ]] && ok || fail "docs/cluster.md does not show scripts/slurm-gen-all.sbatch verbatim"

stop_daemons
for f in "$S/slurmctld.pid" "$S/slurmd.pid"; do
    [ ! -e "$f" ] || ! kill -0 "$(cat "$f")" 2>/dev/null && ok || fail "a daemon still runs after the test ($f)"
done
finish slurm
