#!/usr/bin/env bash
# Load benchmark of the public standings page (issue 8): a 200-team Watten tournament with
# four rounds of confirmed deals is imported into a fresh SQLite file, a release build of
# `kartl serve` runs on it, and wrk loads `/healthz` and the public standings page `/p/{slug}`
# on the same server, one after the other, with the same threads, connections and duration.
# The page is asked for as a browser asks (`Accept-Encoding: gzip, deflate, br`: the gzip copy
# kept per stamp) and then once more without it (the plain page), printed side by side.
# Requirement: the page as browsers ask for it serves at least 30 % of the requests per second
# of `/healthz`, with p99 under 50 ms. See docs/reference/performance.md.
#
# Usage: benches/public_load.sh [seconds]   (environment: KARTL_BIN, PORT, THREADS, CONNECTIONS)
# Needs wrk (apt-get install -y wrk), curl and python3 (to write the tournament file).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10}"
BIN="${KARTL_BIN:-target/release/kartl}"
PORT="${PORT:-18181}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -x "$BIN" ] || cargo build --release --bin kartl

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# 200 teams of two, 4 rounds of 100 tables; every table plays one game to 15 (the winner
# alternates between the sides so the standings spread); a different seating every round.
python3 - "$WORK/tournament.json" <<'PY'
import json, sys
TEAMS, ROUNDS = 200, 4
players = [{"id": f"p{i}", "name": f"Watterin Nr. {i} Größe"} for i in range(2 * TEAMS)]
teams = [{"id": f"t{i}", "name": f"Mannschaft {i} Söll", "players": [f"p{2*i}", f"p{2*i+1}"]}
         for i in range(TEAMS)]
def game(winner, loser, k):
    deals = [(winner, 3), (loser, 2), (winner, 4), (winner, 4), (winner, 4)]
    if k % 3 == 0:
        deals.insert(1, (loser, 3))
    return [{"winner": w, "points": p} for w, p in deals]
rounds = []
for r in range(ROUNDS):
    stride = [1, 3, 7, 9][r]
    order = [(i * stride + r) % TEAMS for i in range(TEAMS)]
    tables = []
    for t in range(TEAMS // 2):
        a, b = order[2 * t], order[2 * t + 1]
        w, l = ("A", "B") if (t + r) % 2 == 0 else ("B", "A")
        tables.append({"seats": [f"t{a}", f"t{b}"], "deals": game(w, l, t)})
    rounds.append({"tables": tables})
json.dump({"name": "Wattturnier der 200", "game": "watten", "format": "rounds",
           "players": players, "teams": teams, "rounds": rounds}, open(sys.argv[1], "w"))
PY

SLUG="$("$BIN" import "$WORK/tournament.json" --database "$WORK/kartl.db" --public | tail -n 1)"
RUST_LOG=warn "$BIN" serve --bind "127.0.0.1:$PORT" --database "$WORK/kartl.db" &
SERVER=$!
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.1
done
PAGE="/p/$SLUG"
STATUS="$(curl -s -o "$WORK/page.html" -w '%{http_code}' "http://127.0.0.1:$PORT$PAGE")"
ROWS="$(grep -c 'entrants/t' "$WORK/page.html" || true)"
[ "$STATUS" = 200 ] && [ "$ROWS" -ge 200 ] || { echo "the page answered $STATUS with $ROWS rows" >&2; exit 1; }
echo "tournament $SLUG: $ROWS standings rows, page $(wc -c <"$WORK/page.html") bytes"

BROWSER_ENCODINGS="gzip, deflate, br"
GZIP_BYTES="$(curl -s -H "Accept-Encoding: $BROWSER_ENCODINGS" "http://127.0.0.1:$PORT$PAGE" | wc -c)"
echo "the page's gzip copy: $GZIP_BYTES bytes"

# load PATH [wrk options...]
load() {
    local path="$1"; shift
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "http://127.0.0.1:$PORT$path"
}
rps() { awk '/^Requests\/sec:/ {print $2}' "$1"; }
# p99 in milliseconds (wrk prints us, ms or s).
p99() {
    awk '$1 == "99%" { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
        if (u == "us") v /= 1000; else if (u == "s") v *= 1000; printf "%.2f", v }' "$1"
}
errors() { awk '/Non-2xx|Socket errors/' "$1"; }
ratio() { awk -v p="$1" -v h="$2" 'BEGIN { printf "%.2f", p / h }'; }

echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, healthz, the page as browsers ask, the page plain"
load /healthz >"$WORK/healthz.txt"
load "$PAGE" -H "Accept-Encoding: $BROWSER_ENCODINGS" >"$WORK/page.txt"
load "$PAGE" >"$WORK/plain.txt"
cat "$WORK/healthz.txt" "$WORK/page.txt" "$WORK/plain.txt"

H_RPS="$(rps "$WORK/healthz.txt")"; P_RPS="$(rps "$WORK/page.txt")"; Q_RPS="$(rps "$WORK/plain.txt")"
H_P99="$(p99 "$WORK/healthz.txt")"; P_P99="$(p99 "$WORK/page.txt")"; Q_P99="$(p99 "$WORK/plain.txt")"
RATIO="$(ratio "$P_RPS" "$H_RPS")"
echo
echo "| route | Accept-Encoding | requests/s | p99 | of /healthz |"
echo "|---|---|---:|---:|---:|"
echo "| /healthz | (none) | $H_RPS | $H_P99 ms | 1.00 |"
echo "| $PAGE | $BROWSER_ENCODINGS | $P_RPS | $P_P99 ms | $RATIO |"
echo "| $PAGE | (none) | $Q_RPS | $Q_P99 ms | $(ratio "$Q_RPS" "$H_RPS") |"
echo "ratio page/healthz as browsers ask: $RATIO (required >= 0.30); page p99 $P_P99 ms (required < 50)"
if [ -n "$(errors "$WORK/page.txt")$(errors "$WORK/plain.txt")" ]; then echo "the page had errors" >&2; exit 1; fi
awk -v r="$RATIO" -v p="$P_P99" 'BEGIN { exit !(r >= 0.30 && p < 50) }' && echo "PASS" || { echo "FAIL"; exit 1; }
