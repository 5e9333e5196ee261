"""Reads a sharded corpus with the pgn100 Python package inside Spark's
executors (mapPartitions) and writes one row per main-line move as a
Spark DataFrame: the columns of `pgn100 moves`, clocks and evaluations
included. Then, as an example of what the rows give, second-stage
castling by year over the Hundred games.

    spark-submit moves_job.py SHARD.pgn... [--out moves.parquet]

Every executor needs the package installed (`pip install ./python` on each
node, or a wheel shipped with --py-files) and read access to the shard
files. Each partition of shard paths is read by one `pgn100.moves()` call
(the package reads with its own threads, the GIL released); stats_job.py
beside it does the same map-reduce through the command (RDD.pipe).
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


def moves_of(paths):
    """The rows of the shards `paths` (an iterator of paths: one partition),
    as tuples in the order of the columns."""
    import pgn100  # imported on the executor

    paths = list(paths)
    if not paths:
        return
    # One thread a task: Spark runs a task per core already.
    columns = pgn100.moves(paths, threads=1)
    yield from zip(*columns.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shards", nargs="+", help="PGN files, one task input each")
    parser.add_argument("--partitions", type=int, default=None)
    parser.add_argument("--out", default=None, help="write the rows as Parquet here")
    args = parser.parse_args()

    spark = SparkSession.builder.appName("pgn100 moves").getOrCreate()
    shards = spark.sparkContext.parallelize(
        [os.path.abspath(s) for s in args.shards], args.partitions or len(args.shards)
    )
    import pgn100

    # The column names (the same for every input) from the package on the driver.
    names = list(pgn100.moves(os.path.abspath(args.shards[0]), threads=1))
    rows = shards.mapPartitions(moves_of)
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
    print(f"{moves.count()} moves")
    for r in by_year.collect():
        print(f"{r['year']}: {r['games']} games with a first stage, second-stage rate {r['second_stage_rate']}")
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
