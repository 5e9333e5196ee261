//! What the tags (and the letters of the moves) say before the first move:
//! the variant, the start position with its throne rule, the files and the
//! piece letters of the record.

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{GameRecord, Man, MoveText, Script, TokenKind};
use crate::notation::Letters;
use crate::rules::{FromFenError, Position, Variant};

/// Which files the record's squares use.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Files {
    /// `a` to `j`.
    AJ,
    /// `a` to `k`, without `j`.
    AK,
}

/// The span of a tag's value, or the game's first byte when the tag is missing.
fn tag_span(record: &GameRecord, name: &str) -> std::ops::Range<usize> {
    match record.tags.iter().find(|t| t.name == name) {
        Some(t) => t.value_span.clone(),
        None => {
            let s = record.span.start;
            s..s + 1
        }
    }
}

/// The variant of the Variant tag, else `default`, else Hundred.
pub(super) fn variant(record: &GameRecord, default: Option<Variant>) -> Result<Variant, Diagnostic> {
    let Some(name) = record.tag("Variant") else {
        return Ok(default.unwrap_or(Variant::Hundred));
    };
    name.parse::<Variant>().map_err(|e| {
        Diagnostic::new(Code::UnknownVariant, tag_span(record, "Variant"), e.to_string())
            .label("this variant")
            .help("use Hundred, Grand, Chess, Dice or Royal (`pgn100 variants` lists the spellings)")
    })
}

/// The start position: the FEN tag's or the variant's, the throne pawn
/// disabled by `[ThronePawn "off"]`.
pub(super) fn start_position(record: &GameRecord, variant: Variant) -> Result<Position, Diagnostic> {
    let start = match record.tag("FEN") {
        Some(fen) => Position::from_fen(fen, variant).map_err(|e| {
            let code = match e {
                FromFenError::Variant(_) => Code::UnsupportedVariant,
                FromFenError::Syntax(_) | FromFenError::Position(_) => Code::BadFen,
            };
            (code, e.to_string(), "FEN")
        }),
        None => Position::start(variant).map_err(|e| (Code::UnsupportedVariant, e.to_string(), "Variant")),
    };
    let mut start =
        start.map_err(|(code, msg, tag)| Diagnostic::new(code, tag_span(record, tag), msg).label("here"))?;
    if record.tag("ThronePawn").is_some_and(|v| v.eq_ignore_ascii_case("off")) {
        start.disable_throne_pawn();
    }
    Ok(start)
}

/// The files of the Files tag, else `a-k` when the moves write `k` and never `j`.
pub(super) fn files(record: &GameRecord) -> Files {
    if record.tag("Files").is_some_and(|v| v.trim().eq_ignore_ascii_case("a-k")) {
        return Files::AK;
    }
    let (mut k, mut j) = (false, false);
    for t in &record.tokens {
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

/// The script of the first piece letter; a pawn's `p` does not count: the
/// writers drop it, so a converted record would change its letters.
pub(super) fn letters(record: &GameRecord) -> Letters {
    record
        .tokens
        .iter()
        .find_map(|t| match &t.kind {
            TokenKind::Move { text: MoveText::Man(m), .. } if m.man != Some(Man::Pawn) => m.script,
            _ => None,
        })
        .map_or(Letters::Latin, |s| match s {
            Script::Cyrillic => Letters::Cyrillic,
            Script::Latin => Letters::Latin,
        })
}
