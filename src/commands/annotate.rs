//! Annotation: the moves stay as written; check and mate marks are made
//! right, move numbers are corrected and added where a reader needs them,
//! and comments tell what happens on the board (throne pawns, claims, stages,
//! positions, the outcome; in Dice chess the dice left and the promotions
//! the maximum-moves rule forces).

use crate::commands::convert::{transform_observed, Converted};
use crate::diag::SourceFile;
use crate::notation::ast::{CheckMark, GameRecord, MoveText, RollForm, Script, Token, TokenKind};
use crate::notation::dice::dice_list;
use crate::notation::{right_mark, Letters};
use crate::replay::{Claims, DiceTurn, Flow, GameReport, Observer, Options, Ply};
use crate::rules::dice::turns::legal_turns;
use crate::rules::dice::Dice;
use crate::rules::{Claim, Color, Move, MoveKind, Role, Termination, VariantPosition};

/// Which optional comments to add.
#[derive(Copy, Clone, Debug, Default)]
pub struct AnnotateOptions {
    /// The FEN after each main-line move.
    pub fen: bool,
    /// Where the game enters the endgame (20 men or fewer) and the deep
    /// endgame (10 or fewer), docs/rules.md 1.6.
    pub stages: bool,
    /// Dice chess: the dice left after each move.
    pub dice: bool,
    pub skip_invalid: bool,
    pub replay: Options,
}

/// Annotates every game of a decoded file.
pub fn annotate_source(source: &SourceFile, options: &AnnotateOptions) -> Converted {
    // Every fact is taken as the replay plays each move (no move is played
    // twice, no position kept per move).
    let mut annotator = Annotator::new(*options);
    transform_observed(source, options.replay, options.skip_invalid, &mut annotator, |text, record, report, a, out| {
        annotate_game(text, record, report, &a.plies, out);
        Ok(())
    })
}

/// The comments after a main-line ply (but its FEN): `pos` the position
/// after it, `claim` the draw that may be claimed there.
fn ply_comments(
    pos: &VariantPosition,
    claim: Option<Claim>,
    mover: Color,
    kind: MoveKind,
    options: &AnnotateOptions,
    state: &mut State,
) -> Vec<String> {
    let mut c = Vec::new();
    if let MoveKind::Throne(sq) = kind {
        c.push(format!("{mover} gains the throne pawn on {sq}"));
    }
    if options.stages {
        let men = pos.men();
        if men <= 20 && !state.endgame {
            state.endgame = true;
            c.push(format!("endgame: {men} men"));
        }
        if men <= 10 && !state.deep {
            state.deep = true;
            c.push(format!("deep endgame: {men} men"));
        }
    }
    match claim {
        Some(Claim::Threefold) if !state.threefold => {
            state.threefold = true;
            c.push("threefold repetition: a draw can be claimed".to_string());
        }
        Some(Claim::MoveRule) if !state.move_rule => {
            state.move_rule = true;
            c.push(format!(
                "{} moves without capture or pawn move: a draw can be claimed",
                pos.rules().claim_plies / 2
            ));
        }
        _ => {}
    }
    c
}

/// What the annotation writes at a replayed move.
struct KeptPly {
    /// Whether the move takes a number (a Dice chess turn is numbered
    /// before its roll, its moves never).
    numbered: bool,
    white: bool,
    fullmoves: u32,
    /// The right check or mate mark.
    mark: &'static str,
    /// Comments after a main-line move.
    comments: Vec<String>,
}

/// The replay's observer that gathers [`KeptPly`]s, by token.
struct Annotator {
    options: AnnotateOptions,
    /// The kept plies of the game, by token index.
    plies: Vec<Option<KeptPly>>,
    /// The letters of the record's moves (for a move without letters).
    letters: Letters,
    state: State,
    claims: Claims,
    /// The main line has a move (its start is set).
    started: bool,
    /// The coming `any_move` is of the main line.
    main: bool,
    /// The move between `any_move` and `any_played`.
    pending: Option<Pending>,
    /// Dice chess: the dice left in the turn being made, the main-line
    /// moves made with them, and how the record writes its rolls.
    left: Dice,
    turn: Vec<TurnMove>,
    roll_form: Option<RollForm>,
}

/// A main-line move of the Dice chess turn being made: its comments wait
/// for the turn's end (where the dice left are known to be spent for good).
struct TurnMove {
    token: usize,
    promotion: bool,
    /// The dice left after it.
    left: Dice,
    /// The FEN after it (with `--fen`), the turn not yet passed.
    fen: Option<String>,
}

