"""A move's `uci` is the UCI a chess program reads: Chess castling as the
king's move (`e1g1`), Chess960 castling as the king onto its rook (as
python-chess writes it with `chess960=True`); the `moves` column alike."""

import collections
import json

import pytest

import pgn100
from conftest import CORPUS, read_jsonl
from test_pgn100 import record

chess = pytest.importorskip("chess")

ORACLE = CORPUS / "oracle" / "chess"


@pytest.mark.parametrize(
    "name,variant", [("chess_random_games.jsonl", "Chess"), ("chess960_random_games.jsonl", "Chess960")]
)
def test_uci_is_python_chess_uci(tmp_path, cli, name, variant):
    games = read_jsonl(ORACLE / name)
    text = "".join(record(variant, g["start_fen"], g["san"].split()) for g in games)
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    ours = list(pgn100.read(path))
    castlings = 0
    for g, theirs in zip(ours, games):
        assert [m.uci for m in g.moves] == theirs["uci"].split(), g.number
        castlings += sum(m.castling for m in g.moves)
    assert castlings >= 20
    # The command's column is the same.
    out = cli("moves", "--format", "jsonl", path)
    rows = collections.defaultdict(list)
    for line in out.stdout.decode().splitlines():
        r = json.loads(line)
        rows[r["game"]].append(r["uci"])
    assert [rows[g.number] for g in ours] == [[m.uci for m in g.moves] for g in ours]


def test_uci_plays_in_python_chess():
    path = CORPUS / "chess" / "lichess_export_mliebelt_2024-01-03.pgn"
    played = 0
    for g in pgn100.read(path, variant="chess"):
        board = chess.Board()
        for m in g.moves:
            move = chess.Move.from_uci(m.uci)
            assert board.is_legal(move), (g.number, m.ply, m.uci)
            board.push(move)
            played += 1
        assert board.fen() == g.final_fen
    assert played > 100


def test_hundred_keeps_its_marks():
    text = '[Variant "Hundred"]\n\n1. f2h2=O *\n\n'
    (game,) = pgn100.read_text(text)
    # Hundred's two castling stages need the mark.
    assert all("=O" in m.uci for m in game.moves if m.castling)
