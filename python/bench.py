"""Reading a file through Python against the command's validate of it, and
python-chess reading the same (chess) file.

    python python/bench.py FILE [--variant chess] [--rounds 7] [--threads N] [--python-chess] [--json]

Runs, in turn (the order rotated every round), the pgn100 command's
`validate` (a process of its own), and in this process: pgn100.read()
iterating every game and asking what validate computes (validity and
diagnostics), the same asking each game's tags (a dict), and the same
asking each game's moves (SAN, UCI, FEN after each move: one Python
object per move). Prints the median wall-clock and CPU (user+sys, every
thread) seconds of each, and the ratio to the command's. With
--python-chess, chess.pgn.read_game over the file (each game's moves
played) is timed once at the end."""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import time

import pgn100

ROOT = pathlib.Path(__file__).resolve().parents[1]


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(f):
    """Wall-clock and CPU seconds of f(), and its result. CPU time is this
    process's (every thread) plus its children's."""
    t, c, k = time.perf_counter(), time.process_time(), cpu_children()
    n = f()
    return time.perf_counter() - t, time.process_time() - c + cpu_children() - k, n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--variant")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, help="worker threads of both (default: all cores)")
    ap.add_argument("--python-chess", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the medians as one JSON object")
    ap.add_argument("--bin", default=str(pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "pgn100"))
    a = ap.parse_args()
    size = os.path.getsize(a.file) / 1e6
    extra = (["--variant", a.variant] if a.variant else []) + (["--threads", str(a.threads)] if a.threads else [])
    opts = {"variant": a.variant, "threads": a.threads}
    path = pathlib.Path(a.file)

    def cli():
        subprocess.run([a.bin, "validate", *extra, a.file], capture_output=True)
        return None

    def read():
        n = 0
        for g in pgn100.read(path, **opts):
            n += g.valid + len(g.diagnostics)
        return n

    def read_tags():
        return sum(len(g.tags) for g in pgn100.read(path, **opts))

    def read_moves():
        return sum(len(g.moves) for g in pgn100.read(path, **opts))

    methods = [
        ("pgn100 validate (CLI)", cli),
        ("pgn100.read()", read),
        ("pgn100.read() + tags", read_tags),
        ("pgn100.read() + moves", read_moves),
    ]
    times = {name: ([], []) for name, _ in methods}
    counts = {}
    for r in range(a.rounds):
        k = r % len(methods)
        for name, f in methods[k:] + methods[:k]:
            wall, cpu, n = timed(f)
            times[name][0].append(wall)
            times[name][1].append(cpu)
            counts[name] = n
    rows = [(name, statistics.median(w), statistics.median(c), counts[name]) for name, (w, c) in times.items()]
    if a.python_chess:
        import logging

        import chess.pgn

        # Games python-chess cannot read (Chess960 without its tag) are logged; not timed.
        logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

        def pc():
            n = 0
            with open(a.file, encoding="utf-8", errors="replace") as f:
                while (g := chess.pgn.read_game(f)) is not None:
                    n += 1
                    for _ in g.mainline_moves():
                        pass
            return n

        rows.append(("python-chess read_game", *timed(pc)))
    if a.json:
        import json

        print(json.dumps({name: {"wall": wall, "cpu": cpu, "n": n} for name, wall, cpu, n in rows}))
        return
    print(f"{a.file}: {size:.1f} MB, {a.rounds} rounds, medians")
    print(f"  {'':28} {'wall':>8}   {'ratio':>5} {'cpu':>8}   {'ratio':>5}")
    cli_wall, cli_cpu = rows[0][1], rows[0][2]
    for name, wall, cpu, n in rows:
        print(
            f"  {name:28} {wall:8.3f} s {wall / cli_wall:5.2f}x {cpu:8.3f} s {cpu / cli_cpu:5.2f}x"
            + (f"  ({n})" if n is not None else "")
        )


if __name__ == "__main__":
    main()