/// What `any_move` saw of a move before it was played.
struct Pending {
    token: usize,
    main: bool,
    mover: Color,
    fullmoves: u32,
    kind: MoveKind,
    /// The letters of its mark: those of its own letters, else the record's.
    letters: Letters,
    /// The mark written on it.
    check: Option<CheckMark>,
    numbered: bool,
    comments: Vec<String>,
}

impl Annotator {
    fn new(options: AnnotateOptions) -> Annotator {
        Annotator {
            options,
            plies: Vec::new(),
            letters: Letters::Latin,
            state: State::default(),
            claims: Claims::default(),
            started: false,
            main: false,
            pending: None,
            left: Dice::default(),
            turn: Vec::new(),
            roll_form: None,
        }
    }
}

impl Observer for Annotator {
    fn begin(&mut self, record: &GameRecord, letters: Letters, _files_ak: bool) -> Flow {
        self.plies.clear();
        self.plies.resize_with(record.tokens.len(), || None);
        self.letters = letters;
        (self.started, self.main, self.pending, self.roll_form) = (false, false, None, None);
        self.turn.clear();
        Flow::Continue(())
    }

    fn begin_turn(&mut self, _before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        let Some((roll, token)) = roll else { return Flow::Continue(()) };
        self.left = Dice::of(&roll);
        self.turn.clear();
        if self.roll_form.is_none() {
            // The dice left are written as the record's first roll.
            if let TokenKind::DiceRoll(Some(r)) = &token.kind {
                self.roll_form = Some(r.form);
            }
        }
        Flow::Continue(())
    }

    fn before_move(&mut self, before: &VariantPosition, _mv: Move) -> Flow {
        if !self.started {
            // A stage the start position is already in is not "entered".
            let men = before.men();
            self.state = State { endgame: men <= 20, deep: men <= 10, ..State::default() };
            self.claims.start(before);
            self.started = true;
        }
        self.main = true;
        Flow::Continue(())
    }

    fn any_move(&mut self, before: &VariantPosition, ply: Ply, token: &Token) -> Flow {
        let (letters, check) = match &token.kind {
            TokenKind::Move { text: MoveText::Man(m), check, .. } => match m.letters() {
                Some(Script::Cyrillic) => (Letters::Cyrillic, *check),
                Some(Script::Latin) => (Letters::Latin, *check),
                None => (self.letters, *check),
            },
            TokenKind::Move { check, .. } => (self.letters, *check),
            _ => (self.letters, None),
        };
        let main = std::mem::take(&mut self.main);
        let comments = if main { royal_comments(before, ply) } else { Vec::new() };
        let rolled = before.rules().rolled_turns;
        if main && rolled {
            // The die it spends (a castling a king die and a rook die).
            let role = before.mover(ply.mv).unwrap_or(Role::Pawn);
            self.left.spend(role, ply.mv.is_castle());
        }
        let (mover, fullmoves, kind) = (before.turn(), before.fullmoves(), ply.mv.kind);
        let numbered = !rolled;
        self.pending =
            Some(Pending { token: ply.token, main, mover, fullmoves, kind, letters, check, numbered, comments });
        Flow::Continue(())
    }

    fn any_played(&mut self, after: &VariantPosition) -> Flow {
        let Some(Pending { token, main, mover, fullmoves, kind, letters, check, numbered, mut comments }) =
            self.pending.take()
        else {
            return Flow::Continue(());
        };
        if main {
            let claim = self.claims.after(after);
            comments.extend(ply_comments(after, claim, mover, kind, &self.options, &mut self.state));
            if after.rules().rolled_turns {
                self.turn.push(TurnMove {
                    token,
                    promotion: matches!(kind, MoveKind::Promotion(_)),
                    left: self.left,
                    fen: self.options.fen.then(|| after.fen()),
                });
            } else if self.options.fen {
                comments.push(after.fen());
            }
        }
        let mark = right_mark(after, check, letters);
        let kept = KeptPly { numbered, white: mover == Color::White, fullmoves, mark, comments };
        if let Some(slot) = self.plies.get_mut(token) {
            *slot = Some(kept);
        }
        Flow::Continue(())
    }

