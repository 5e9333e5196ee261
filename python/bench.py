"""Reading a file through Python against the command's validate of it, and
python-chess reading the same (chess) file.

    python python/bench.py FILE [--variant chess] [--python-chess]

Prints wall-clock seconds (best of 3) of: the pgn100 command's
`validate`, pgn100.read() iterating every game (tags, validity,
diagnostics, final position), the same with every game's moves (SAN, UCI,
FEN after each move), and, with --python-chess, chess.pgn.read_game over
the file (each game's moves played)."""

import argparse
import os
import pathlib
import subprocess
import time

import pgn100

ROOT = pathlib.Path(__file__).resolve().parents[1]


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        n = f()
        times.append(time.perf_counter() - t)
    return min(times), n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--variant")
    ap.add_argument("--python-chess", action="store_true")
    ap.add_argument("--bin", default=str(pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "pgn100"))
    a = ap.parse_args()
    size = os.path.getsize(a.file) / 1e6
    extra = ["--variant", a.variant] if a.variant else []

    def cli():
        subprocess.run([a.bin, "validate", *extra, a.file], capture_output=True)
        return None

    def read():
        return sum(1 for g in pgn100.read(pathlib.Path(a.file), variant=a.variant))

    def read_moves():
        return sum(len(g.moves) for g in pgn100.read(pathlib.Path(a.file), variant=a.variant))

    rows = [("pgn100 validate (CLI)", *best(cli)), ("pgn100.read()", *best(read)), ("pgn100.read() + moves", *best(read_moves))]
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

        rows.append(("python-chess read_game", *best(pc, runs=1)))
    print(f"{a.file}: {size:.1f} MB")
    for name, t, n in rows:
        print(f"  {name:28} {t:8.2f} s  {size / t:7.1f} MB/s" + (f"  ({n})" if n is not None else ""))


if __name__ == "__main__":
    main()
