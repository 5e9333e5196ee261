#!/usr/bin/env python3
"""filter's CPU against validate's on the same file, and pgn-extract's on
the same query: issue 55 asks that a material or pattern filter cost at
most 1.3x validate's CPU, and run at least 3x faster than pgn-extract.

    python3 benches/filter_speed.py [PGN100] [FILE] [ROUNDS]

PGN100 defaults to target/release/pgn100; FILE to the Sesse broadcasts
(../shared/chess/sesse_broadcasts_2016-2024.pgn) when present, else the
TWIC sample of corpus/chess repeated 20 times into a temporary file. Each
job runs ROUNDS times (default 5), one thread, and the least user+system
CPU time of its child process is kept (the least is the run the machine
disturbed least). Prints one line a job: its CPU seconds and its ratio to
validate's (pgn100's jobs) or to the pgn100 filter of the same query
(pgn-extract's). Figures belong in BENCHMARKS.md only from a quiet machine.
"""
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PGN100 = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "pgn100")
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
PE = os.environ.get("PGN_EXTRACT", "/usr/games/pgn-extract")


def input_file():
    if len(sys.argv) > 2:
        return sys.argv[2]
    sesse = os.path.join(ROOT, "..", "shared", "chess", "sesse_broadcasts_2016-2024.pgn")
    if os.path.exists(sesse):
        return sesse
    twic = open(os.path.join(ROOT, "corpus", "chess", "twic_sample_232games_mliebelt.pgn"), "rb").read()
    out = tempfile.NamedTemporaryFile(suffix=".pgn", delete=False)
    for _ in range(20):
        out.write(twic + b"\n\n")
    out.close()
    return out.name


def cpu(argv):
    """The least user+system CPU seconds of `argv` over ROUNDS runs."""
    best = None
    for _ in range(ROUNDS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = spent if best is None else min(best, spent)
    return best


def main():
    path = input_file()
    base = [PGN100]
    common = ["--threads", "1", "--variant", "chess"]
    validate = cpu(base + ["validate"] + common + [path])
    print(f"validate                          {validate:7.3f} s")
    # (name, pgn100's options, pgn-extract's options)
    queries = [
        ("material rook endings", ["--material", "r+p* r=p*"], "material"),
        ("material pawn up", ["--material", "q*r*l*p+ q=r=l=p1<"], "material"),
        ("pattern black castled short", ["--pattern", "?????rk?/?????ppp/*/*/*/*/*/*"], "-Tf?????rk?/?????ppp/*/*/*/*/*/*"),
        ("pattern e4 pawn", ["--pattern", "*/*/*/*/4P3/*/*/*"], "-Tf*/*/*/*/4P3/*/*/*"),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for name, ours, theirs in queries:
            mine = cpu(base + ["filter"] + common + ours + [path])
            print(f"filter {name:27} {mine:7.3f} s  {mine / validate:5.2f}x validate (goal <= 1.3x)")
            if not os.path.exists(PE):
                continue
            if theirs == "material":
                spec = os.path.join(tmp, "material")
                with open(spec, "w") as f:
                    f.write(ours[1] + "\n")
                theirs = "-z" + spec
            pe = cpu([PE, "-s", theirs, "-o", os.devnull, path])
            print(f"pgn-extract {name:22} {pe:7.3f} s  {pe / mine:5.2f}x pgn100's filter (goal >= 3x)")


if __name__ == "__main__":
    main()
