#!/usr/bin/env python3
"""What the comments of the main-line moves say, read by python-chess
(PyPI `chess`, independent of pgn100): the reference that
tests/suite/comments.rs holds `pgn100 moves` to.

    python3 corpus/oracle/chess/make_comment_reference.py

Reads the Chess and Chess960 games of the files below (the lichess
broadcast exports of corpus/chess/, with clocks and evaluations,
corpus/comments/commands_every_variant.pgn, whose other variants
python-chess does not play, and corpus/comments/eval_depth.pgn,
evaluations with their depths in the forms both readers take) and writes comments.jsonl in this folder: one
line per main-line move of every game read,

    {"file", "game" (from 1, every game of the file counted), "ply",
     "clock", "emt" (seconds, python-chess's node.clock() and node.emt()),
     "eval_cp", "eval_mate" (node.eval(), from White's side),
     "eval_depth" (node.eval_depth()), "nags" (sorted),
     "arrows" (node.arrows() as PGN, `Ge2e4`, `Gd4` for a square, sorted),
     "comment" (node.comment without the commands python-chess reads,
     white space runs as one space)}

Output is deterministic: the same files and python-chess version give the
same bytes.
"""

import json
import logging
import os

import chess
import chess.pgn

# python-chess logs the games of other variants it cannot play; they are skipped.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

FILES = [
    "corpus/chess/2024-champions-chess-tour-finals-day5.pgn",
    "corpus/chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn",
    "corpus/chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn",
    "corpus/comments/commands_every_variant.pgn",
    "corpus/comments/eval_depth.pgn",
]

# The commands python-chess reads; what is left is the comment's text.
COMMANDS = [chess.pgn.CLOCK_REGEX, chess.pgn.EMT_REGEX, chess.pgn.EVAL_REGEX, chess.pgn.ARROWS_REGEX]


def text_of(comment):
    for regex in COMMANDS:
        comment = regex.sub(" ", comment)
    return " ".join(comment.split())


def rows(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        number = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            number += 1
            variant = game.headers.get("Variant", "Standard")
            if variant not in ("Standard", "Chess", "Chess960"):
                continue
            assert not game.errors, (path, number, game.errors)
            for ply, node in enumerate(game.mainline(), start=1):
                score = node.eval()
                white = score.white() if score is not None else None
                yield {
                    "file": path,
                    "game": number,
                    "ply": ply,
                    "clock": node.clock(),
                    "emt": node.emt(),
                    "eval_cp": white.score() if white is not None and not white.is_mate() else None,
                    "eval_mate": white.mate() if white is not None and white.is_mate() else None,
                    "eval_depth": node.eval_depth(),
                    "nags": sorted(node.nags),
                    "arrows": sorted(a.pgn() for a in node.arrows()),
                    "comment": text_of(node.comment),
                }


def main():
    out = os.path.join(HERE, "comments.jsonl")
    n = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for path in FILES:
            for row in rows(path):
                f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
                n += 1
    print(f"{out}: {n} moves (python-chess {chess.__version__})")


if __name__ == "__main__":
    main()
