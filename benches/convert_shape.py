#!/usr/bin/env python3
"""`pgn100 convert` shaping beside plain `convert`, and pgn-extract on the
same jobs: whole processes timed in turn (a script, not a timed test).

    cargo build --release
    python3 benches/convert_shape.py [FILE] [--rounds N] [--pgn-extract PATH]

FILE defaults to the GNU Chess opening book of the shared chess collection
(../shared/chess/gnuchess_book_1.02.pgn, read `--variant chess`). Each round
runs every job once, in turn, its output to /dev/null:

    plain   pgn100 convert --variant chess          pgn-extract -s
    strip   ... --no-comments --no-nags --no-variations   pgn-extract -s -C -N -V
    epd     ... --to epd                             pgn-extract -s -Wepd

For each job it prints the fastest wall time and the least CPU time (user +
system of the child) of the N rounds (default 3), and the ratio of the CPU
time to the plain job's of the same tool: the issue's bound is strip and
epd at most 1.5x plain convert. The CPU ratio is the figure a loaded
machine moves least. Before timing, each job is run once and must write
something and exit with 0 or 1 (1: an invalid game).
"""

import argparse
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "pgn100")
DEFAULT = os.path.join(ROOT, "..", "shared", "chess", "gnuchess_book_1.02.pgn")

JOBS = [
    ("plain", [], ["-s"]),
    ("strip", ["--no-comments", "--no-nags", "--no-variations"], ["-s", "-C", "-N", "-V"]),
    ("epd", ["--to", "epd"], ["-s", "-Wepd"]),
]


def command(tool, args, path, pgn_extract):
    if tool == "pgn100":
        return [BIN, "convert", "--variant", "chess", *args, path]
    return [pgn_extract, *args, path]


def run(cmd, out=subprocess.DEVNULL):
    """Wall and CPU seconds of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"{cmd}: exit status {done.returncode}")
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pgn-extract", default="/usr/games/pgn-extract")
    a = parser.parse_args()
    if not os.path.exists(BIN):
        sys.exit("build first: cargo build --release")
    tools = ["pgn100"] + (["pgn-extract"] if os.path.exists(a.pgn_extract) else [])
    # The work is checked once: each job writes something.
    for tool in tools:
        for name, ours, theirs in JOBS:
            cmd = command(tool, ours if tool == "pgn100" else theirs, a.file, a.pgn_extract)
            out = subprocess.run(cmd, capture_output=True)
            if out.returncode not in (0, 1) or not out.stdout:
                sys.exit(f"{tool} {name}: exit {out.returncode}, {len(out.stdout)} bytes written")
    best = {}
    for _ in range(a.rounds):
        for tool in tools:
            for name, ours, theirs in JOBS:
                wall, cpu = run(command(tool, ours if tool == "pgn100" else theirs, a.file, a.pgn_extract))
                w, c = best.get((tool, name), (wall, cpu))
                best[(tool, name)] = (min(w, wall), min(c, cpu))
    print(f"{os.path.basename(a.file)}, {a.rounds} rounds: fastest wall, least CPU, CPU / plain")
    for tool in tools:
        plain = best[(tool, "plain")][1]
        for name, *_ in JOBS:
            wall, cpu = best[(tool, name)]
            print(f"{tool:12} {name:6} {wall:8.2f} s {cpu:8.2f} s {cpu / plain:6.2f}x")


if __name__ == "__main__":
    main()
