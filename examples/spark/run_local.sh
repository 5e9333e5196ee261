#!/usr/bin/env bash
# Runs stats_job.py in Spark's local mode on shards of a generated corpus and
# checks the merged aggregate against one pgn100 run over the same shards.
# Needs pyspark (pip install pyspark) and Java; not part of CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! python3 -c "import pyspark" 2>/dev/null; then
    echo "pyspark is not installed (pip install pyspark): nothing run" >&2
    exit 0
fi
cargo build --release -q
export PGN100="$PWD/target/release/pgn100"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in 1 2 3 4; do
    "$PGN100" generate --games 250 --seed "$seed" -o "$tmp/shard$seed.pgn"
done
spark-submit --master "local[2]" examples/spark/stats_job.py "$tmp"/shard*.pgn --out "$tmp/merged.json" 2>"$tmp/spark.log" ||
    { tail -20 "$tmp/spark.log"; exit 1; }
"$PGN100" stats --format json "$tmp"/shard*.pgn >"$tmp/one_run.json" || true
if cmp -s "$tmp/merged.json" "$tmp/one_run.json"; then
    echo "merged aggregate of 4 shards equals one run over them ($(grep -m1 '"games"' "$tmp/merged.json"))"
else
    diff "$tmp/merged.json" "$tmp/one_run.json" | head -20
    exit 1
fi
