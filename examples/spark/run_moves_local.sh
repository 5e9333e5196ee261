#!/usr/bin/env bash
# Runs moves_job.py in Spark's local mode on shards of a generated corpus and
# checks its row count against `pgn100 moves` over the same shards. Needs
# pyspark (pip install pyspark), Java and the pgn100 package (pip install
# ./python) in the Python that spark-submit runs; not part of CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! python3 -c "import pyspark, pgn100" 2>/dev/null; then
    echo "pyspark or the pgn100 package is not installed: nothing run" >&2
    exit 0
fi
cargo build --release -q
PGN100="${CARGO_TARGET_DIR:-$PWD/target}/release/pgn100"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in 1 2 3 4; do
    "$PGN100" generate --games 100 --seed "$seed" -o "$tmp/shard$seed.pgn"
done
spark-submit --master "local[2]" examples/spark/moves_job.py "$tmp"/shard*.pgn --out "$tmp/moves.parquet" \
    >"$tmp/out.txt" 2>"$tmp/spark.log" || { tail -20 "$tmp/spark.log"; exit 1; }
cat "$tmp/out.txt"
want=$("$PGN100" moves "$tmp"/shard*.pgn | tail -n +2 | wc -l)
got=$(head -1 "$tmp/out.txt" | cut -d' ' -f1)
if [ "$got" = "$want" ]; then
    echo "Spark read $got moves, as pgn100 moves does"
else
    echo "Spark read $got moves, pgn100 moves $want" >&2
    exit 1
fi
