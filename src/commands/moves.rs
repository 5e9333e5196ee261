//! One row per main-line move (`pgn100 moves`): where the game is, the
//! move in UCI-style coordinates and as written, the man, what it takes,
//! check and mate by the rules (not the written marks), the castling's
//! stage and wing, the promotion, the throne pawn, the Dice chess roll and,
//! on request, the FEN after the move. The rows come from the replay that
//! validates (a game's rows stop where its replay stops); variations are
//! not rows.

use crate::diag::{Diagnostic, Severity, SourceFile};
use crate::notation::ast::{GameRecord, RollForm, Token};
use crate::notation::decode::FileBytes;
use crate::notation::{Found, Reader};
use crate::output::table::{Row, Value};
use crate::replay::{replay_observed, DiceTurn, Observer, Options};
use crate::rules::dice::DiceUci;
use crate::rules::{Bitboard, Color, Move, MoveKind, Role, Stage, Termination, Uci, Variant, VariantPosition, Wing};

/// One move of a game's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The ply, from 1 (Dice chess: the move, from 1, counting every move of every turn).
    pub ply: u32,
    /// The move number of the record (Dice chess: the turn's number).
    pub move_number: u32,
    pub side: Color,
    /// Dice chess: the roll of the turn the move belongs to, as `K Q p`.
    pub roll: Option<String>,
    /// The move in the UCI-style coordinates of the oracle data.
    pub uci: String,
    /// The move token exactly as it stands in the record.
    pub written: String,
    /// The man that moves.
    pub piece: Role,
    /// The man taken (a pawn en passant).
    pub captured: Option<Role>,
    /// The move gives check (by the rules; Dice chess has no check).
    pub check: bool,
    pub mate: bool,
    pub castle: Option<(Stage, Wing)>,
    pub promotion: Option<Role>,
    /// The square the throne pawn is placed on (Hundred, docs/rules.md 1.5).
    pub throne_pawn: Option<String>,
    pub en_passant: bool,
    /// Royal: the side restored its queen before this move (docs/rules.md 5.5).
    pub restored: bool,
    /// The position after the move (only when asked for).
    pub fen: Option<String>,
}

/// A row with nothing in it.
const EMPTY_ROW: MoveRow = MoveRow {
    ply: 0,
    move_number: 0,
    side: Color::White,
    roll: None,
    uci: String::new(),
    written: String::new(),
    piece: Role::Pawn,
    captured: None,
    check: false,
    mate: false,
    castle: None,
    promotion: None,
    throne_pawn: None,
    en_passant: false,
    restored: false,
    fen: None,
};

impl Default for MoveRow {
    fn default() -> MoveRow {
        EMPTY_ROW
    }
}

/// A game's rows and what every row of it repeats.
#[derive(Clone, Debug, Default)]
pub struct GameMoves {
    /// The game's index in the text read, from 0.
    pub game: usize,
    pub variant: &'static str,
    pub date: String,
    /// The game replays without an error (as `validate` and `stats` judge).
    pub valid: bool,
    pub moves: Vec<MoveRow>,
}

/// The rows of a chunk of text (whole games of a file).
pub struct MovesChunk {
    pub games: Vec<GameMoves>,
    /// The errors of the chunk's invalid games, as `validate` reports them
    /// (game indexes from 0 in the chunk), and the text they point into.
    pub errors: Vec<Diagnostic>,
    pub source: Option<SourceFile>,
}

/// One row as written: the file, the game's number in it (from 1) and the
/// move; `fen` whether the `fen` column is written.
pub struct MoveLine<'a> {
    pub file: &'a str,
    pub game: usize,
    pub moves: &'a GameMoves,
    pub row: &'a MoveRow,
    pub fen: bool,
}

impl MoveLine<'_> {
    /// A row with every column, for a writer's schema.
    pub fn sample(fen: bool) -> MoveLine<'static> {
        static GAME: GameMoves =
            GameMoves { game: 0, variant: "", date: String::new(), valid: false, moves: Vec::new() };
        static ROW: MoveRow = EMPTY_ROW;
        MoveLine { file: "", game: 0, moves: &GAME, row: &ROW, fen }
    }
}

