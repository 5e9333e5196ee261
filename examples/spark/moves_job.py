"""Reads a sharded corpus with the pgn100 Python package inside Spark's
executors (mapPartitions) and writes one row per main-line move as a
Spark DataFrame: the columns of `pgn100 moves`, clocks and evaluations
included. Then, as examples of what the rows give: how many moves carry a
clock, a time taken, an evaluation and its depth, and the second-stage
castling rate by year over the valid Hundred games.

    spark-submit moves_job.py SHARD.pgn... [--variant chess] [--out moves.parquet]

Every executor needs the package installed (`pip install ./python` on each
node, or a wheel shipped with --py-files) and read access to the shard
files. Each partition of shard paths is read by one `pgn100.moves()` call
(the package reads with its own threads, the GIL released); stats_job.py
beside it does the same map-reduce through the command (RDD.pipe).
`--variant` is the variant of games without a Variant tag (default
Hundred; `chess` for ordinary PGN files).

Run for real on 2026-12-05 (pyspark 4.3.0 from PyPI, OpenJDK 17.0.15,
Python 3.11, `--master "local[2]"`, the package installed with `pip
install --no-build-isolation ./python`):
- run_moves_local.sh (four generated Hundred shards of 100 games): 76,953
  moves, as `pgn100 moves` gives; 73 games with a first stage of castling,
  second-stage rate 0.644 (their Date tags are `????.??.??`).
- `--variant chess` on seven real Chess files (the three CCT broadcast
  files, the lichess export and the TWIC sample of corpus/chess/,
  corpus/comments/eval_depth.pgn and ../shared/chess/
  sesse_broadcasts_2016-2024.pgn, 6.2 MB), with `--out` Parquet: 603,707
  moves of 5,766 games, 3,086 with a clock, 61,797 with an evaluation, 34
  with its depth, in 63 s of wall-clock (Spark's start included); each
  count equals the one taken from `pgn100 moves --variant chess` CSV of
  the same files.
What that run changed: the column names came from reading the whole first
shard on the driver (now from an empty file), and ordinary PGN files
could not be read as Chess (no `--variant`).
"""

import argparse
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

# The columns of `pgn100 moves` that are not strings (README, "moves").
INTEGERS = {"game", "ply", "move_number", "eval_cp", "eval_mate", "eval_depth"}
FLOATS = {"clock", "elapsed"}
BOOLEANS = {"valid", "capture", "check", "mate", "en_passant", "restored"}


def schema(names):
    """The Spark schema of the columns `names`, in their order."""

    def kind(name):
        if name in INTEGERS:
            return T.LongType()
        if name in FLOATS:
            return T.DoubleType()
        if name in BOOLEANS:
            return T.BooleanType()
        return T.StringType()

    return T.StructType([T.StructField(n, kind(n), nullable=True) for n in names])


def moves_of(variant):
    """The function of a partition: the rows of its shards (an iterator of
    paths), as tuples in the order of the columns."""

    def rows(paths):
        import pgn100  # imported on the executor

        paths = list(paths)
        if not paths:
            return
        # One thread a task: Spark runs a task per core already.
        columns = pgn100.moves(paths, variant=variant, threads=1)
        yield from zip(*columns.values())

    return rows


def column_names():
    """The columns of `pgn100.moves()` (the same for every input), from the
    package on the driver: those of an empty file."""
    import tempfile

    import pgn100

    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.pgn")
        open(empty, "w").close()
        return list(pgn100.moves(empty))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shards", nargs="+", help="PGN files, one task input each")
    parser.add_argument("--partitions", type=int, default=None)
    parser.add_argument("--out", default=None, help="write the rows as Parquet here")
    parser.add_argument("--variant", default=None, help="the variant of games without a Variant tag (default Hundred)")
    args = parser.parse_args()

    spark = SparkSession.builder.appName("pgn100 moves").getOrCreate()
    shards = spark.sparkContext.parallelize(
        [os.path.abspath(s) for s in args.shards], args.partitions or len(args.shards)
    )
    names = column_names()
    rows = shards.mapPartitions(moves_of(args.variant))
    moves = spark.createDataFrame(rows, schema(names)).cache()
    if args.out:
        moves.write.mode("overwrite").parquet(args.out)

    # Games with a first stage of castling, and of those, games with a second
    # stage, by the year of the Date tag (valid Hundred games).
    games = (
        moves.where((F.col("variant") == "Hundred") & F.col("valid"))
        .groupBy("file", "game", F.substring("date", 1, 4).alias("year"))
        .agg(
            F.max(F.when(F.col("castle_stage") == "first", 1).otherwise(0)).alias("first"),
            F.max(F.when(F.col("castle_stage") == "second", 1).otherwise(0)).alias("second"),
        )
    )
    by_year = (
        games.where(F.col("first") == 1)
        .groupBy("year")
        .agg(F.count("*").alias("games"), F.round(F.avg("second"), 3).alias("second_stage_rate"))
        .orderBy("year")
    )
    counts = moves.agg(
        F.count("*").alias("moves"),
        F.countDistinct("file", "game").alias("games"),
        F.count("clock").alias("clocks"),
        F.count("elapsed").alias("elapsed"),
        F.sum(F.when(F.col("eval_cp").isNotNull() | F.col("eval_mate").isNotNull(), 1).otherwise(0)).alias("evals"),
        F.count("eval_depth").alias("depths"),
    ).first()
    print(f"{counts['moves']} moves")
    print(
        f"{counts['games']} games; moves with a clock {counts['clocks']}, a time taken {counts['elapsed']}, "
        f"an evaluation {counts['evals'] or 0} (with its depth {counts['depths']})"
    )
    for r in by_year.collect():
        print(f"{r['year']}: {r['games']} games with a first stage, second-stage rate {r['second_stage_rate']}")
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
