"""pgn100.Position against the references: python-chess (Chess),
Fairy-Stockfish through pyffish (Grand), the pgn100 command's perft and
turns (Hundred, Royal, Dice), and the command's own final positions and
diagnostic codes."""

import itertools
import json
import random

import chess
import pytest

import pgn100
from conftest import CORPUS

CHESS_FILES = [
    CORPUS / "chess" / "twic_sample_232games_mliebelt.pgn",
    CORPUS / "chess" / "lichess_db_2013-01_first32_mliebelt.pgn",
    CORPUS / "chess" / "2024-champions-chess-tour-finals-day5.pgn",
]


def valid_games(path, n, variant=None):
    games = (g for g in pgn100.read(path, variant=variant) if g.valid and g.moves)
    return list(itertools.islice(games, n))


def sampled(game, every=10):
    """The start and every `every`th position of a game's main line, and its last."""
    positions = game.positions()
    assert len(positions) == len(game.moves)
    return [game.board()] + positions[every - 1 :: every] + positions[-1:]


def chess_outcome(board):
    o = board.outcome()
    if o is None or o.termination == chess.Termination.INSUFFICIENT_MATERIAL:
        # pgn100 ends no game for insufficient material (docs/python.md).
        return None
    return (o.termination.name.lower(), None if o.winner is None else chess.COLOR_NAMES[o.winner])


@pytest.mark.parametrize("path", CHESS_FILES, ids=lambda p: p.name)
def test_chess_positions_agree_with_python_chess(path):
    checked = 0
    for game in valid_games(path, 4, variant="chess"):
        board = chess.Board()
        for move, after in zip(game.moves, game.positions()):
            board.push_uci(move.uci)
            assert after.fen().split()[:4] == board.fen().split()[:4]
        for pos in sampled(game):
            board = chess.Board(pos.fen())
            assert {m.uci for m in pos.legal_moves} == {m.uci() for m in board.legal_moves}, pos.fen()
            assert {m.san for m in pos.legal_moves} == {board.san(m) for m in board.legal_moves}
            assert pos.is_check() == board.is_check()
            outcome = pos.outcome()
            assert (outcome and (outcome.termination, outcome.winner)) == chess_outcome(board) or (
                outcome is None and chess_outcome(board) is None
            )
            fen = pos.fen()
            for m in pos.legal_moves[:5]:
                pos.push(m)
                pos.pop()
                assert pos.fen() == fen
            checked += 1
    assert checked >= 8


def test_chess_mates_and_stalemates_agree_with_python_chess():
    random.seed(7)
    ends = 0
    for _ in range(40):
        pos, board = pgn100.Position("chess"), chess.Board()
        while pos.outcome() is None and len(board.move_stack) < 300:
            m = random.choice(pos.legal_moves)
            pos.push(m)
            board.push_uci(m.uci)
            assert pos.fen().split()[:4] == board.fen().split()[:4]
        o = pos.outcome()
        if o is not None:
            ends += 1
            assert (o.termination, o.winner) == chess_outcome(board)
            assert o.result() == board.outcome().result()
    assert ends > 0


