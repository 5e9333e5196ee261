//! Replays a game record through the rules: the variant and start position
//! from its tags, every move resolved (variations from the position before
//! the move they replace), marks, move numbers and the result checked.
//! Produces diagnostics; the replay of a game stops at its first illegal move.

use crate::diag::{Code, Diagnostic, Severity};
use crate::notation::ast::{
    CheckMark, GameRecord, Man, ManMove, MoveText, Outcome, Script, SquareText, Token, TokenKind,
};
use crate::notation::{Letters, LongMove, ShortMove};
use crate::rules::{
    CastleFailure, CastleText, Color, Game, Move, MoveSpec, Obstacle, Position, ResolveError, Role, Square, Stage,
    Termination, Variant, Wing,
};

/// How strictly to judge.
#[derive(Copy, Clone, Debug, Default)]
pub struct Options {
    /// Warnings count as errors.
    pub strict: bool,
    /// The variant when the game has no Variant tag.
    pub default_variant: Option<Variant>,
    /// Keep every replayed move, variations included ([`GameReport::all`]).
    pub keep_all: bool,
}

/// One move, as replayed.
#[derive(Clone, Debug)]
pub struct Ply {
    pub mv: Move,
    /// The position before the move.
    pub before: Position,
    /// The move token.
    pub token: usize,
}

/// What the replay of one game found.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub diagnostics: Vec<Diagnostic>,
    pub variant: Option<Variant>,
    /// The main line's moves as far as replayed.
    pub mainline: Vec<Ply>,
    /// Every replayed move, variations included, in token order (only with
    /// [`Options::keep_all`]).
    pub all: Vec<Ply>,
    /// The position after the last replayed main-line move.
    pub last: Option<Position>,
    /// Whether the whole main line and every variation was replayed.
    pub complete: bool,
    /// Whether the record letters the tenth file `k` (`[Files "a-k"]` or detected).
    pub files_ak: bool,
    /// The letters the record's piece letters are written in.
    pub letters: Letters,
}

impl GameReport {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
    /// Checkmate or stalemate after the main line.
    pub fn termination(&self) -> Option<Termination> {
        let pos = self.last.as_ref()?;
        Game::new(pos.clone()).termination()
    }
}

/// A line being replayed: the main line or a variation.
struct Line {
    game: Game,
    /// The position before the last move, where a variation starts.
    before: Option<Position>,
    main: bool,
}

/// Which files the record's squares use.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Files {
    AJ,
    AK,
}

struct Replayer<'a> {
    record: &'a GameRecord,
    index: usize,
    options: Options,
    files: Files,
    /// The letters the record uses, for help lines.
    letters: Letters,
    out: Vec<Diagnostic>,
}

/// Replays game number `index` (0-based, for the diagnostics).
pub fn replay(record: &GameRecord, index: usize, options: Options) -> GameReport {
    // The script of the first piece letter; a pawn's `p` does not count:
    // the writers drop it, so a converted record would change its letters.
    let letters = record
        .tokens
        .iter()
        .find_map(|t| match &t.kind {
            TokenKind::Move { text: MoveText::Man(m), .. } if m.man != Some(Man::Pawn) => m.script,
            _ => None,
        })
        .map_or(Letters::Latin, |s| match s {
            Script::Cyrillic => Letters::Cyrillic,
            Script::Latin => Letters::Latin,
        });
    let mut r = Replayer { record, index, options, files: Files::AJ, letters, out: Vec::new() };
    let report = r.run();
    super::notes::lookalike_warnings(record).for_each(|d| r.push(d));
    GameReport { diagnostics: r.out, ..report }
}

