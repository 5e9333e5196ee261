#!/usr/bin/env python3
"""Two pgn100 binaries timed in turn, whole process, one thread: the ratio
of each pair of runs holds on a loaded machine where absolute times do not.

    python3 benches/ab.py OLD_BINARY NEW_BINARY [ROUNDS]

Inputs (made once, see BENCHMARKS.md "One replay for every variant"):
/tmp/h_cyr_long.pgn, /tmp/h_lat_short.pgn, /tmp/sesse8.pgn, /tmp/dice.pgn.
"""
import statistics
import subprocess
import sys
import time

old, new = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
jobs = [
    ("validate h_cyr_long", ["validate", "--threads", "1", "/tmp/h_cyr_long.pgn"]),
    ("validate h_lat_short", ["validate", "--threads", "1", "/tmp/h_lat_short.pgn"]),
    ("validate sesse x8", ["validate", "--threads", "1", "--variant", "chess", "/tmp/sesse8.pgn"]),
    ("convert h_cyr_long", ["convert", "--letters", "latin", "--style", "short", "--threads", "1", "/tmp/h_cyr_long.pgn"]),
    ("stats dice", ["stats", "--threads", "1", "/tmp/dice.pgn"]),
]


def run(binary, args):
    t = time.perf_counter()
    subprocess.run([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


for name, args in jobs:
    o, n = [], []
    for _ in range(rounds):
        o.append(run(old, args))
        n.append(run(new, args))
    ratios = [a / b for a, b in zip(o, n)]
    print(
        f"{name:24} old min {min(o) * 1000:7.1f} ms  new min {min(n) * 1000:7.1f} ms  "
        f"old/new: min-ratio {min(o) / min(n):.3f}  median of pair ratios {statistics.median(ratios):.3f}",
        flush=True,
    )
