//! What a token the reader could not read was probably meant to be: the
//! typos that give a syntax error, each with its own message and the right
//! form (syntax only: the text around the token, never the position).

use super::parse;
use super::scan;

/// The message and help for the unreadable word at `span` of `text`, when
/// it is a known typo; `None` for the general message.
pub fn explain(text: &str, span: std::ops::Range<usize>) -> Option<(String, String)> {
    let word = text.get(span.clone())?;
    let after = text.get(span.end..)?;
    let next = after.trim_start_matches([' ', '\t']);
    let next_word = next.split(char::is_whitespace).next().unwrap_or_default();
    // `Кр f2-g3`: a piece letter apart from its squares.
    if is_mover(word) && !next_word.is_empty() && !next.starts_with(['\n', '\r']) {
        let joined = format!("{word}{next_word}");
        if reads_as_move(&joined) {
            return Some((
                format!("a space inside the move: the piece letter `{word}` stands apart from its squares"),
                format!("write `{joined}`"),
            ));
        }
    }
    // `Кh2 - g4`: spaces around the dash or capture mark between the squares.
    if parse::dash(word).is_ok_and(|(r, _)| r.is_empty()) || parse::capture(word).is_ok_and(|(r, _)| r.is_empty()) {
        let before = text.get(..span.start)?.trim_end_matches([' ', '\t']);
        let prev_word = before.rsplit(char::is_whitespace).next().unwrap_or_default();
        let joined = format!("{prev_word}{word}{next_word}");
        if !prev_word.is_empty() && !next_word.is_empty() && reads_as_move(&joined) {
            return Some((
                format!("spaces inside the move: `{prev_word}`, `{word}` and `{next_word}` are one move"),
                format!("write `{joined}`"),
            ));
        }
    }
    None
}

/// Whether `word` is a piece letter and nothing else (`Кр`, `Л`, `N`).
fn is_mover(word: &str) -> bool {
    matches!(parse::piece(word), Ok(("", _)))
}

/// Whether `text` is one whole move token.
fn reads_as_move(text: &str) -> bool {
    scan::move_token(text).is_some_and(|s| s.len == text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn help(text: &str, word: &str) -> Option<String> {
        let at = text.find(word).unwrap();
        explain(text, at..at + word.len()).map(|(_, h)| h)
    }

    #[test]
    fn spaces_inside_moves() {
        assert_eq!(help("1. Кр f2-g3 *", "Кр").as_deref(), Some("write `Крf2-g3`"));
        assert_eq!(help("1. Кh2 - g4 *", "-").as_deref(), Some("write `Кh2-g4`"));
        assert_eq!(help("1. e3 : d4 *", ":").as_deref(), Some("write `e3:d4`"));
        assert_eq!(help("1. Qq9 *", "Qq9"), None);
    }
}