impl Replayer<'_> {
    fn push(&mut self, mut d: Diagnostic) {
        d.game = Some(self.index);
        if self.options.strict && d.severity == Severity::Warning {
            d.severity = Severity::Error;
        }
        self.out.push(d);
    }

    fn tag_span(&self, name: &str) -> Option<std::ops::Range<usize>> {
        self.record.tags.iter().find(|t| t.name == name).map(|t| t.value_span.clone())
    }

    fn whole(&self) -> std::ops::Range<usize> {
        let s = self.record.span.start;
        s..s + 1
    }

    fn empty_report(&self, variant: Option<Variant>) -> GameReport {
        GameReport {
            diagnostics: Vec::new(),
            variant,
            mainline: Vec::new(),
            all: Vec::new(),
            last: None,
            complete: false,
            files_ak: self.files == Files::AK,
            letters: self.letters,
        }
    }

    fn run(&mut self) -> GameReport {
        let variant = match self.record.tag("Variant") {
            None => self.options.default_variant.unwrap_or(Variant::Hundred),
            Some(name) => match name.parse::<Variant>() {
                Ok(v) => v,
                Err(e) => {
                    let span = self.tag_span("Variant").unwrap_or_else(|| self.whole());
                    self.push(
                        Diagnostic::new(Code::UnknownVariant, span, e.to_string())
                            .label("this variant")
                            .help("use Hundred, Grand, Chess, Dice or Royal (`pgn100 variants` lists the spellings)"),
                    );
                    return self.empty_report(None);
                }
            },
        };
        let start = match self.record.tag("FEN") {
            Some(fen) => Position::from_fen(fen, variant).map_err(|e| (e.to_string(), "FEN")),
            None => Position::start(variant).map_err(|e| (e.to_string(), "Variant")),
        };
        let mut start = match start {
            Ok(p) => p,
            Err((msg, tag)) => {
                let code = if msg.contains("not implemented") { Code::UnsupportedVariant } else { Code::BadFen };
                let span = self.tag_span(tag).unwrap_or_else(|| self.whole());
                self.push(Diagnostic::new(code, span, msg).label("here"));
                return self.empty_report(Some(variant));
            }
        };
        if self.record.tag("ThronePawn").is_some_and(|v| v.eq_ignore_ascii_case("off")) {
            start.disable_throne_pawn();
        }
        self.files = self.detect_files();
        self.walk(start, variant)
    }

    fn detect_files(&self) -> Files {
        if self.record.tag("Files").is_some_and(|v| v.trim().eq_ignore_ascii_case("a-k")) {
            return Files::AK;
        }
        let (mut k, mut j) = (false, false);
        for t in &self.record.tokens {
            if let TokenKind::Move { text: MoveText::Man(m), .. } = &t.kind {
                for f in [m.from_file, Some(m.to.file), m.throne.map(|s| s.file)].into_iter().flatten() {
                    k |= f == 10;
                    j |= f == 9;
                }
            }
        }
        if k && !j {
            Files::AK
        } else {
            Files::AJ
        }
    }

    fn walk(&mut self, start: Position, variant: Variant) -> GameReport {
        let tokens = &self.record.tokens;
        let mut stack: Vec<Line> = Vec::new();
        let mut line = Line { game: Game::new(start), before: None, main: true };
        let mut mainline = Vec::new();
        let mut all = Vec::new();
        let mut dead = false; // replay stopped at an illegal move
        let mut variation_opened: Vec<std::ops::Range<usize>> = Vec::new();
        let mut result_token: Option<(&Token, Outcome)> = None;
        for (ti, token) in tokens.iter().enumerate() {
            match &token.kind {
                TokenKind::VariationStart => {
                    variation_opened.push(token.span.clone());
                    if dead {
                        continue;
                    }
                    let Some(before) = line.before.clone() else {
                        self.push(
                            Diagnostic::new(
                                Code::UnbalancedVariation,
                                token.span.clone(),
                                "a variation with no move before it",
                            )
                            .label("nothing to replace")
                            .help("a variation follows the move it replaces"),
                        );
                        dead = true;
                        continue;
                    };
                    let parent =
                        std::mem::replace(&mut line, Line { game: Game::new(before), before: None, main: false });
                    stack.push(parent);
                }
                TokenKind::VariationEnd => {
                    if variation_opened.pop().is_none() {
                        self.push(
                            Diagnostic::new(Code::UnbalancedVariation, token.span.clone(), "`)` closes no variation")
                                .label("no `(` before this")
                                .help("remove it, or open the variation with `(`"),
                        );
                        dead = true;
                        continue;
                    }
                    if dead {
                        continue;
                    }
                    if let Some(parent) = stack.pop() {
                        line = parent;
                    }
                }
                TokenKind::MoveNumber { number, black } if !dead => self.check_number(&line, token, *number, *black),
                TokenKind::Move { text, check, .. } if !dead => {
                    let pos = line.game.position().clone();
                    match self.resolve(&pos, text, token, line.game.plies() + 1) {
                        Some(m) => {
                            self.check_capture_mark(&pos, m, text, token, line.game.plies() + 1);
                            line.game.play_unchecked(m);
                            self.check_check_mark(line.game.position(), *check, token, line.game.plies());
                            if line.main {
                                mainline.push(Ply { mv: m, before: pos.clone(), token: ti });
                            }
                            if self.options.keep_all {
                                all.push(Ply { mv: m, before: pos.clone(), token: ti });
                            }
                            line.before = Some(pos);
                        }
                        None => dead = true,
                    }
                }
                TokenKind::Result(o) => result_token = Some((token, *o)),
                _ => {}
            }
        }
        for span in variation_opened {
            self.push(
                Diagnostic::new(Code::UnbalancedVariation, span, "this variation is never closed")
                    .label("opened here")
                    .help("close it with `)` before the result"),
            );
        }
        while let Some(parent) = stack.pop() {
            line = parent;
        }
        let last = if dead { None } else { Some(line.game.position().clone()) };
        if let Some(pos) = &last {
            self.check_result(pos, result_token);
        }
        if result_token.is_none() {
            let end = self.record.span.end;
            let at = self.record.tokens.last().map_or(end.saturating_sub(1)..end, |t| t.span.clone());
            self.push(
                Diagnostic::new(Code::MissingResult, at, "the game has no result")
                    .label("the game ends here")
                    .help("end the movetext with 1-0, 0-1, 1/2-1/2 or *"),
            );
        }
        GameReport {
            diagnostics: Vec::new(),
            variant: Some(variant),
            mainline,
            all,
            last,
            complete: !dead,
            files_ak: self.files == Files::AK,
            letters: self.letters,
        }
    }

    fn check_number(&mut self, line: &Line, token: &Token, number: u32, black: bool) {
        let pos = line.game.position();
        let expected = pos.fullmoves();
        let turn_ok = black == (pos.turn() == Color::Black);
        if number != expected || !turn_ok {
            let right = if pos.turn() == Color::Black { format!("{expected}...") } else { format!("{expected}.") };
            let ply = line.game.plies() + 1;
            self.push(
                Diagnostic::new(
                    Code::MoveNumber,
                    token.span.clone(),
                    format!("move number does not match: the next move is {}'s move {expected}", pos.turn()),
                )
                .label("this number")
                .help(format!("write {right}"))
                .ply(ply),
            );
        }
    }

    fn square(&mut self, s: SquareText, token: &Token) -> Option<Square> {
        let file = match (self.files, s.file) {
            (Files::AJ, 10) | (Files::AK, 9) => {
                let msg = if s.file == 10 {
                    "file k is not on the board (files are a to j)"
                } else {
                    "this record letters its files a to k, and has no j"
                };
                self.push(
                    Diagnostic::new(Code::OffBoard, token.span.clone(), msg)
                        .label("this square")
                        .help("add [Files \"a-k\"] for records that write k for the tenth file"),
                );
                return None;
            }
            (Files::AK, 10) => 9,
            (_, f) => f,
        };
        Square::new(file, s.rank)
    }

    fn role(&mut self, man: Option<Man>, variant: Variant, token: &Token) -> Option<Role> {
        let role = match man {
            None | Some(Man::Pawn) => Some(Role::Pawn),
            Some(Man::King) => Some(Role::King),
            Some(Man::Queen) => Some(Role::Queen),
            Some(Man::Rook) => Some(Role::Rook),
            Some(Man::Bishop) => Some(Role::Bishop),
            Some(Man::Knight) => Some(Role::Knight),
            Some(Man::Prince) if variant == Variant::Hundred => Some(Role::Prince),
            Some(Man::Marshal) if variant == Variant::Grand => Some(Role::Marshal),
            Some(Man::Cardinal) if variant == Variant::Grand => Some(Role::Cardinal),
            _ => None,
        };
        if role.is_none() {
            self.push(
                Diagnostic::new(Code::UnknownPiece, token.span.clone(), format!("{variant} has no {}", man_name(man)))
                    .label("this piece letter")
                    .help("the letters are listed in NOTATION.md (`pgn100 explain unknown_piece`)"),
            );
        }
        role
    }

    fn resolve(&mut self, pos: &Position, text: &MoveText, token: &Token, ply: u32) -> Option<Move> {
        let variant = pos.variant();
        let result = match text {
            MoveText::Zeros(n) => {
                let castle = match (variant, n) {
                    (Variant::Hundred, 3) => CastleText::TwoStage(Stage::First, Wing::Short),
                    (Variant::Hundred, 4) => CastleText::TwoStage(Stage::First, Wing::Long),
                    (_, 2) => CastleText::Chess(Wing::Short),
                    (_, 3) => CastleText::Chess(Wing::Long),
                    _ => CastleText::Chess(Wing::Long),
                };
                pos.resolve_castle(castle)
            }
            MoveText::Ones(n) => {
                let wing = if *n == 1 { Wing::Short } else { Wing::Long };
                pos.resolve_castle(CastleText::TwoStage(Stage::Second, wing))
            }
            MoveText::Man(m) => {
                let spec = self.spec(m, variant, token)?;
                pos.resolve(&spec)
            }
        };
        match result {
            Ok(mv) => Some(mv),
            Err(e) => {
                let short = matches!(text, MoveText::Man(m) if !m.is_long());
                let d = self.explain(pos, e, token, short).ply(ply);
                self.push(d);
                None
            }
        }
    }

    fn spec(&mut self, m: &ManMove, variant: Variant, token: &Token) -> Option<MoveSpec> {
        let role = self.role(m.man, variant, token)?;
        let promotion = match m.promotion {
            Some(p) => Some(self.role(Some(p), variant, token)?),
            None => None,
        };
        let to = self.square(m.to, token)?;
        let throne = match m.throne {
            Some(s) => Some(self.square(s, token)?),
            None => None,
        };
        let from_file = match m.from_file {
            Some(10) if self.files == Files::AK => Some(9),
            Some(10) => {
                self.square(SquareText { file: 10, rank: 0 }, token)?;
                None
            }
            f => f,
        };
        Some(MoveSpec { role, from_file, from_rank: m.from_rank, to, promotion, throne })
    }

    fn check_capture_mark(&mut self, pos: &Position, m: Move, text: &MoveText, token: &Token, ply: u32) {
        let MoveText::Man(mm) = text else { return };
        let captures = pos.board().piece_at(m.to).is_some() || m.kind == crate::rules::MoveKind::EnPassant;
        let right = || LongMove { pos, mv: m, letters: self.letters }.to_string();
        if mm.capture.is_some() && !captures {
            self.push(
                Diagnostic::new(
                    Code::CaptureMark,
                    token.span.clone(),
                    "a capture mark on a move that captures nothing",
                )
                .label("nothing to take here")
                .help(format!("write {}", right()))
                .ply(ply),
            );
        } else if mm.dash && captures {
            self.push(
                Diagnostic::new(Code::CaptureMark, token.span.clone(), "`-` on a move that captures")
                    .label("this move takes a man")
                    .help(format!("write {}", right()))
                    .ply(ply),
            );
        }
    }

    fn check_check_mark(&mut self, after: &Position, written: Option<CheckMark>, token: &Token, ply: u32) {
        let checkers = after.checkers();
        let mate = checkers.any() && !after.has_legal_move();
        let ok = match written {
            None => checkers.is_empty(),
            Some(CheckMark::Check) => checkers.any() && !mate,
            Some(CheckMark::DoubleCheck) => checkers.more_than_one() && !mate,
            Some(CheckMark::Mate) => mate,
        };
        if ok {
            return;
        }
        let (message, help) = if mate {
            ("this move mates", "mark it `#` (Latin) or `×` (Cyrillic)")
        } else if checkers.more_than_one() {
            ("this move gives double check", "mark it `++` (or `+`)")
        } else if checkers.any() {
            ("this move gives check", "mark it `+`")
        } else {
            ("this move gives no check", "remove the mark")
        };
        let message = match written {
            None => format!("{message}, but it is not marked"),
            Some(mark) => {
                let mark = match mark {
                    CheckMark::Check => "`+`",
                    CheckMark::DoubleCheck => "`++`",
                    CheckMark::Mate => "as mate",
                };
                format!("{message}, but it is marked {mark}")
            }
        };
        self.push(Diagnostic::new(Code::CheckMark, token.span.clone(), message).label("this move").help(help).ply(ply));
    }

    fn check_result(&mut self, last: &Position, token: Option<(&Token, Outcome)>) {
        let tag = self.record.tag("Result").and_then(|r| match r.trim() {
            "1-0" | "1:0" => Some(Outcome::WhiteWins),
            "0-1" | "0:1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" | "½:½" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        });
        if let (Some((t, written)), Some(tag)) = (token, tag) {
            if written != tag {
                self.push(
                    Diagnostic::new(
                        Code::ResultMismatch,
                        t.span.clone(),
                        format!("the result {} differs from the Result tag {}", written.pgn(), tag.pgn()),
                    )
                    .label("this result")
                    .help("make the tag and the token agree"),
                );
            }
        }
        let board = match Game::new(last.clone()).termination() {
            Some(Termination::Checkmate { winner: Color::White }) => Some((Outcome::WhiteWins, "White mates")),
            Some(Termination::Checkmate { winner: Color::Black }) => Some((Outcome::BlackWins, "Black mates")),
            Some(Termination::Stalemate) => Some((Outcome::Draw, "the game ends in stalemate")),
            None => None,
        };
        if let (Some((t, written)), Some((outcome, why))) = (token, board) {
            if written != outcome {
                self.push(
                    Diagnostic::new(
                        Code::ResultMismatch,
                        t.span.clone(),
                        format!("{why} on the board, but the result is {}", written.pgn()),
                    )
                    .label("this result")
                    .help(format!("write {}", outcome.pgn())),
                );
            }
        }
    }

    /// The diagnostic for a move that does not resolve.
    fn explain(&self, pos: &Position, e: ResolveError, token: &Token, short: bool) -> Diagnostic {
        let span = token.span.clone();
        let letters = self.letters;
        let write = |m: Move| {
            if short {
                ShortMove { pos, mv: m, letters }.to_string()
            } else {
                LongMove { pos, mv: m, letters }.to_string()
            }
        };
        let list = |moves: &[Move]| moves.iter().map(|&m| write(m)).collect::<Vec<_>>().join(", ");
        let name = |r: Role| role_name(r);
        let piece_letters =
            |roles: &[Role]| roles.iter().map(|&r| letters.piece(r).to_string()).collect::<Vec<_>>().join(", ");
        let d = match e {
            ResolveError::NoMan { from } => Diagnostic::new(Code::NoMan, span, format!("no man stands on {from}"))
                .label("this from-square is empty")
                .help(format!("{} to move: {}", pos.turn(), sample_moves(pos, letters))),
            ResolveError::OpponentsMan { from, role } => Diagnostic::new(
                Code::OpponentsMan,
                span,
                format!("the {} on {from} is {}'s, but {} is to move", name(role), !pos.turn(), pos.turn()),
            )
            .label("not this side's man")
            .help("check the move order or a missing move"),
            ResolveError::WrongMan { from, found } => {
                Diagnostic::new(Code::WrongMan, span, format!("the man on {from} is a {}", name(found)))
                    .label("another piece letter")
                    .help(format!("write {}{from}…", letters.piece(found)))
            }
            ResolveError::CannotGo { from, obstacle, legal } => {
                let why = match obstacle {
                    Obstacle::Geometry => "it does not move that way".to_string(),
                    Obstacle::Blocked(sq) => format!("the man on {sq} is in the way"),
                    Obstacle::OwnMan(sq) => format!("{sq} holds a man of its own side"),
                    Obstacle::NothingToCapture => "a pawn moves diagonally only to capture".to_string(),
                    Obstacle::PawnBlocked(sq) => format!("{sq} is occupied"),
                    Obstacle::KingInCheck => "the own king would be in check".to_string(),
                };
                let role = pos.board().piece_at(from).map_or(Role::Pawn, |p| p.role);
                let help = if legal.is_empty() {
                    format!("this {} has no legal move", name(role))
                } else {
                    format!("legal moves of this {}: {}", name(role), list(&legal))
                };
                Diagnostic::new(Code::IllegalMove, span, format!("illegal move: {why}")).label("this move").help(help)
            }
            ResolveError::NoCandidate { role, to, pinned_or_checked } => {
                let mut d = Diagnostic::new(Code::NoSuchMove, span, format!("no {} can go to {to}", name(role)))
                    .label("no such move");
                d = if pinned_or_checked.is_empty() {
                    d.help(format!("{} to move: {}", pos.turn(), sample_moves(pos, letters)))
                } else {
                    let from: Vec<String> = pinned_or_checked.iter().map(|s| s.to_string()).collect();
                    d.help(format!(
                        "the {} on {} could, but that would leave the own king in check",
                        name(role),
                        from.join(", ")
                    ))
                };
                d
            }
            ResolveError::Ambiguous { candidates } => {
                let from: Vec<String> = candidates.iter().map(|m| m.from.to_string()).collect();
                Diagnostic::new(
                    Code::AmbiguousMove,
                    span,
                    format!("ambiguous move: it can be made from {}", from.join(" or ")),
                )
                .label("which one?")
                .help(format!("write one of {}", list(&candidates)))
            }
            ResolveError::MissingPromotion { allowed } => {
                Diagnostic::new(Code::MissingPromotion, span, "the pawn reaches the last rank and must promote")
                    .label("no promotion piece")
                    .help(format!("add one of {} after the square", piece_letters(&allowed)))
            }
            ResolveError::ForbiddenPromotion { piece, allowed } => Diagnostic::new(
                Code::ForbiddenPromotion,
                span,
                format!("a pawn cannot become a {} on this file", name(piece)),
            )
            .label("not allowed here")
            .help(format!("on this file a pawn becomes one of {}", piece_letters(&allowed))),
            ResolveError::NotAPromotion => {
                Diagnostic::new(Code::NotAPromotion, span, "a promotion piece on a move that does not promote")
                    .label("no promotion here")
                    .help("remove the piece letter after the square")
            }
            ResolveError::MissingThronePawn { empty } => Diagnostic::new(
                Code::MissingThronePawn,
                span,
                "the king reaches the enemy king's start square: the side gains a pawn",
            )
            .label("the gained pawn's square is missing")
            .help(format!("add `; square` with one of {}", squares(&empty))),
            ResolveError::MisplacedThronePawn { square, allowed } => Diagnostic::new(
                Code::MisplacedThronePawn,
                span,
                format!("the gained pawn cannot be placed on {square}"),
            )
            .label("not an empty square of the pawn rank")
            .help(format!("place it on one of {}", squares(&allowed))),
            ResolveError::NoThronePawn => Diagnostic::new(Code::NoThronePawn, span, "this move gains no throne pawn")
                .label("no pawn is gained here")
                .help(
                    "only a king's first arrival on the enemy king's start square gains a pawn: remove the `; square`",
                ),
            ResolveError::WrongVariantCastling => {
                Diagnostic::new(Code::WrongVariantCastling, span, format!("{} has no such castling", pos.variant()))
                    .label("castling token of another variant")
                    .help(if pos.variant() == Variant::Hundred {
                        "Hundred castles in two stages: 0-0-0 / 0-0-0-0, then 1 / 1-1"
                    } else {
                        "castle with 0-0 or 0-0-0"
                    })
            }
            ResolveError::Castle { failure } => {
                let why = match failure {
                    CastleFailure::FirstStageRightLost => "the king or that rook has moved".to_string(),
                    CastleFailure::SecondStageRightLost => {
                        "no first stage on this wing, or the king has moved since, or the corner rook has moved otherwise or been taken"
                            .to_string()
                    }
                    CastleFailure::CornerRookNotStepped(sq) => {
                        format!("the corner rook is still on {sq}: it must first step beside the corner")
                    }
                    CastleFailure::KingNotThere(sq) => format!("the king is not on {sq}"),
                    CastleFailure::RookNotThere(sq) => format!("no rook on {sq}"),
                    CastleFailure::Occupied(sqs) => format!("{} must be empty", squares(&sqs)),
                    CastleFailure::KingInCheck => "the king is in check".to_string(),
                    CastleFailure::KingAttackedAfter(sq) => format!("the king would be attacked on {sq}"),
                    CastleFailure::RookAttackedAfter(sq) => format!("the rook would be attacked on {sq}"),
                };
                Diagnostic::new(Code::IllegalCastling, span, format!("castling is not allowed: {why}"))
                    .label("this castling")
                    .help("RULES.md 1.4 lists the conditions (`pgn100 explain illegal_castling`)")
            }
        };
        d
    }
}

fn man_name(m: Option<Man>) -> &'static str {
    match m {
        None | Some(Man::Pawn) => "pawn",
        Some(Man::King) => "king",
        Some(Man::Queen) => "queen",
        Some(Man::Prince) => "prince (queen + knight)",
        Some(Man::Rook) => "rook",
        Some(Man::Bishop) => "bishop",
        Some(Man::Knight) => "knight",
        Some(Man::Marshal) => "marshal",
        Some(Man::Cardinal) => "cardinal",
        Some(Man::RoyalPrince) => "prince of Royal Chess (Пр)",
        Some(Man::Princess) => "princess (Пс)",
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
        Role::Prince => "prince",
        Role::Marshal => "marshal",
        Role::Cardinal => "cardinal",
    }
}

fn squares(sqs: &[Square]) -> String {
    sqs.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// A few legal moves, for help lines.
fn sample_moves(pos: &Position, letters: Letters) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let n = moves.len();
    let mut s: Vec<String> = moves.iter().take(8).map(|&m| LongMove { pos, mv: m, letters }.to_string()).collect();
    if n > 8 {
        s.push(format!("… ({n} legal moves)"));
    }
    if s.is_empty() {
        "no legal move".to_string()
    } else {
        s.join(", ")
    }
}
