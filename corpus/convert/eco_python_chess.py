#!/usr/bin/env python3
"""Writes python-chess's reading of lichess's chess-openings table (data/eco/)
for the chess files of corpus/ that `convert --eco` is checked on
(tests/suite/convert_eco.rs): for each game, the ECO code and name of the
deepest position of its main line whose `board.epd()` is in the table (the
table's first line of a position names it), or `-` when none is; one line a
game, `ECO<TAB>Name`, in corpus/convert/eco/FILE.tsv. Games that are not
standard chess from the start are `-`. Run from the repository's root:

    python3 corpus/convert/eco_python_chess.py
"""

import io
import os

import chess
import chess.pgn

FILES = [
    ("chess/lichess_db_2013-01_first32_mliebelt.pgn", "utf-8"),
    ("chess/lichess_export_mliebelt_2024-01-03.pgn", "utf-8"),
    ("chess/twic_sample_232games_mliebelt.pgn", "utf-8"),
    ("chess/2024-champions-chess-tour-finals-day5.pgn", "utf-8"),
    ("chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn", "utf-8"),
    ("chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn", "utf-8"),
    ("chess/glyphs_nags_results.pgn", "utf-8"),
    ("chess/sesse_2024-02-03_latin1.pgn", "latin-1"),
    ("chess/gnuchess_book_1.02_games21341-21370_cp437.pgn", "cp437"),
    ("convert/variations.pgn", "utf-8"),
]


def table():
    names = {}
    for letter in "abcde":
        with open(f"data/eco/{letter}.tsv", encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                board = chess.pgn.read_game(io.StringIO(pgn)).end().board()
                names.setdefault(board.epd(), (eco, name))
    return names


def main():
    names = table()
    for path, encoding in FILES:
        out = []
        with open(os.path.join("corpus", path), encoding=encoding) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                found = None
                standard = game.headers.get("Variant", "Standard").lower() in ("standard", "chess")
                if standard and "FEN" not in game.headers and not game.errors:
                    board = game.board()
                    for move in game.mainline_moves():
                        board.push(move)
                        found = names.get(board.epd(), found)
                out.append("\t".join(found) if found else "-")
        name = os.path.basename(path).removesuffix(".pgn")
        with open(f"corpus/convert/eco/{name}.tsv", "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
