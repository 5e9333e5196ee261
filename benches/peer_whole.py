#!/usr/bin/env python3
"""pgn100 beside pgn-reader 0.29 as a user runs them: whole processes,
`pgn100 validate --variant chess --threads 1 FILE` against pgn-reader's
own `examples/validate FILE`, in turn with the order reversed every round;
medians of wall-clock and CPU (user + sys); ratios are the peer's time over
each pgn100's (above 1.0x: pgn100 faster).

    python3 benches/peer_whole.py ROUNDS PGN100[,PGN100...] FILE...

The peer binary: $PEER, else /tmp/pgnr/target/release/examples/validate
(pgn-reader 0.29.0's source, `cargo build --release --example validate`).
"""
import os
import resource
import statistics
import subprocess
import sys
import time


def run(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


rounds, ours, files = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
peer = os.environ.get("PEER", "/tmp/pgnr/target/release/examples/validate")
print("load", os.getloadavg())
for f in files:
    cmds = {"peer": [peer, f]}
    for o in ours:
        cmds[o] = [o, "validate", "--variant", "chess", "--threads", "1", f]
    res = {k: [] for k in cmds}
    for r in range(rounds):
        for k in list(cmds) if r % 2 == 0 else list(reversed(list(cmds))):
            res[k].append(run(cmds[k]))
    pw = statistics.median(x[0] for x in res["peer"])
    pc = statistics.median(x[1] for x in res["peer"])
    for k in cmds:
        w = statistics.median(x[0] for x in res[k])
        c = statistics.median(x[1] for x in res[k])
        print(f"{os.path.basename(f):24} {k[-36:]:36} wall {w:.3f} cpu {c:.3f} ratio wall {pw / w:.2f}x cpu {pc / c:.2f}x")
print("load", os.getloadavg())
