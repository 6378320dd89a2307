#!/usr/bin/env bash
# The referee of this checkout against the referee of an earlier commit, side by side
# (docs/reference/performance.md, "Referee: this code against an earlier commit").
#
#   benches/referee_compare.sh BASE [RUNS]
#
# BASE is a commit (e.g. the last one before the typed match record), RUNS how many times each
# referee bench runs (default 3). Both trees are built in release with one target directory, so
# only kartl itself is compiled twice. Then:
#   1. the referee bench (`cargo bench --bench referee`, the same file in both trees when it
#      has not changed) runs RUNS times for each tree, taking turns, so machine noise hits both;
#   2. every conformance case's record is refereed once by each tree's `kartl referee` under
#      callgrind, counting only the instructions inside `kartl::rules::referee`: instruction
#      counts do not drift with the machine's load. The sums are printed per family.
# Needs valgrind and python3. Work files go to $KARTL_COMPARE_DIR (default /tmp/kartl-compare).
set -euo pipefail
base=${1:?usage: benches/referee_compare.sh BASE [RUNS]}
runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
work=${KARTL_COMPARE_DIR:-/tmp/kartl-compare}
target=${CARGO_TARGET_DIR:-$here/target}

# Builds the tree at $1 and copies its `kartl` and referee bench binaries into $2; a commit
# built before is not built again (a tree with uncommitted changes always is).
build() {
    if [ -x "$2/kartl" ] && [ -x "$2/referee" ] && [ -z "$(git -C "$1" status --porcelain)" ]; then
        return
    fi
    mkdir -p "$2"
    (cd "$1" && CARGO_TARGET_DIR=$target cargo build --release --bin kartl --quiet &&
        CARGO_TARGET_DIR=$target cargo bench --bench referee --no-run --quiet 2>/dev/null)
    cp "$target/release/kartl" "$2/kartl"
    # The bench binary just linked is the newest `referee-*` executable.
    cp "$(ls -t "$target"/release/deps/referee-* | grep -v '\.d$' | head -1)" "$2/referee"
}

if [ ! -d "$work/tree" ]; then
    git -C "$here" worktree add --detach "$work/tree" "$base" >/dev/null
else
    git -C "$work/tree" checkout --detach --quiet "$base"
fi
base_rev=$(git -C "$work/tree" rev-parse --short HEAD)
head_rev=$(git -C "$here" rev-parse --short HEAD)
echo "building $base ($base_rev)"
build "$work/tree" "$work/bin/$base_rev"
echo "building this checkout ($head_rev)"
build "$here" "$work/bin/$head_rev"
ln -sfn "$work/bin/$base_rev" "$work/base"
ln -sfn "$work/bin/$head_rev" "$work/head"

echo
echo "== the referee bench, $runs runs each, taking turns"
for i in $(seq "$runs"); do
    for side in base head; do
        echo "-- $side, run $i"
        "$work/$side/referee" --bench
    done
done

echo
echo "== instructions inside kartl::rules::referee, every conformance case (callgrind)"
rm -rf "$work/cases" && mkdir -p "$work/cases"
python3 - "$here/tests/conformance" "$work/cases" <<'PY'
import json, pathlib, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for f in sorted(root.glob("*/*.json")):
    case = json.loads(f.read_text())
    if "record" in case:
        (out / f"{f.parent.name}__{f.stem}.json").write_text(json.dumps(case["record"]))
PY
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='kartl::rules::referee' \
        --callgrind-out-file="$out" "$1" referee "$2" >/dev/null 2>&1 || true
    awk '/^totals:/ {print $2}' "$out"
    rm -f "$out"
}
printf '%-8s %6s %16s %16s %8s\n' family cases base head head/base
for family in figures watten gaigel shared; do
    b=0 h=0 n=0
    for rec in "$work/cases/${family}__"*.json; do
        [ -e "$rec" ] || continue
        b=$((b + $(count "$work/base/kartl" "$rec")))
        h=$((h + $(count "$work/head/kartl" "$rec")))
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] && printf '%-8s %6d %16d %16d %8s\n' "$family" "$n" "$b" "$h" \
        "$(python3 -c "print(f'{$h/$b:.3f}')")"
done
