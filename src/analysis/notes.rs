//! What the reader accepted with a look-alike (NOTATION.md "Look-alikes"),
//! as `lookalike` warnings: what was read and the right form.

use crate::diag::{Code, Diagnostic};
use crate::notation::lookalike::describe;
use crate::notation::GameRecord;

/// One warning per token of `record` written with look-alikes.
pub fn lookalike_warnings(record: &GameRecord) -> impl Iterator<Item = Diagnostic> + '_ {
    record.notes.iter().map(|note| {
        Diagnostic::new(Code::Lookalike, note.span.clone(), format!("a look-alike, read as `{}`", note.right))
            .label(describe(note.read))
            .help(format!("write `{}`", note.right))
    })
}
