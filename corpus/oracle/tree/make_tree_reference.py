#!/usr/bin/env python3
"""Reference counts for `pgn100 tree`, made with python-chess alone.

For each root (a line of SAN moves from the start) and each file, every
continuation played within DEPTH plies of the first time a game reaches the
root, keyed by the position it is played from (python-chess's EPD with an en
passant square only where the capture is legal) and its UCI move: the games
that play it (each game once per continuation) and their results (White
wins, draws, Black wins) from the Result tag. A game's moves count up to the
first that python-chess cannot play; games of another variant are skipped.

    python3 corpus/oracle/tree/make_tree_reference.py > corpus/oracle/tree/chess.json

The GNU Chess book is included when ../shared/chess holds it (and
TREE_REFERENCE_BOOK is not 0).
"""
import json
import os
import sys

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FILES = [
    "corpus/chess/twic_sample_232games_mliebelt.pgn",
    "corpus/chess/lichess_db_2013-01_first32_mliebelt.pgn",
    "corpus/chess/lichess_export_mliebelt_2024-01-03.pgn",
    "corpus/chess/2024-champions-chess-tour-finals-day5.pgn",
]
ROOTS = ["", "e4", "d4 Nf6 c4", "e4 c5 Nf3"]
DEPTH = 3


def key(board):
    return board.epd(en_passant="legal")


def trees(paths, roots):
    """The trees of every root, in one reading of the files."""
    out = []
    for root_moves in roots:
        board = chess.Board()
        for san in root_moves.split():
            board.push_san(san)
        out.append({"root": root_moves, "fen": key(board), "reached": [0, 0, 0, 0], "edges": {}})
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                variant = game.headers.get("Variant", "Standard").lower()
                if variant not in ("standard", "chess", "from position"):
                    continue
                result = game.headers.get("Result", "*")
                board = game.board()
                keys, moves = [key(board)], []
                for move in game.mainline_moves():
                    moves.append(move.uci())
                    board.push(move)
                    keys.append(key(board))
                for t in out:
                    count(t, keys, moves, result)
    return out


def count(t, keys, moves, result):
    """One game's part in the tree `t`: `keys[i]` is the position before `moves[i]`."""
    if t["fen"] not in keys:
        return
    first = keys.index(t["fen"])
    bump(t["reached"], result)
    seen = set()
    for ply in range(first, min(first + DEPTH, len(moves))):
        k = keys[ply] + " " + moves[ply]
        if k not in seen:
            seen.add(k)
            bump(t["edges"].setdefault(k, [0, 0, 0, 0]), result)


def bump(tally, result):
    tally[0] += 1
    if result == "1-0":
        tally[1] += 1
    elif result in ("1/2-1/2", "½-½"):
        tally[2] += 1
    elif result == "0-1":
        tally[3] += 1


def main():
    out = {"depth": DEPTH, "sets": []}
    sets = [("small", [os.path.join(TOP, p) for p in FILES])]
    book = os.path.join(TOP, "..", "shared", "chess", "gnuchess_book_1.02.pgn")
    if os.path.exists(book) and os.environ.get("TREE_REFERENCE_BOOK", "1") != "0":
        sets.append(("gnuchess_book", [book]))
    for name, paths in sets:
        for t in trees(paths, ROOTS):
            t["set"] = name
            out["sets"].append(t)
    json.dump(out, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