/// The FEN letter of a man, upper case: `P N B R Q K`, Hundred's prince `A`,
/// Grand's marshal `C` and cardinal `A`, Royal's prince `T` and princess `S`.
pub fn letter(role: Role) -> &'static str {
    match role {
        Role::Pawn => "P",
        Role::Knight => "N",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
        Role::Prince | Role::Cardinal => "A",
        Role::Marshal => "C",
        Role::Heir => "T",
        Role::Princess => "S",
    }
}

fn int(n: impl TryInto<i64>) -> Value<'static> {
    Value::Int(n.try_into().unwrap_or(i64::MAX))
}

impl Row for MoveLine<'_> {
    fn visit<'a>(&'a self, f: &mut dyn FnMut(&'static str, Value<'a>)) {
        use Value::{Bool, OptStr, Str};
        let (g, r) = (self.moves, self.row);
        f("file", Str(self.file));
        f("game", int(self.game));
        f("variant", Str(g.variant));
        f("date", Str(&g.date));
        f("valid", Bool(g.valid));
        f("ply", int(r.ply));
        f("move_number", int(r.move_number));
        f("side", Str(if r.side == Color::White { "white" } else { "black" }));
        f("roll", OptStr(r.roll.as_deref()));
        f("uci", Str(&r.uci));
        f("written", Str(&r.written));
        f("piece", Str(letter(r.piece)));
        f("capture", Bool(r.captured.is_some()));
        f("captured", OptStr(r.captured.map(letter)));
        f("check", Bool(r.check));
        f("mate", Bool(r.mate));
        let stage = r.castle.map(|(s, _)| if s == Stage::First { "first" } else { "second" });
        f("castle_stage", OptStr(stage));
        f("castle_wing", OptStr(r.castle.map(|(_, w)| if w == Wing::Short { "short" } else { "long" })));
        f("promotion", OptStr(r.promotion.map(letter)));
        f("throne_pawn", OptStr(r.throne_pawn.as_deref()));
        f("en_passant", Bool(r.en_passant));
        f("restored", Bool(r.restored));
        if self.fen {
            f("fen", OptStr(r.fen.as_deref()));
        }
    }
}

/// What a move is, read in the position before it: the row without the
/// parts the record or the position after it give.
fn row_before(pos: &VariantPosition, m: Move, ply: u32) -> MoveRow {
    let piece = pos.board().piece_at(m.from).map_or(Role::King, |p| p.role);
    let captured = match m.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        _ if pos.is_capture(m) => pos.board().piece_at(m.to).map(|p| p.role),
        _ => None,
    };
    let castle = match (m.kind, pos) {
        (MoveKind::Castle(i), VariantPosition::Plain(pos)) => {
            let spec = pos.castle_spec(i);
            Some((spec.stage, spec.wing))
        }
        (MoveKind::Castle(_), VariantPosition::Dice(_)) => {
            Some((Stage::First, if m.to.file() > m.from.file() { Wing::Short } else { Wing::Long }))
        }
        _ => None,
    };
    let uci = match pos {
        VariantPosition::Plain(_) => Uci(m).to_string(),
        // The oracle data's: castling as the king's move.
        VariantPosition::Dice(_) => DiceUci(m).to_string(),
    };
    MoveRow {
        ply,
        move_number: pos.fullmoves(),
        side: pos.turn(),
        uci,
        piece,
        captured,
        castle,
        promotion: m.promotion(),
        throne_pawn: match m.kind {
            MoveKind::Throne(sq) => Some(sq.to_string()),
            _ => None,
        },
        en_passant: m.kind == MoveKind::EnPassant,
        ..MoveRow::default()
    }
}