def test_chess960_castling_is_king_onto_rook():
    pos = pgn100.Position("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
    board = chess.Board(pos.fen(), chess960=True)
    assert {m.uci for m in pos.legal_moves} == {m.uci() for m in board.legal_moves}


def test_grand_positions_agree_with_fairy_stockfish():
    pyffish = pytest.importorskip("pyffish")
    checked = 0
    for path in [CORPUS / "valid" / "grand_pychess.pgn", CORPUS / "valid" / "grand_cyrillic.pgn"]:
        for game in valid_games(path, 3):
            for pos in sampled(game, 5):
                if pos.outcome() is not None:
                    continue
                ours = {m.uci for m in pos.legal_moves}
                assert ours == set(pyffish.legal_moves("grand", pos.fen(), [])), pos.fen()
                checked += 1
    assert checked >= 5


def perft_divide(cli, variant, fen):
    out = cli("perft", "--divide", "--variant", variant, "--fen", fen, 1)
    assert out.returncode == 0, out.stderr
    lines = [line.rsplit(" ", 1) for line in out.stdout.decode().splitlines()]
    return sorted(line[0] for line in lines if len(line) == 2 and line[1].isdigit())


def game_files(variant):
    return {
        "hundred": [CORPUS / "valid" / "seed002_castling.pgn", CORPUS / "valid" / "cyrillic_long_annotated.pgn",
                    CORPUS / "valid" / "seed000_throne_pawn.pgn"],
        "royal": [CORPUS / "oracle" / "royal" / "royal-cyr-long.pgn"],
    }[variant]


@pytest.mark.parametrize("variant", ["hundred", "royal"])
def test_move_lists_equal_perft_divide(cli, variant):
    checked = 0
    for path in game_files(variant):
        for game in valid_games(path, 3):
            for pos in sampled(game, 15):
                ours = sorted(m.written("latin", "long").rstrip("+#") for m in pos.legal_moves)
                theirs = perft_divide(cli, variant, pos.fen())
                assert len(ours) == len(theirs), pos.fen()
                assert ours == theirs, pos.fen()
                checked += 1
    assert checked >= 5


def cli_final_fen(cli, path, number):
    out = cli("moves", "--format", "jsonl", "--fen", "--game", number, path)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.decode().splitlines() if line.strip()]
    return rows[-1]["fen"]


@pytest.mark.parametrize("variant", ["hundred", "royal"])
def test_pushing_the_written_moves_ends_on_the_commands_final_fen(cli, variant):
    for path in game_files(variant):
        for game in valid_games(path, 3):
            pos = game.board()
            for move in game.moves:
                if move.restored:
                    pos.restore()
                pos.push(move.written)
            assert pos.fen() == cli_final_fen(cli, path, game.number)
            assert pos.fen() == game.final_fen
            assert pos == game.positions()[-1]


def test_dice_turns_equal_the_commands_turns(cli):
    checked = 0
    for game in valid_games(CORPUS / "oracle" / "dice" / "dice-cyr-long.pgn", 3):
        pos = game.board()
        for turn in game.turns[:12]:
            roll = " ".join(turn.roll)
            out = cli("turns", "--fen", pos.fen(), "--roll", roll)
            assert out.returncode == 0, out.stderr
            theirs = sorted(out.stdout.decode().splitlines())
            # The command writes the empty turn as `-`.
            ours = sorted(" ".join(m.uci for m in t) or "-" for t in pos.turns(roll))
            assert ours == theirs, (pos.fen(), roll)
            pos.push_turn([m.written for m in turn.moves])
            checked += 1
    assert checked >= 10


def test_dice_push_turn_ends_on_the_final_fen():
    for game in valid_games(CORPUS / "oracle" / "dice" / "dice-lat-short.pgn", 3):
        pos = game.board()
        for turn in game.turns:
            pos.push_turn([m.uci for m in turn.moves])
        assert pos.fen().split()[:3] == game.final_fen.split()[:3]


@pytest.mark.parametrize(
    "variant,moves,bad",
    [
        ("chess", ["e4", "e5"], "Ke3"),
        ("chess", ["e4", "e5"], "Ke1-e3"),
        ("chess", ["e4", "e5"], "Bc4xf7"),
        ("chess", ["e4", "e5", "Nf3", "Nc6"], "O-O"),
        ("hundred", [], "Кc2-c4"),
        ("hundred", [], "0-0-0"),
        ("hundred", [], "Лa1-a5"),
    ],
)
def test_an_illegal_move_raises_the_commands_code(cli, tmp_path, variant, moves, bad):
    text = f'[Variant "{variant.capitalize()}"]\n\n{" ".join(moves + [bad])} *\n'
    path = tmp_path / "game.pgn"
    path.write_text(text, encoding="utf-8")
    out = cli("validate", "--format", "json", path)
    errors = [d for d in map(json.loads, out.stdout.decode().splitlines()) if d.get("severity") == "error"]
    assert errors
    pos = pgn100.Position(variant)
    for m in moves:
        pos.push(m)
    assert not pos.is_legal(bad)
    with pytest.raises(pgn100.IllegalMoveError) as e:
        pos.push(bad)
    assert e.value.code == errors[0]["code"]
    assert str(e.value) == errors[0]["message"]
    assert isinstance(e.value, ValueError)


