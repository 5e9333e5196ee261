//! What the tags (and the letters of the moves) say before the first move:
//! the variant, the start position with its throne rule, the files and the
//! piece letters of the record.

use std::cell::RefCell;

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{GameRecord, MoveMarks, Outcome, Tag};
use crate::notation::Letters;
use crate::rules::{FromFenError, Variant, VariantFenError, VariantPosition};

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
    debug_assert!(READ_TAGS.contains(&name), "the replay reads {name}: add it to READ_TAGS");
    match record.tags.iter().find(|t| t.name == name) {
        Some(t) => t.value_span.clone(),
        None => {
            let s = record.span.start;
            s..s + 1
        }
    }
}

/// The variant of the Variant tag, else `default`, else the variant a
/// record is in when nothing says ([`Variant::default`]).
pub(super) fn variant(record: &GameRecord, default: Option<Variant>) -> Result<Variant, Diagnostic> {
    let Some(name) = tag(record, "Variant") else {
        return Ok(default.unwrap_or_default());
    };
    name.parse::<Variant>().map_err(|e| {
        Diagnostic::new(Code::UnknownVariant, tag_span(record, "Variant"), e.to_string())
            .label("this variant")
            .help("use Hundred, Grand, Chess, Chess960, Dice or Royal (`pgn100 variants` lists the spellings)")
    })
}

/// The start position: the FEN tag's or the variant's, the throne pawn
/// disabled by `[ThronePawn "off"]`.
pub(super) fn start_position(record: &GameRecord, variant: Variant) -> Result<VariantPosition, Diagnostic> {
    let start = match tag(record, "FEN") {
        Some(fen) => position_of_fen(fen, variant).map_err(|e| {
            let code = match e {
                VariantFenError::Plain(FromFenError::Variant(_)) => Code::UnsupportedVariant,
                _ => Code::BadFen,
            };
            (code, e.to_string(), "FEN")
        }),
        None => VariantPosition::start(variant).map_err(|e| (Code::UnsupportedVariant, e.to_string(), "Variant")),
    };
    let mut start =
        start.map_err(|(code, msg, tag)| Diagnostic::new(code, tag_span(record, tag), msg).label("here"))?;
    if !throne_pawn(record)? {
        start.disable_throne_pawn();
    }
    Ok(start)
}

/// The position of a FEN tag. The last one read on this thread is kept:
/// the games of a file often share their FEN (a set-up, an engine match's
/// start), and reading one costs as much as replaying ten plies or more.
fn position_of_fen(fen: &str, variant: Variant) -> Result<VariantPosition, VariantFenError> {
    thread_local! {
        static LAST: RefCell<Option<(Variant, String, VariantPosition)>> = const { RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        if let Some((v, text, pos)) = last.as_ref() {
            if *v == variant && text == fen {
                return Ok(pos.clone());
            }
        }
        let pos = VariantPosition::from_fen(fen, variant)?;
        match last {
            Some((v, text, kept)) => {
                *v = variant;
                text.clear();
                text.push_str(fen);
                kept.clone_from(&pos);
            }
            None => *last = Some((variant, fen.to_string(), pos.clone())),
        }
        Ok(pos)
    })
}

/// Whether the throne-pawn rule holds: the ThronePawn tag's usual spellings
/// of on and off in any case (on when the tag is absent); any other value is
/// a diagnostic, since the rules of the game are then unknown.
pub(super) fn throne_pawn(record: &GameRecord) -> Result<bool, Diagnostic> {
    let Some(value) = tag(record, "ThronePawn") else { return Ok(true) };
    let v = value.trim().to_ascii_lowercase();
    match v.as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(Diagnostic::new(
            Code::BadTagValue,
            tag_span(record, "ThronePawn"),
            format!("[ThronePawn \"{value}\"] says neither on nor off"),
        )
        .label("this value")
        .help("write [ThronePawn \"off\"] to play without the throne pawn, or leave the tag out to play with it")),
    }
}

/// The outcome a Result tag's value names, Russian forms included.
pub(super) fn result_outcome(value: &str) -> Option<Outcome> {
    Outcome::from_text(value)
}

