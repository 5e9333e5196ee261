#!/usr/bin/env python3
"""Reference data for pgn100 filter and dedup, made with pgn-extract.

Runs pgn-extract (Debian package pgn-extract, 19.04) on the real chess files
with tag (-t, -T), ply (-p) and move (-b) criteria and duplicate detection
(-D, -d), and writes for each run the number of games selected and their
identities: the seven-tag roster of each game (a missing tag as "?"), raw
bytes read as Latin-1, sorted (an unknown date, "????.??.??" or none, as "?"). tests/suite/collect.rs runs the pgn100
equivalent (given beside each case) and compares, without pgn-extract.

Run from the repository root:  python3 corpus/oracle/corpus/make_pgn_extract.py
Writes corpus/oracle/corpus/pgn_extract.jsonl. The large files are read
from ../shared/chess/ (their lists are kept only as a count and a hash).
"""
import json
import os
import re
import subprocess
import tempfile

PGN_EXTRACT = "/usr/games/pgn-extract"
# The shared collection: ../shared/chess from the main checkout, or the one
# above a worktree's folder.
SHARED = next((d for d in ["../shared/chess", "../../shared/chess"] if os.path.isdir(d)), "../shared/chess")
ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
TAG = re.compile(r'^\[([A-Za-z0-9_]+)\s+"(.*)"\]\s*$')

FILES = [
    ("corpus", "chess/twic_sample_232games_mliebelt.pgn"),
    ("corpus", "chess/lichess_db_2013-01_first32_mliebelt.pgn"),
    ("corpus", "chess/lichess_export_mliebelt_2024-01-03.pgn"),
    ("shared", "cct_broadcast"),
    ("shared", "sesse_broadcasts_2016-2024.pgn"),
    ("shared", "gnuchess_book_1.02.pgn"),
]

# (name, pgn-extract arguments, pgn100 filter arguments, tag file lines or None)
CASES = [
    ("tag file: White Carlsen or Nakamura, Result 1-0", ["-t", "TAGFILE"],
     ["--tag", "White~^Carlsen", "--tag", "White~^Nakamura", "--result", "1-0"],
     ['White "Carlsen"', 'White "Nakamura"', 'Result "1-0"']),
    ("tag file: Event prefix Tata or Wijk", ["-t", "TAGFILE"],
     ["--tag", "Event~^Tata", "--tag", "Event~^Wijk"], ['Event "Tata"', 'Event "Wijk"']),
    ("-Tb Carlsen", ["-TbCarlsen"], ["--tag", "Black~^Carlsen"], None),
    ("-Tw Kasparov", ["-TwKasparov"], ["--tag", "White~^Kasparov"], None),
    ("-Tr 0-1", ["-Tr0-1"], ["--result", "0-1"], None),
    ("-Tr 1/2-1/2", ["-Tr1/2-1/2"], ["--result", "1/2-1/2"], None),
    ("-p 40 to 80 plies", ["-pl40", "-pu80"], ["--plies", "40..80"], None),
    ("-p exactly 61 plies", ["-p61"], ["--plies", "61"], None),
    # -b counts moves: N moves are 2N-1 or 2N plies. (pgn-extract 19.04
    # selects nothing when -bl and -bu are given together: one bound a run.)
    ("-bl 30: at least 30 moves", ["-bl30"], ["--plies", "59.."], None),
    ("-bu 40: at most 40 moves", ["-bu40"], ["--plies", "..80"], None),
    ("-b 30: exactly 30 moves", ["-b30"], ["--plies", "59..60"], None),
]


def games(data):
    """The games of a PGN text (bytes), each a list of its lines (str, Latin-1)."""
    out, current, last_tag = [], None, False
    for raw in data.split(b"\n"):
        line = raw.decode("latin-1").rstrip("\r")
        is_tag = bool(TAG.match(line))
        if is_tag and not last_tag:
            current = []
            out.append(current)
        if current is not None:
            current.append(line)
        if line.strip():
            last_tag = is_tag
    return out


def identity(game):
    tags = {}
    for line in game:
        m = TAG.match(line)
        if m and m.group(1) not in tags:
            tags[m.group(1)] = m.group(2)
    # pgn-extract writes a missing Date as "????.??.??": an unknown date either way.
    if tags.get("Date") == "????.??.??":
        del tags["Date"]
    return "|".join(tags.get(t, "?") for t in ROSTER)


def fnv(lines):
    h = 0xcbf29ce484222325
    for b in "\n".join(lines).encode("latin-1"):
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def paths(where, name):
    base = "corpus" if where == "corpus" else SHARED
    p = os.path.join(base, name)
    if os.path.isdir(p):
        return sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".pgn"))
    return [p]


def run(args, files):
    r = subprocess.run([PGN_EXTRACT, "-s", "--nochecks"] + args + files, capture_output=True)
    return r.stdout


def entry(where, name, case, extract, ours, ids, extra=None):
    ids = sorted(ids)
    e = {"where": where, "file": name, "case": case, "pgn_extract": extract, "pgn100": ours,
         "count": len(ids), "fnv": fnv(ids)}
    if where == "corpus":
        e["identities"] = ids
    e.update(extra or {})
    return e


def main():
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        tagfile = os.path.join(tmp, "tags.txt")
        for where, name in FILES:
            files = paths(where, name)
            if not all(os.path.exists(f) for f in files):
                print("skipped (absent):", name)
                continue
            for case, extract, ours, lines in CASES:
                args = list(extract)
                if lines is not None:
                    with open(tagfile, "w") as f:
                        f.write("\n".join(lines) + "\n")
                    args = [tagfile if a == "TAGFILE" else a for a in args]
                ids = [identity(g) for g in games(run(args, files))]
                shown = [a if a != "TAGFILE" else "TAGFILE" for a in extract]
                out.append(entry(where, name, case, shown, ours, ids, {"tag_file": lines} if lines else None))
            # Duplicates: -D writes the games that are no copy of an earlier one,
            # -d the copies.
            dupes = os.path.join(tmp, "dupes.pgn")
            unique = run(["-D"], files)
            run(["-d" + dupes, "-o" + os.path.join(tmp, "u.pgn")], files)
            with open(dupes, "rb") as f:
                copies = [identity(g) for g in games(f.read())]
            out.append(entry(where, name, "duplicates (-d: the copies)", ["-d"], ["dedup", "--report"], copies,
                             {"unique": len(games(unique))}))
            print(name, "done")
    with open("corpus/oracle/corpus/pgn_extract.jsonl", "w") as f:
        for e in out:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