def test_unreadable_moves_and_fens_raise_their_errors():
    pos = pgn100.Position("chess")
    for text in ["zz9", "e2e4 e7e5", "", "{comment}"]:
        with pytest.raises(pgn100.InvalidMoveError) as e:
            pos.push(text)
        assert e.value.code.startswith("pgn100::")
    with pytest.raises(pgn100.IllegalMoveError):
        pos.push("e2e5")
    with pytest.raises(pgn100.InvalidFenError) as e:
        pgn100.Position("chess", "not a fen")
    assert e.value.code == "pgn100::bad_fen"
    assert pos.fen() == chess.STARTING_FEN


def test_every_notation_pushes_the_same_move():
    fens = set()
    for text in ["g1f3", "Nf3", "Ng1-f3", "Кf3", "Кg1-f3"]:
        pos = pgn100.Position("chess")
        played = pos.push(text)
        assert played.uci == "g1f3" and played.san == "Nf3" and played.piece == "N"
        fens.add(pos.fen())
    assert len(fens) == 1
    hundred = pgn100.Position()
    for m in hundred.legal_moves:
        copy = hundred.copy()
        copy.push(m.written("cyrillic", "long"))
        other = hundred.copy()
        other.push(m.written("latin", "short"))
        assert copy == other and hash(copy) == hash(other)
        assert copy.move_stack[-1].uci == m.uci


def test_board_diagram_and_svg_are_the_commands(cli, tmp_path):
    pos = pgn100.Position("chess")
    pos.push("e4")
    assert pos.board()["e4"] == "P" and "e2" not in pos.board() and pos.board()["e8"] == "k"
    assert pos.piece_at("e4") == "P" and pos.piece_at("e5") is None
    assert pos.turn == "black"
    fresh = pgn100.Position("chess", pos.fen())
    svg = tmp_path / "board.svg"
    shown = cli("show", "--fen", pos.fen(), "--variant", "chess", "--svg", svg)
    assert shown.returncode == 0, shown.stderr
    assert fresh._repr_svg_() == svg.read_text(encoding="utf-8")
    assert str(fresh) in shown.stdout.decode()
    # The last move pushed is marked, as `show` marks a game's last move.
    assert "(P)" in str(pos) and "(P)" not in str(fresh)


ROYAL_FEN = "3skq4/10/10/10/1B8/10/10/10/10/4K5 w Rr - 0 1"


def test_royal_restoration_is_a_step_of_its_own(cli, tmp_path):
    pos = pgn100.Position("royal", ROYAL_FEN)
    assert not pos.can_restore
    with pytest.raises(pgn100.IllegalMoveError) as e:
        pos.restore()
    path = tmp_path / "game.pgn"
    path.write_text(f'[Variant "Royal"]\n[FEN "{ROYAL_FEN}"]\n\n1. Пс=Ф *\n', encoding="utf-8")
    out = cli("validate", "--format", "json", path)
    codes = [d["code"] for d in map(json.loads, out.stdout.decode().splitlines()) if d.get("severity") == "error"]
    assert e.value.code == codes[0]
    assert pos.push("Сb6:f10").captured == "Q"
    assert pos.can_restore
    before = pos.fen()
    pos.restore()
    assert pos.board()["d10"] == "q" and pos.turn == "black" and not pos.can_restore
    assert pos.pop() is None and pos.fen() == before
    assert pos.push("Пс=Ф") is None and pos.board()["d10"] == "q"
    pos.push("Крe10:f10")
    # The same game as the command replays it.
    path.write_text(
        f'[Variant "Royal"]\n[FEN "{ROYAL_FEN}"]\n\n1. Сb6:f10 Пс=Ф Крe10:f10 *\n', encoding="utf-8"
    )
    (game,) = pgn100.read(path)
    assert game.valid and pos.fen() == game.final_fen
    assert [p.fen() for p in game.positions()][-1] == pos.fen()
