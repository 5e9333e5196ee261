//! What the reader accepted with a look-alike (docs/notation.md "Look-alikes"),
//! as `lookalike` warnings: what was read and the right form.

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::LookAlikes;
use crate::notation::lookalike::describe;
use crate::notation::GameRecord;
use crate::rules::Variant;

/// One warning per token of `record` written with look-alikes. In Chess
/// (a variant whose records are PGN, [`crate::rules::Rules::pgn_records`]) an
/// `e.p.` suffix alone is the notation of the FIDE Laws and of python-chess,
/// not a look-alike: it passes without a warning there.
/// A book's comma or period after a move (`e7-e5,`) is a `book_punctuation`
/// warning of its own, before the `lookalike` one of the same token when it
/// has other look-alikes too.
pub fn lookalike_warnings(record: &GameRecord, variant: Option<Variant>) -> impl Iterator<Item = Diagnostic> + '_ {
    let chess = variant.and_then(|v| v.rules().ok()).is_some_and(|r| r.pgn_records);
    record.notes.iter().flat_map(move |note| {
        let book = note.read.contains(LookAlikes::BOOK_PUNCTUATION);
        let mut other = LookAlikes(note.read.0 & !LookAlikes::BOOK_PUNCTUATION.0);
        if chess && other == LookAlikes::EN_PASSANT {
            other = LookAlikes::NONE;
        }
        let punctuation = book.then(|| {
            Diagnostic::new(Code::BookPunctuation, note.span.clone(), "a comma or period after the move")
                .label(describe(LookAlikes::BOOK_PUNCTUATION))
                .help(format!("write `{}` (the moves need no punctuation between them)", note.right))
        });
        let lookalike = (!other.is_empty()).then(|| {
            Diagnostic::new(Code::Lookalike, note.span.clone(), format!("a look-alike, read as `{}`", note.right))
                .label(describe(other))
                .help(format!("write `{}`", note.right))
        });
        punctuation.into_iter().chain(lookalike)
    })
}