    /// A Dice chess turn is over: its moves get the comments of the turn,
    /// after those of the move.
    fn end_turn(&mut self, after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        let Some(turn) = turn else { return Flow::Continue(()) };
        let moves = std::mem::take(&mut self.turn);
        // Every legal turn of the roll promotes, though some sequence of it
        // did not: the maximum-moves rule forced the promotion.
        let forced = moves.iter().any(|m| m.promotion) && {
            let list = legal_turns(&turn.start, turn.roll);
            list.removed > 0
                && list.turns.iter().all(|moves| moves.iter().any(|m| matches!(m.kind, MoveKind::Promotion(_))))
        };
        let form = self.roll_form.unwrap_or(RollForm::Latin);
        let count = moves.len();
        for (i, m) in moves.iter().enumerate() {
            let Some(Some(kept)) = self.plies.get_mut(m.token) else { continue };
            let last = i + 1 == count;
            if forced && m.promotion {
                kept.comments.insert(0, "the maximum-moves rule forces this promotion".to_string());
            }
            if self.options.dice {
                let left = dice_list(m.left.each(), form);
                kept.comments.push(if last && !m.left.is_empty() && after.king_taken().is_none() {
                    format!("dice left: {left}, none can be spent")
                } else {
                    format!("dice left: {left}")
                });
            }
            match (&m.fen, last) {
                (Some(_), true) => {
                    // After the turn's last move: the turn has passed.
                    let mut shown = after.clone();
                    shown.end_turn();
                    kept.comments.push(shown.fen());
                }
                (Some(fen), false) => kept.comments.push(fen.clone()),
                (None, _) => {}
            }
        }
        self.turn = moves;
        self.turn.clear();
        Flow::Continue(())
    }
}

/// Royal's events at a move (docs/rules.md 5.3–5.5): a queen restored before
/// it or the right refused by it, a king captured and the prince crowned
/// (the losing position ends the game: the outcome's note names it).
fn royal_comments(before: &VariantPosition, ply: Ply) -> Vec<String> {
    let mut c = Vec::new();
    // Kings are taken and princes crowned only where a king may stand
    // attacked with cover; restorations with them.
    if before.rules().legality != crate::rules::Legality::Cover {
        return c;
    }
    let us = before.turn();
    if ply.restored {
        c.push(format!("{us} restored its queen (the princess crowned) before this move"));
    } else if before.can_restore() {
        c.push(format!("{us} refused its queen restoration: the right is gone"));
    }
    if before.board().piece_at(ply.mv.to).is_some_and(|p| p.role == crate::rules::Role::King && p.color != us) {
        match before.board().by_piece(crate::rules::Piece::new(!us, crate::rules::Role::Heir)).first() {
            Some(sq) => c.push(format!("{}'s king captured: its prince is crowned on {sq}", !us)),
            None => c.push(format!("{}'s king captured", !us)),
        }
    }
    c
}

#[derive(Default)]
struct State {
    endgame: bool,
    deep: bool,
    threefold: bool,
    move_rule: bool,
}

