"""Game records of 100-square chess (Hundred) and its siblings, in Python.

pgn100 reads PGN-shaped files of Hundred, Grand, Chess, Chess960, Dice
chess and Royal Chess 100, in Russian or Latin letters, long or short
form, and replays every move through its rules engine. This package is the
pgn100 library (Rust) itself: the same reader, engine and diagnostics as
the ``pgn100`` command, at its speed, the heavy work done with the GIL
released and spread over all cores.

>>> import pgn100
>>> for game in pgn100.read("games.pgn"):          # doctest: +SKIP
...     print(game.tags.get("White"), game.valid, len(game.moves))

Functions: :func:`read`, :func:`validate`, :func:`convert`, :func:`stats`,
:func:`moves`; :func:`to_pandas` and :func:`to_polars` turn their columns
into data frames.
"""

from __future__ import annotations

import os
import warnings
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _native
from ._native import (
    Diagnostic,
    Game,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    LegalMove,
    Move,
    Outcome,
    PgnError,
    Position,
    Turn,
    Validation,
)

__all__ = [
    "read",
    "read_text",
    "validate",
    "convert",
    "stats",
    "moves",
    "to_pandas",
    "to_polars",
    "Columns",
    "Game",
    "Move",
    "Position",
    "LegalMove",
    "Outcome",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidFenError",
    "Turn",
    "Diagnostic",
    "Validation",
    "PgnError",
    "ConversionError",
    "UnreadableInputWarning",
]

PathLike = Union[str, "os.PathLike[str]"]


def read(
    source: Union[str, bytes, "os.PathLike[str]"],
    *,
    variant: Optional[str] = None,
    encoding: Optional[str] = None,
    threads: Optional[int] = None,
    max_game_size: Optional[int] = None,
) -> Iterator[Game]:
    """Iterate over the games of a file or directory (``source``, a path:
    a ``str`` or an ``os.PathLike``), or of ``bytes`` (a file's content, in
    any encoding, detected as for a file). A text is read with
    :func:`read_text`.

    Paths are read as the command line reads them: compressed files
    (``.gz``, ``.bz2``, ``.xz``, ``.zst``, recognised by their first bytes),
    zip archives member by member, directories walked for ``*.pgn`` and
    ``*.txt``; the encoding is detected unless ``encoding`` names one
    (``utf-8``, ``windows-1251``, ``koi8-r``, ``cp866``, ...).

    ``variant`` is the variant of games without a Variant tag (default
    Hundred). ``threads`` is the number of worker threads (default: all
    cores). ``max_game_size`` is the largest game read, in bytes (default
    64 MiB, as ``--max-game-size``). The games come in file order, read a
    few chunks ahead by a thread of their own, numbered from 1 in their
    file as the command numbers them; each game's moves are replayed when
    first asked for (:attr:`Game.moves`; later accesses give the same
    :class:`Move` objects).

    A game larger than ``max_game_size``, or cut by damage to its file (a
    truncated or corrupt archive), comes as an invalid game with the
    diagnostic ``pgn100::game_too_large`` or ``pgn100::truncated_game``, in
    its place. A damaged or unreadable input is warned of
    (:class:`UnreadableInputWarning`, naming the place) after the games
    read before the damage, and the other inputs are read.

    Raises ``FileNotFoundError`` for a path that does not exist,
    :class:`PgnError` for binary data (its diagnostic in ``args[1]``), and
    ``ValueError`` for an unknown variant or encoding.
    """
    if isinstance(source, bytes):
        return _native.read_bytes(
            source, variant=variant, encoding=encoding, threads=threads, max_game_size=max_game_size
        )
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"source must be a path or bytes, not {type(source).__name__}")
    return _native.read_paths(
        [os.fspath(source)], variant=variant, encoding=encoding, threads=threads, max_game_size=max_game_size
    )


