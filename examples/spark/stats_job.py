"""Counts a sharded corpus with pgn100 on a Spark cluster and merges the
results: the map-reduce shape of `pgn100 stats --format json` and
`pgn100 stats --merge`.

    spark-submit stats_job.py SHARD.pgn... [--out merged.json]

Every executor needs the pgn100 binary on its PATH (or PGN100=/path/to/it)
and read access to the shard files (a shared file system, or files shipped
with --files). Each Spark partition of shard paths is piped through one
`pgn100 stats --format json` run (RDD.pipe); the driver collects one
aggregate per partition and adds them up with `pgn100 stats --merge`, which
gives exactly what one run over all the shards gives.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

from pyspark import SparkContext


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shards", nargs="+", help="PGN files, one task input each")
    parser.add_argument("--partitions", type=int, default=None)
    parser.add_argument("--out", default="-", help="where the merged aggregate goes (JSON)")
    args = parser.parse_args()

    pgn100 = os.environ.get("PGN100", "pgn100")
    sc = SparkContext(appName="pgn100 stats")
    shards = sc.parallelize([os.path.abspath(s) for s in args.shards], args.partitions or len(args.shards))
    # One pgn100 run per partition: the partition's paths arrive on stdin, one
    # a line; its aggregate leaves as one line of JSON (newlines taken out).
    # `stats` exits 1 when it counts an invalid game: that is a count, not a
    # failure, so the pipe keeps the output.
    script = 'xargs -d "\\n" ' + shlex.quote(pgn100) + ' stats --format json --threads 1 | tr -d "\\n"; echo'
    command = "sh -c " + shlex.quote(script)
    parts = [line for line in shards.pipe(command).collect() if line.strip()]
    sc.stop()

    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, line in enumerate(parts):
            path = os.path.join(tmp, f"part{i}.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(line)
            files.append(path)
        merged = subprocess.run(
            [pgn100, "stats", "--merge", "--format", "json", *files], capture_output=True, text=True
        )
    if merged.returncode not in (0, 1):
        sys.stderr.write(merged.stderr)
        return merged.returncode
    if args.out == "-":
        sys.stdout.write(merged.stdout)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(merged.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
