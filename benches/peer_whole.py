#!/usr/bin/env python3
"""pgn100 beside pgn-reader 0.29 as a user runs them: whole processes,
`pgn100 validate --variant chess --threads 1 FILE` against pgn-reader's
own `examples/validate FILE`, in turn with the order reversed every round;
medians of wall-clock and CPU (user + sys); ratios are the peer's time over
each pgn100's (above 1.0x: pgn100 faster).

    python3 benches/peer_whole.py ROUNDS PGN100[,PGN100...] FILE...

The peer is benches/peer_validate, pgn-reader 0.29.0 + shakmaty 0.30.1
validating every game as pgn-reader's own `examples/validate` does, built
here twice from the registry's crates: with pgn100's release profile
(codegen-units 1, thin LTO: `peer`, the fair comparison) and with Cargo's
default release profile (codegen-units 16, no LTO: `peer-default`, what
`cargo build --release --example validate` in the peer's source gives).
Ratios are printed against `peer`. $PEER overrides the `peer` binary.
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


def build_peers():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_validate")
    manifest = os.path.join(here, "Cargo.toml")
    out = {}
    for name, profile, folder in [("peer", "release", "release"), ("peer-default", "default-release", "default-release")]:
        subprocess.run(["cargo", "build", "--quiet", "--profile", profile, "--manifest-path", manifest], check=True)
        out[name] = os.path.join(here, "target", folder, "peer_validate")
    if "PEER" in os.environ:
        out["peer"] = os.environ["PEER"]
    return out


rounds, ours, files = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
peers = build_peers()
print("load", os.getloadavg())
for f in files:
    cmds = {name: [path, f] for name, path in peers.items()}
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
