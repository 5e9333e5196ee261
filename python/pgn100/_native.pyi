"""Type stubs of the native module (see pgn100/__init__.py for the API)."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

class PgnError(Exception):
    """An input pgn100 cannot read; ``args[1]`` is its :class:`Diagnostic`."""

class Diagnostic:
    """One diagnostic, with the fields of ``pgn100 validate --format json``."""
    code: str
    severity: str
    message: str
    help: Optional[str]
    label: str
    file: str
    line: int
    column: int
    offset: int
    length: int
    game: Optional[int]
    ply: Optional[int]
    def to_dict(self) -> Dict[str, Any]: ...

class Move:
    """One main-line move."""
    ply: int
    move_number: int
    side: str
    uci: str
    written: str
    san: str
    fen: str
    piece: str
    captured: Optional[str]
    check: bool
    mate: bool
    castle_stage: Optional[str]
    castle_wing: Optional[str]
    promotion: Optional[str]
    throne_pawn: Optional[str]
    en_passant: bool
    restored: bool
    roll: Optional[str]
    clock: Optional[float]
    elapsed: Optional[float]
    eval_cp: Optional[int]
    eval_mate: Optional[int]
    eval_depth: Optional[int]
    nags: List[int]
    comment: Optional[str]
    arrows: List[str]
    variations: List[List["Move"]]
    @property
    def capture(self) -> bool: ...
    @property
    def castling(self) -> bool: ...
    @property
    def flags(self) -> List[str]: ...

class Turn:
    """A Dice chess turn: its roll and its moves."""
    number: int
    side: str
    roll: List[str]
    moves: List[Move]

class Game:
    """A game of the input: what reading and replaying it found."""
    file: str
    number: int
    variant: Optional[str]
    valid: bool
    diagnostics: List[Diagnostic]
    final_fen: Optional[str]
    result: Optional[str]
    termination: str
    source: str
    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def turns(self) -> List[Turn]: ...
    def to_python_chess(self) -> Any: ...
    def board(self) -> Optional["Position"]: ...
    def positions(self) -> List["Position"]: ...

class IllegalMoveError(ValueError):
    code: str
    message: str

class InvalidMoveError(ValueError):
    code: str
    message: str

class InvalidFenError(ValueError):
    code: str
    message: str

class LegalMove:
    """A legal move of a Position."""
    uci: str
    san: str
    from_square: str
    to_square: str
    piece: str
    capture: bool
    captured: Optional[str]
    promotion: Optional[str]
    castling: bool
    castle_stage: Optional[str]
    castle_wing: Optional[str]
    en_passant: bool
    throne_pawn: Optional[str]
    def written(self, letters: str = ..., style: str = ...) -> str: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How the board ends a game."""
    termination: str
    winner: Optional[str]
    def result(self) -> str: ...

class Position:
    """A position of any variant."""
    def __init__(self, variant: str = ..., fen: Optional[str] = ...) -> None: ...
    variant: str
    turn: str
    can_restore: bool
    @property
    def legal_moves(self) -> List[LegalMove]: ...
    @property
    def move_stack(self) -> List[Optional[LegalMove]]: ...
    def push(self, move: Union[LegalMove, str]) -> Optional[LegalMove]: ...
    def pop(self) -> Optional[LegalMove]: ...
    def fen(self) -> str: ...
    def is_check(self) -> bool: ...
    def is_legal(self, move: Union[LegalMove, str]) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def copy(self) -> "Position": ...
    def board(self) -> Dict[str, str]: ...
    def piece_at(self, square: str) -> Optional[str]: ...
    def turns(self, roll: str) -> List[List[LegalMove]]: ...
    def push_turn(self, turn: Sequence[Union[LegalMove, str]]) -> None: ...
    def end_turn(self) -> None: ...
    def restore(self, square: Optional[str] = ...) -> None: ...
    def _repr_svg_(self) -> str: ...
    def __hash__(self) -> int: ...

class GameIter(Iterator[Game]):
    def __iter__(self) -> "GameIter": ...
    def __next__(self) -> Game: ...

class Validation:
    """What validate found over all inputs."""
    diagnostics: List[Diagnostic]
    files: int
    games: int
    invalid: int
    unreadable: List[str]

def read_paths(paths: Sequence[str], *, variant: Optional[str] = ..., encoding: Optional[str] = ..., threads: Optional[int] = ..., max_game_size: Optional[int] = ...) -> GameIter: ...
def read_text(text: str, *, variant: Optional[str] = ..., threads: Optional[int] = ..., name: str = ..., max_game_size: Optional[int] = ...) -> GameIter: ...
def read_bytes(data: bytes, *, variant: Optional[str] = ..., encoding: Optional[str] = ..., threads: Optional[int] = ..., name: str = ..., max_game_size: Optional[int] = ...) -> GameIter: ...
def validate(paths: Sequence[str], *, variant: Optional[str] = ..., encoding: Optional[str] = ..., strict: bool = ..., threads: Optional[int] = ...) -> Validation: ...
def convert(text: str, *, letters: str = ..., style: str = ..., to: Optional[str] = ..., files: str = ..., rolls: str = ..., skip_invalid: bool = ..., variant: Optional[str] = ...) -> Tuple[str, List[Diagnostic], int, int]: ...
def stats(paths: Sequence[str], *, per_game: bool = ..., variant: Optional[str] = ..., encoding: Optional[str] = ..., threads: Optional[int] = ..., max_game_size: Optional[int] = ...) -> Tuple[Any, List[str], Optional[Dict[str, str]]]: ...
def moves(paths: Sequence[str], *, fen: bool = ..., variant: Optional[str] = ..., encoding: Optional[str] = ..., threads: Optional[int] = ...) -> Tuple[Dict[str, List[Any]], List[str], Dict[str, str]]: ...
