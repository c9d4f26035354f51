#!/usr/bin/env bash
# The SSH door's costs, with the real OpenSSH client over loopback:
#   - the handshake: N connections one after another (key exchange, a
#     guest's way in, a command refused), wall time and the server's CPU
#     time for each;
#   - idle sessions: M guests on the start screen at once (ssh -tt), the
#     server's memory for each, and its CPU time over 5 s while they idle;
#   - playing: P guests each in a game at once, an arrow key pressed in
#     every one round after round, the time from each key to the redraw
#     reaching the client's terminal (benches/ssh_latency.py).
# Usage: benches/ssh_door.sh [N] [M] [P]   (after cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
handshakes=${1:-50}
idle=${2:-200}
playing=${3:-50}
scratch=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT

./target/release/tabletop serve --bind 127.0.0.1 --port 0 --ssh 0 --data "$scratch/data" \
    --ssh-per-address 100000 >"$scratch/out" 2>"$scratch/log" &
server=$!
pids+=("$server")
until grep -q "SSH door on" "$scratch/out" 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's/^SSH door on [0-9.]*:\([0-9]*\);.*/\1/p' "$scratch/out")
ssh_options=(-F /dev/null -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
    -o LogLevel=ERROR -o PubkeyAuthentication=no -p "$port")

# CPU ticks (user + system) of a process so far.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Resident memory of a process, in KiB.
rss() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }

before=$(ticks "$server")
start=$(date +%s%N)
for _ in $(seq "$handshakes"); do
    ssh "${ssh_options[@]}" guest@127.0.0.1 true >/dev/null 2>&1 || true
done
end=$(date +%s%N)
after=$(ticks "$server")
hz=$(getconf CLK_TCK)
echo "handshakes: $handshakes in $(( (end - start) / 1000000 )) ms," \
    "$(( (end - start) / 1000000 / handshakes )) ms each (client and server);" \
    "server CPU $(( (after - before) * 1000000 / hz / handshakes )) µs each" \
    "($((after - before)) ticks in all)"

# The server alone, for comparison: its upkeep (the database's checkpoint,
# the lobby's housekeeping) runs every second whoever is connected.
before=$(ticks "$server")
sleep 5
after=$(ticks "$server")
echo "server alone: $((after - before)) ticks in 5 s"
base=$(rss "$server")
# The idle clients' input: a pipe held open here that nothing is written to.
mkfifo "$scratch/quiet"
exec 3<>"$scratch/quiet"
for n in $(seq "$idle"); do
    ssh -tt "${ssh_options[@]}" "idle$n@127.0.0.1" <"$scratch/quiet" >/dev/null 2>&1 &
    pids+=("$!")
done
# Every session on its start screen: the server logged each.
until [ "$(grep -c 'ssh session peer' "$scratch/log")" -ge "$idle" ]; do sleep 0.2; done
sleep 2
loaded=$(rss "$server")
echo "idle sessions: $idle; server memory $((base / 1024)) MiB before," \
    "$((loaded / 1024)) MiB with them: $(( (loaded - base) / idle )) KiB each"
before=$(ticks "$server")
sleep 5
after=$(ticks "$server")
echo "idle CPU: $((after - before)) ticks ($hz a second) in 5 s for all $idle sessions"

# The idle sessions leave; then P play at once.
for pid in "${pids[@]:1}"; do kill "$pid" 2>/dev/null || true; done
pids=("$server")
sleep 2
python3 benches/ssh_latency.py "$port" "$playing" 20
echo "server after it all: $(( $(rss "$server") / 1024 )) MiB resident"