#[expect(
    clippy::string_slice,
    reason = "every offset is a span the reader made on this text, or a cursor set to the end of one, so on char boundaries and in order (the `read` fuzz target checks it); marks and glyphs cut off a move are ASCII"
)]
fn annotate_game(text: &str, record: &GameRecord, report: &GameReport, plies: &[Option<KeptPly>], out: &mut String) {
    let mut cursor = record.span.start;
    let kept = |i: usize| plies.get(i).and_then(Option::as_ref);
    // Whether the next move needs a number in front of it.
    let mut need_number = true;
    // A move's comments, written after its NAGs and glyphs.
    let mut pending: Vec<String> = Vec::new();
    // A restoration wrote the number of the move after it.
    let mut skip_number = false;
    for (ti, token) in record.tokens.iter().enumerate() {
        if !pending.is_empty() {
            if matches!(token.kind, TokenKind::Nag(_) | TokenKind::Glyph(_)) {
                out.push_str(&text[cursor..token.span.end]);
                cursor = token.span.end;
                continue;
            }
            for c in pending.drain(..) {
                out.push_str(&format!(" {{{c}}}"));
            }
            need_number = true;
        }
        match &token.kind {
            TokenKind::Move { text: MoveText::Restoration { .. }, .. } => {
                // Numbered as the move it comes before.
                let next = (ti + 1..record.tokens.len()).find_map(kept);
                out.push_str(&text[cursor..token.span.start]);
                match next {
                    Some(p) if p.white => out.push_str(&format!("{}. ", p.fullmoves)),
                    Some(p) if need_number => out.push_str(&format!("{}... ", p.fullmoves)),
                    _ => {}
                }
                out.push_str(&text[token.span.clone()]);
                cursor = token.span.end;
                // The move after it takes no number of its own.
                need_number = false;
                skip_number = true;
            }
            TokenKind::MoveNumber { .. } if numbers_a_roll(&record.tokens, ti) => {
                // A Dice chess turn's number, before its roll: as written
                // (the replay judged it).
            }
            TokenKind::MoveNumber { .. } => {
                // Rewritten (or dropped) with the move it stands before.
                out.push_str(&text[cursor..token.span.start]);
                cursor = token.span.end;
                // Skip the blank after the number, the move writes its own.
                // (Within the game: it may end with this number.)
                let rest = &text[cursor..record.span.end];
                cursor += rest.len() - rest.trim_start_matches([' ', '\t']).len();
                need_number = true;
                continue;
            }
            TokenKind::Move { check, glyph, .. } => {
                let Some(ply) = kept(ti) else { continue };
                out.push_str(&text[cursor..token.span.start]);
                let numbered = std::mem::take(&mut skip_number);
                if numbered || !ply.numbered {
                    // Written before the restoration, or a Dice chess move.
                } else if ply.white {
                    out.push_str(&format!("{}. ", ply.fullmoves));
                } else if need_number {
                    out.push_str(&format!("{}... ", ply.fullmoves));
                }
                // The move as written, without its marks and a book's comma
                // or period after it (`e7-e5,`, `Фg6-h6.`), kept after them.
                let mut body_end = token.span.end;
                let punctuation = match text.as_bytes().get(body_end.wrapping_sub(1)) {
                    Some(b',' | b'.') => {
                        body_end -= 1;
                        &text[body_end..token.span.end]
                    }
                    _ => "",
                };
                if let Some(g) = glyph {
                    body_end -= g.as_str().len();
                }
                let marked = &text[token.span.start..body_end];
                let body_len = match check {
                    Some(_) => marked
                        .char_indices()
                        .rev()
                        .take_while(|&(_, c)| matches!(c, '+' | '#' | '×'))
                        .last()
                        .map_or(marked.len(), |(i, _)| i),
                    None => marked.len(),
                };
                out.push_str(&marked[..body_len]);
                out.push_str(ply.mark);
                if let Some(g) = glyph {
                    out.push_str(g.as_str());
                }
                out.push_str(punctuation);
                cursor = token.span.end;
                need_number = false;
                pending = ply.comments.clone();
            }
            TokenKind::Result(_) => {
                out.push_str(&text[cursor..token.span.start]);
                if let Some(note) = outcome_note(report, record) {
                    out.push_str(&format!("{{{note}}} "));
                }
                out.push_str(&text[token.span.clone()]);
                cursor = token.span.end;
            }
            _ => {
                need_number = true;
            }
        }
    }
    for c in pending {
        out.push_str(&format!(" {{{c}}}"));
    }
    out.push_str(&text[cursor..record.span.end]);
}

/// Whether the move number at token `ti` numbers a Dice chess turn: the
/// next move or roll is a roll.
fn numbers_a_roll(tokens: &[Token], ti: usize) -> bool {
    tokens
        .iter()
        .skip(ti + 1)
        .find(|t| matches!(t.kind, TokenKind::Move { .. } | TokenKind::DiceRoll(_)))
        .is_some_and(|t| matches!(t.kind, TokenKind::DiceRoll(_)))
}

/// The end of the game on the board, and a note when the result disagrees.
fn outcome_note(report: &GameReport, record: &GameRecord) -> Option<String> {
    let (_, written) = record.result()?;
    let (found, right) = match report.termination()? {
        Termination::Checkmate { winner: Color::White } => ("checkmate, white wins", "1-0"),
        Termination::Checkmate { winner: Color::Black } => ("checkmate, black wins", "0-1"),
        Termination::LosingPosition { winner: Color::White } => {
            ("losing position: black's king attacked without its prince, white wins", "1-0")
        }
        Termination::LosingPosition { winner: Color::Black } => {
            ("losing position: white's king attacked without its prince, black wins", "0-1")
        }
        Termination::KingCaptured { winner: Color::White } => ("white takes the king and wins", "1-0"),
        Termination::KingCaptured { winner: Color::Black } => ("black takes the king and wins", "0-1"),
        Termination::Stalemate => ("stalemate: a draw", "1/2-1/2"),
        Termination::FivefoldRepetition => ("fivefold repetition: a draw", "1/2-1/2"),
        Termination::SeventyFiveMoves => ("75 moves without capture or pawn move: a draw", "1/2-1/2"),
    };
    if written.pgn() == right {
        Some(found.to_string())
    } else {
        Some(format!("{found}; the result should be {right}, not {}", written.pgn()))
    }
}