def read_text(
    text: str,
    *,
    variant: Optional[str] = None,
    threads: Optional[int] = None,
    max_game_size: Optional[int] = None,
) -> Iterator[Game]:
    """Iterate over the games of a text, as :func:`read` reads a file."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return _native.read_text(text, variant=variant, threads=threads, max_game_size=max_game_size)


def _paths(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def validate(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    variant: Optional[str] = None,
    encoding: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
) -> Validation:
    """Validate files as ``pgn100 validate --format json`` does.

    Returns a :class:`Validation`: its ``diagnostics`` (every object of the
    JSON output, in order, as :class:`Diagnostic`), and the counts of
    ``files``, ``games`` and ``invalid`` games; ``unreadable`` lists the
    inputs that could not be read. ``strict`` counts warnings as errors.
    """
    return _native.validate(_paths(paths), variant=variant, encoding=encoding, strict=strict, threads=threads)


class ConversionError(PgnError):
    """Games that do not validate were met by :func:`convert` with
    ``errors="raise"``: ``diagnostics`` holds their errors, ``text`` the
    output (those games copied unchanged)."""

    def __init__(self, text: str, diagnostics: List[Diagnostic]):
        first = diagnostics[0]
        super().__init__(
            f"{len(diagnostics)} diagnostic(s); first: {first.code}: {first.message} "
            f"(line {first.line}, column {first.column})",
            first,
        )
        self.text = text
        self.diagnostics = diagnostics
        self.code = first.code
        self.message = first.message
        self.line = first.line
        self.column = first.column
        self.offset = first.offset
        self.ply = first.ply


def convert(
    text: str,
    letters: str = "keep",
    style: str = "keep",
    to: Optional[str] = None,
    *,
    files: str = "keep",
    rolls: str = "keep",
    skip_invalid: bool = False,
    variant: Optional[str] = None,
    errors: str = "ignore",
) -> str:
    """Convert a text as ``pgn100 convert`` does and return its output.

    ``letters``: ``keep``, ``cyrillic`` or ``latin``; ``style``: ``keep``,
    ``long`` or ``short``; ``to``: ``None``, ``"pgn"`` (standard PGN of
    Chess games) or ``"pychess"`` (Grand for pychess); ``files``: ``keep``,
    ``a-j`` or ``a-k``; ``rolls`` (Dice chess): ``keep``, ``letters`` or
    ``digits``. Games that do not validate are copied unchanged (dropped
    with ``skip_invalid``), as the command does; with ``errors="raise"``
    they raise :class:`ConversionError` carrying their diagnostics.
    """
    if errors not in ("ignore", "raise"):
        raise ValueError(f"errors must be 'ignore' or 'raise', not {errors!r}")
    out, diagnostics, _games, _invalid = _native.convert(
        text,
        letters=letters,
        style=style,
        to=to,
        files=files,
        rolls=rolls,
        skip_invalid=skip_invalid,
        variant=variant,
    )
    if errors == "raise" and diagnostics:
        raise ConversionError(out, diagnostics)
    return out


class Columns(dict):
    """Columns of a table: a ``dict`` from column name to a list of values,
    every list as long as the others. ``to_pandas()`` and ``to_polars()``
    make a data frame (pandas or polars must be installed). ``unreadable``
    lists the inputs that could not be read whole and the games not read
    (``path: why``; each was also warned of with
    :class:`UnreadableInputWarning`). ``dtypes`` gives the data frame type
    of the nullable numeric columns: ``Int64`` (pandas' nullable integer)
    for integers, ``float64`` (null as NaN) for decimals, whatever their
    values, all null included."""

    unreadable: List[str] = []
    dtypes: Dict[str, str] = {}

    def to_pandas(self) -> Any:
        """The columns as a ``pandas.DataFrame``."""
        return to_pandas(self)

    def to_polars(self) -> Any:
        """The columns as a ``polars.DataFrame``."""
        return to_polars(self)

    @property
    def rows(self) -> int:
        """The number of rows."""
        return len(next(iter(self.values()), []))

    @property
    def columns(self) -> List[str]:
        return list(self.keys())


def stats(
    paths: Union[PathLike, Iterable[PathLike]],
    per_game: bool = True,
    *,
    variant: Optional[str] = None,
    encoding: Optional[str] = None,
    threads: Optional[int] = None,
    max_game_size: Optional[int] = None,
) -> Union[Columns, Dict[str, Any]]:
    """``pgn100 stats``: with ``per_game`` (the default) one row per game as
    :class:`Columns` (the columns of ``stats --per-game``: file, game,
    event, site, date, ..., plies, captures, castlings by stage and wing,
    ..., final_fen); without it, the aggregate as ``stats --format json``
    writes it, as a dict. Games are numbered from 1 in their file, as the
    command numbers them. An input that cannot be read whole, and a game
    not read (larger than ``max_game_size`` bytes, or cut by damage), are
    warned of (:class:`UnreadableInputWarning`) and the others are counted."""
    out, unreadable, dtypes = _native.stats(
        _paths(paths),
        per_game=per_game,
        variant=variant,
        encoding=encoding,
        threads=threads,
        max_game_size=max_game_size,
    )
    _warn_unreadable(unreadable)
    if per_game:
        out = Columns(out)
        out.unreadable = unreadable
        out.dtypes = dict(dtypes or {})
    return out


def moves(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    fen: bool = False,
    variant: Optional[str] = None,
    encoding: Optional[str] = None,
    threads: Optional[int] = None,
) -> Columns:
    """``pgn100 moves``: one row per main-line move as :class:`Columns`
    (file, game, variant, date, valid, ply, move_number, side, roll, uci,
    written, piece, capture, captured, check, mate, castle_stage,
    castle_wing, promotion, throne_pawn, en_passant, restored, clock and
    elapsed (seconds, from ``[%clk]`` and ``[%emt]``), eval_cp and
    eval_mate (``[%eval]``, from White's side), eval_depth (``[%eval
    0.17,23]``: 23), nags, comment (the
    comments' text without those commands), arrows and, with ``fen``,
    fen)."""
    out, unreadable, dtypes = _native.moves(_paths(paths), fen=fen, variant=variant, encoding=encoding, threads=threads)
    _warn_unreadable(unreadable)
    columns = Columns(out)
    columns.unreadable = unreadable
    columns.dtypes = dict(dtypes)
    return columns


class UnreadableInputWarning(UserWarning):
    """An input that :func:`read`, :func:`stats` or :func:`moves` could not
    read whole (a truncated or corrupt archive, binary data), or a game not
    read: reported with its place, and every other game read, as the
    command does."""


def _warn_unreadable(unreadable: List[str]) -> None:
    for why in unreadable:
        warnings.warn(f"pgn100: {why}", UnreadableInputWarning, stacklevel=3)


def to_pandas(columns: Dict[str, Sequence[Any]]) -> Any:
    """A ``pandas.DataFrame`` of columns (from :func:`stats` or :func:`moves`),
    the nullable numeric columns typed as :attr:`Columns.dtypes` says."""
    try:
        import pandas
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_pandas needs pandas: pip install pandas") from e
    frame = pandas.DataFrame(dict(columns))
    for name, dtype in getattr(columns, "dtypes", {}).items():
        if name in frame:
            frame[name] = frame[name].astype(dtype)
    return frame


def to_polars(columns: Dict[str, Sequence[Any]]) -> Any:
    """A ``polars.DataFrame`` of columns (from :func:`stats` or :func:`moves`)."""
    try:
        import polars
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_polars needs polars: pip install polars") from e
    return polars.DataFrame(dict(columns))


def _to_python_chess(game: Game) -> Any:
    """The game as a ``chess.pgn.Game`` (Chess and Chess960 only): its tags
    as headers, its main line and variations as python-chess's nodes, each
    with its comment, NAGs, clock, time taken, evaluation and arrows (what
    python-chess's own ``clock()``, ``emt()``, ``eval()`` and ``arrows()``
    read), and the game's errors (a move that does not replay) in
    ``errors``."""
    try:
        import chess
        import chess.pgn
    except ImportError as e:
        raise ImportError("Game.to_python_chess() needs python-chess: pip install chess") from e
    if game.variant not in ("Chess", "Chess960"):
        raise ValueError(f"to_python_chess() is for Chess and Chess960 games, not {game.variant}")
    tags = game.tags
    out = chess.pgn.Game()
    chess960 = game.variant == "Chess960"
    fen = tags.get("FEN")
    if fen is not None:
        board = chess.Board(fen, chess960=chess960)
        out.setup(board)
    elif chess960:
        out.setup(chess.Board(chess960=True))
    # After setup(), which drops a Variant tag of standard chess.
    for name, value in tags.items():
        out.headers[name] = value
    _add_line(out, out.board(), game.moves)
    for d in game.diagnostics:
        if d.severity == "error":
            out.errors.append(_python_chess_error(d))
    return out


def _python_chess_error(d: Diagnostic) -> Exception:
    """An error of a game as python-chess's ``Game.errors`` holds them: a
    move that does not replay as its ``IllegalMoveError`` (or
    ``AmbiguousMoveError``), anything else a ``ValueError``; the message
    is the diagnostic's code, message and place."""
    import chess

    if d.code == "pgn100::ambiguous_move":
        kind: type = chess.AmbiguousMoveError
    elif d.ply is not None:
        kind = chess.IllegalMoveError
    else:
        kind = ValueError
    return kind(f"{d.code}: {d.message} (line {d.line}, column {d.column})")


def _add_line(node: Any, board: Any, line: Sequence[Move]) -> None:
    """Adds ``line`` after python-chess's ``node`` (``board`` its
    position): each move with its notes, then its variations."""
    for m in line:
        move = board.parse_san(m.san)
        child = node.add_variation(move)
        _set_notes(child, m)
        for variation in m.variations:
            _add_line(node, board.copy(stack=False), variation)
        board.push(move)
        node = child


def _set_notes(node: Any, m: Move) -> None:
    """The comment, NAGs and commands of ``m`` on python-chess's ``node``."""
    import chess
    import chess.engine
    import chess.svg

    node.comment = m.comment or ""
    node.nags = set(m.nags)
    if m.eval_mate == 0:
        # Mated: python-chess reads `#0` but its set_eval() cannot write it.
        depth = "" if m.eval_depth is None else f",{m.eval_depth}"
        node.comment = f"{node.comment} [%eval #0{depth}]".lstrip()
    elif m.eval_cp is not None or m.eval_mate is not None:
        score = chess.engine.Cp(m.eval_cp) if m.eval_cp is not None else chess.engine.Mate(m.eval_mate)
        node.set_eval(chess.engine.PovScore(score, chess.WHITE), m.eval_depth)
    if m.clock is not None:
        node.set_clock(m.clock)
    if m.elapsed is not None:
        node.set_emt(m.elapsed)
    if m.arrows:
        node.set_arrows(chess.svg.Arrow.from_pgn(a) for a in m.arrows)