/// Makes the rows as the replay plays the main line.
struct Rows {
    rows: Vec<MoveRow>,
    fen: bool,
    /// Dice chess: the roll of the turn being made, as `K Q p`.
    roll: Option<String>,
    /// Dice chess: the row of a turn's last move, whose FEN is the one
    /// after the turn passes (as the oracle data writes it), known when
    /// the next turn begins or the game ends.
    passing: Option<usize>,
}

impl Rows {
    /// The FEN after the turn of row [`Rows::passing`] passed: `pos`.
    fn passed(&mut self, pos: &VariantPosition) {
        if let (Some(i), true) = (self.passing.take(), self.fen) {
            if let Some(row) = self.rows.get_mut(i) {
                row.fen = Some(pos.fen());
            }
        }
    }
}

impl Observer for Rows {
    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) {
        self.passed(before);
        if let Some((roll, _)) = roll {
            let text = crate::notation::dice::roll_text(&roll, RollForm::Latin);
            self.roll = Some(text.trim_start_matches('<').trim_end_matches('>').to_string());
        }
    }

    fn before_move(&mut self, before: &VariantPosition, m: Move) {
        let ply = u32::try_from(self.rows.len() + 1).unwrap_or(u32::MAX);
        let mut row = row_before(before, m, ply);
        row.roll.clone_from(&self.roll);
        self.rows.push(row);
    }

    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) {
        let Some(row) = self.rows.last_mut() else { return };
        row.check = checkers.any();
        // Mate is looked for only after a check.
        row.mate = row.check && matches!(after.termination(), Some(Termination::Checkmate { .. }));
        if self.fen {
            row.fen = Some(after.fen());
        }
    }

    fn end_turn(&mut self, _after: &VariantPosition, turn: Option<&DiceTurn>) {
        if let Some(turn) = turn.filter(|t| !t.plies.is_empty()) {
            self.passing = turn.plies.end.checked_sub(1);
        }
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) {
        self.passed(main);
    }
}

/// The text of token `token` of `record`.
fn written(text: &str, record: &GameRecord, token: usize) -> String {
    record.tokens.get(token).and_then(|t| text.get(t.span.clone())).unwrap_or("").to_string()
}

/// The rows of one game (`index` from 0 in the text read).
pub fn game_moves(text: &str, record: &GameRecord, index: usize, options: Options, fen: bool) -> GameMoves {
    let date = record.tag("Date").unwrap_or("").to_string();
    let mut rows = Rows { rows: Vec::new(), fen, roll: None, passing: None };
    let report = replay_observed(record, index, options, &mut rows);
    let mut moves = rows.rows;
    for (row, ply) in moves.iter_mut().zip(&report.mainline) {
        row.written = written(text, record, ply.token);
        row.restored = ply.restored;
    }
    let variant = report.variant.map_or("", Variant::name);
    GameMoves { game: index, variant, date, valid: report.is_valid(), moves }
}

/// The rows of every game of a chunk of a file that starts after
/// `lines_before` lines, at `bytes` in the file; with the errors of its
/// invalid games as `validate` reports them.
pub fn moves_chunk(
    name: &str,
    text: &str,
    lines_before: usize,
    bytes: FileBytes,
    options: Options,
    fen: bool,
) -> MovesChunk {
    let mut games = Vec::new();
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let mut invalid = false;
    while let Some(found) = reader.read_into(&mut record) {
        let index = games.len();
        let game = match found {
            Found::Game => game_moves(text, &record, index, options, fen),
            Found::Broken(_) => GameMoves { game: index, ..GameMoves::default() },
            Found::Stray(_) => continue,
        };
        invalid |= !game.valid;
        games.push(game);
    }
    // The errors are found again by validate's own reading, only where a game failed.
    let (errors, source) = if invalid {
        let report = super::validate_chunk(name, text, lines_before, bytes, options);
        let errors: Vec<Diagnostic> =
            report.diagnostics.into_iter().filter(|d| d.severity == Severity::Error && d.game.is_some()).collect();
        (errors, report.source)
    } else {
        (Vec::new(), None)
    };
    MovesChunk { games, errors, source }
}
