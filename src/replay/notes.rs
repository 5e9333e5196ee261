//! What the reader accepted with a look-alike (NOTATION.md "Look-alikes"),
//! as `lookalike` warnings: what was read and the right form.

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::LookAlikes;
use crate::notation::lookalike::describe;
use crate::notation::GameRecord;
use crate::rules::Variant;

/// One warning per token of `record` written with look-alikes. In Chess an
/// `e.p.` suffix alone is the notation of the FIDE Laws and of python-chess,
/// not a look-alike: it passes without a warning there.
pub fn lookalike_warnings(record: &GameRecord, variant: Option<Variant>) -> impl Iterator<Item = Diagnostic> + '_ {
    let chess = matches!(variant, Some(Variant::Chess | Variant::Chess960));
    record.notes.iter().filter(move |note| !(chess && note.read == LookAlikes::EN_PASSANT)).map(|note| {
        Diagnostic::new(Code::Lookalike, note.span.clone(), format!("a look-alike, read as `{}`", note.right))
            .label(describe(note.read))
            .help(format!("write `{}`", note.right))
    })
}
