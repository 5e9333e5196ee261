"""The Position recipe of docs/python.md runs as written, and the mates in
one it finds are python-chess's."""

import contextlib
import io
import re

import chess
import chess.pgn

from conftest import ROOT

HEADING = "## Recipe: walk a game, show a board, find the mates in one not played"

# White does not take on f7 with mate, twice.
GAME = """[Variant "Chess"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 Be7 5. a3 O-O 6. Nf3 d6 *
"""


def recipe():
    doc = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    section = doc[doc.index(HEADING) :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def python_chess_missed(text):
    game = chess.pgn.read_game(io.StringIO(text))
    board, missed = game.board(), []
    for ply, move in enumerate(game.mainline_moves(), start=1):
        mates = []
        for m in board.legal_moves:
            board.push(m)
            if board.is_checkmate():
                mates.append(m)
            board.pop()
        if mates and move not in mates:
            missed.append((ply, board.san(move), sorted(board.san(m) for m in mates)))
        board.push(move)
    return missed


def test_the_position_recipe_runs_and_finds_python_chess_mates(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(GAME, encoding="utf-8")
    code = recipe().replace('"games.pgn"', repr(str(path)))
    scope = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/python.md", "exec"), scope)
    missed = [(ply, san, sorted(mates)) for ply, san, mates in scope["missed"]]
    assert missed == python_chess_missed(GAME)
    assert missed, "the game misses mates"
    printed = out.getvalue()
    assert "ply 7: d3 was played; Qxf7# mated" in printed
    # The board at ply 10, as `show` draws it.
    assert scope["positions"][10].fen() in printed
