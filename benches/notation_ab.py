#!/usr/bin/env python3
"""Builds of the notation bench run in turn: each round runs every binary
once (order reversed every other round), and the medians of each job's
plies per second are printed side by side. On this project's shared
2-core host one run moves by 3-40 %; the medians of rounds in turn hold.

    python3 benches/notation_ab.py ROUNDS BENCH[,BENCH...] [MB]

A BENCH is the binary `cargo bench --bench notation --no-run` prints
(copy it away before building the next state: the name stays the same).
"""
import os
import re
import statistics
import subprocess
import sys

rounds, bins = int(sys.argv[1]), sys.argv[2].split(",")
mb = sys.argv[3] if len(sys.argv) > 3 else "20"
res = {b: {} for b in bins}
print("load", os.getloadavg())
for r in range(rounds):
    for b in bins if r % 2 == 0 else bins[::-1]:
        out = subprocess.run([b, mb], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            m = re.match(r"(\S+ \S+: \S+(?:, iter)?)\s+\S+\s+\S+\s+\S+\s+\S+\s+(\d+)$", line.strip())
            if m:
                res[b].setdefault(m.group(1), []).append(int(m.group(2)) / 1e6)
print(f"{'job':28}" + "".join(f"{os.path.basename(b):>16}" for b in bins))
for job in [j for j in res[bins[0]] if "iter" not in j]:
    print(f"{job:28}" + "".join(f"{statistics.median(res[b][job]):>12.2f} M/s" for b in bins))
print("load", os.getloadavg())
