"""What a game's moves carry (clock, time taken, evaluation, NAGs, comment,
arrows, variations) and `Game.to_python_chess()`, against python-chess's
own reading of the same files (corpus/chess: broadcasts with `[%clk]` and
`[%eval]`, lichess exports, annotated games with variations)."""

import io
import re

import pytest

import pgn100
from conftest import CORPUS

chess = pytest.importorskip("chess")
import chess.engine  # noqa: E402
import chess.pgn  # noqa: E402

# import_forms.pgn prints castling with dashes python-chess does not read
# (`0—0`); the Rust suite compares it with python-chess's reading of the
# same games (corpus/oracle/chess/make_import_forms.py).
FILES = sorted(p for p in (CORPUS / "chess").glob("*.pgn") if p.name != "import_forms.pgn") + [
    CORPUS / "valid" / "chess_real_world_features.pgn",
    CORPUS / "valid" / "chess_null_moves.pgn",
    CORPUS / "comments" / "eval_depth.pgn",
]
ENCODINGS = {"latin1": "latin-1", "cp437": "cp437", "utf16le": "utf-16"}


def encoding(path):
    return next((e for k, e in ENCODINGS.items() if k in path.name), "utf-8-sig")


def braced(text):
    """`text` with each `;` comment written as a `{ }` comment: PGN's two
    forms of one comment (pgn100 reads both; python-chess skips the
    first)."""
    out = []
    for line in text.splitlines(keepends=True):
        inside = False
        for i, c in enumerate(line):
            if c in "{}":
                inside = c == "{"
            elif c == ";" and not inside and not line.startswith("["):
                body = line[i + 1 :].rstrip("\r\n")
                line = line[:i] + "{" + body + "}" + line[i + 1 + len(body) :]
                break
        out.append(line)
    return "".join(out)


def pairs(path):
    """(pgn100 game, python-chess game) of every Chess game of `path`."""
    games = list(pgn100.read(path, variant="chess"))
    with open(path, encoding=encoding(path)) as raw:
        f = io.StringIO(braced(raw.read()))
        for g in games:
            theirs = chess.pgn.read_game(f)
            assert theirs is not None
            if g.variant in ("Chess", "Chess960"):
                yield g, theirs


def strip_commands(comment):
    return " ".join(re.sub(r"\[%[^\]]*\]", " ", comment).split())


def notes(node):
    """What python-chess reads on a node: move, NAGs, clock, emt, White's
    evaluation, arrows and the comment without its commands."""
    ev = node.eval()
    return (
        node.move.uci(),
        sorted(node.nags),
        node.clock(),
        node.emt(),
        ev.white() if ev else None,
        node.eval_depth(),
        sorted(a.pgn() for a in node.arrows()),
        strip_commands(node.comment),
    )


def tree(node):
    """The line after `node` with its notes, each move with the lines
    given instead of it (recursively)."""
    out = []
    child = node.next()
    while child is not None:
        parent = child.parent
        out.append((notes(child), [tree_from(v) for v in parent.variations[1:]]))
        child = child.next()
    return out


def tree_from(first):
    """The line that starts with python-chess's node `first`."""
    out = [(notes(first), [])]
    out.extend(tree(first))
    return out


def move_notes(m):
    """A pgn100 Move's notes as `notes` has python-chess's."""
    if m.eval_cp is not None:
        score = chess.engine.Cp(m.eval_cp)
    elif m.eval_mate is not None:
        score = chess.engine.Mate(m.eval_mate)
    else:
        score = None
    return (
        sorted(m.nags),
        m.clock,
        m.elapsed,
        score,
        m.eval_depth,
        sorted(m.arrows),
        " ".join((m.comment or "").split()),
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_move_notes_equal_python_chess(path):
    compared = 0
    for ours, theirs in pairs(path):
        node = theirs
        for m in ours.moves:
            node = node.next()
            assert node is not None, (ours.number, m.ply)
            assert move_notes(m) == notes(node)[1:], (path.name, ours.number, m.ply)
            compared += int(m.clock is not None or m.eval_cp is not None or bool(m.nags) or m.comment is not None)
    if "champions" in path.name:
        assert compared > 100


def test_variations_nested():
    text = '[Variant "Chess"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 *\n\n'
    (game,) = pgn100.read_text(text)
    first = game.moves[0]
    assert [[m.san for m in v] for v in first.variations] == [["d4", "d5", "c4"]]
    d5 = first.variations[0][1]
    assert [[m.san for m in v] for v in d5.variations] == [["Nf6", "c4"]]
    assert [m.ply for m in first.variations[0]] == [1, 2, 3]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_to_python_chess_keeps_what_the_file_held(path):
    for ours, theirs in pairs(path):
        mine = ours.to_python_chess()
        assert tree(mine) == tree(theirs), (path.name, ours.number)
        assert mine.headers == theirs.headers or dict(mine.headers) == dict(theirs.headers)


def test_to_python_chess_reports_an_illegal_move():
    text = '[Variant "Chess"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n'
    (game,) = pgn100.read_text(text)
    out = game.to_python_chess()
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert [n.move.uci() for n in out.mainline()] == ["e2e4", "e7e5"]
    assert [n.move.uci() for n in theirs.mainline()] == ["e2e4", "e7e5"]
    assert len(out.errors) == 1 and isinstance(out.errors[0], chess.IllegalMoveError)
    assert str(out.errors[0]).startswith("pgn100::no_such_move: no king can go to e3")
    assert type(out.errors[0]) is type(theirs.errors[0])


def test_to_python_chess_clock_and_eval_as_the_file_wrote_them():
    text = (
        '[Variant "Chess"]\n\n1. e4 { [%clk 1:30:05.5] [%eval 0.17,23] good } 1... e5 $2 '
        "{ [%emt 0:00:12] [%eval #-3] [%cal Ge2e4,Rd1d8] [%csl Rd4] } *\n\n"
    )
    (game,) = pgn100.read_text(text)
    e4, e5 = game.moves
    assert (e4.clock, e4.eval_cp, e4.eval_depth, e4.comment) == (5405.5, 17, 23, "good")
    assert (e5.elapsed, e5.eval_mate, e5.nags, e5.arrows) == (12.0, -3, [2], ["Ge2e4", "Rd1d8", "Rd4"])
    mine = game.to_python_chess()
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert tree(mine) == tree(theirs)