/// The tags that set the rules: each may be given once.
const RULE_TAGS: [&str; 4] = ["Variant", "FEN", "ThronePawn", "Files"];

/// Every tag the replay reads: the rule tags and Result. A reader whose
/// records only a replay reads may keep these and no others
/// (`Reader::keep_tags`, as `validate` does); the replay reads a tag only
/// through `tags::tag`, which (in debug builds) holds it to this list.
pub const READ_TAGS: [&str; 5] = ["Variant", "FEN", "ThronePawn", "Files", "Result"];

/// The value of the tag `name`, one of [`READ_TAGS`].
pub(super) fn tag<'a>(record: &'a GameRecord, name: &str) -> Option<&'a str> {
    debug_assert!(READ_TAGS.contains(&name), "the replay reads {name}: add it to READ_TAGS");
    record.tag(name)
}

/// What is wrong with the tags though the game can be replayed: a Result
/// tag that is no result, a Files tag that is neither `a-j` nor `a-k`, a tag
/// that sets the rules given twice (the first is read).
pub(super) fn checks(record: &GameRecord) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // One pass over the tags: the first of each rule tag, and the first
    // Result tag, as they come.
    let mut first: [Option<&Tag>; RULE_TAGS.len()] = [None; RULE_TAGS.len()];
    let mut result_seen = false;
    for tag in &record.tags {
        if tag.name == "Result" && !std::mem::replace(&mut result_seen, true) {
            if result_outcome(&tag.value).is_none() {
                out.push(
                    Diagnostic::new(
                        Code::ResultMismatch,
                        tag.value_span.clone(),
                        format!("the Result tag \"{}\" is no result", tag.value),
                    )
                    .label("this value")
                    .help("write 1-0, 0-1, 1/2-1/2, or * while the result is unknown"),
                );
            }
            continue;
        }
        let Some((k, name)) = RULE_TAGS.iter().enumerate().find(|(_, name)| tag.name == **name) else { continue };
        let Some(slot) = first.get_mut(k) else { continue };
        if let Some(kept) = slot {
            out.push(
                Diagnostic::new(Code::DuplicateTag, tag.span.clone(), format!("a second {name} tag"))
                    .label("given again")
                    .help(format!("keep one {name} tag: the first, \"{}\", is the one read", kept.value)),
            );
            continue;
        }
        *slot = Some(tag);
        if *name == "Files" {
            let v = tag.value.trim();
            if !v.eq_ignore_ascii_case("a-j") && !v.eq_ignore_ascii_case("a-k") {
                out.push(
                    Diagnostic::new(
                        Code::BadTagValue,
                        tag.value_span.clone(),
                        format!("[Files \"{}\"] is neither a-j nor a-k", tag.value),
                    )
                    .label("this value")
                    .help("write [Files \"a-k\"] when the record letters the tenth file k, or leave the tag out"),
                );
            }
        }
    }
    out.sort_by_key(|d| d.span.start);
    out
}

/// The files of the Files tag, else `a-k` when the moves write `k` and
/// never `j`; and the letters of the record's piece letters (a pawn's `p`
/// does not count: the writers drop it, so a converted record would change
/// its letters), Cyrillic when any letter is (a Cyrillic record may hold a
/// Latin look-alike typed by mistake, `K` for `К`; a Latin record has no
/// reason to hold a Cyrillic letter): both from the record's `marks`
/// ([`GameRecord::move_marks`]).
pub(super) fn files_and_letters(record: &GameRecord, marks: MoveMarks) -> (Files, Letters) {
    let (seen, bit) = (marks.files, |f: u8| 1u16 << f);
    let letters = if marks.cyrillic { Letters::Cyrillic } else { Letters::Latin };
    let files = match tag(record, "Files").map(str::trim) {
        Some(v) if v.eq_ignore_ascii_case("a-k") => Files::AK,
        Some(v) if v.eq_ignore_ascii_case("a-j") => Files::AJ,
        _ if seen & bit(10) != 0 && seen & bit(9) == 0 => Files::AK,
        _ => Files::AJ,
    };
    (files, letters)
}
