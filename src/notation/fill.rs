//! Filling words into lines of a given width, as PGN exporters write
//! movetext (at most 80 columns; a longer word gets a line of its own).

/// The widest line written, in characters (as PGN's export format).
pub const WIDTH: usize = 80;

/// Lines being filled: a word goes on the current line after one space,
/// or on a new line when it would pass the width.
#[derive(Clone, Debug)]
pub struct Filler {
    width: usize,
    column: usize,
}

impl Filler {
    pub fn new(width: usize) -> Filler {
        Filler { width, column: 0 }
    }

    /// Appends `word` to `out`, after a space or a line break.
    pub fn push(&mut self, out: &mut String, word: &str) {
        let len = word.chars().count();
        if self.column > 0 && self.column + 1 + len > self.width {
            out.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            out.push(' ');
            self.column += 1;
        }
        out.push_str(word);
        self.column += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fill_lines_up_to_the_width() {
        let mut out = String::new();
        let mut f = Filler::new(10);
        for w in ["1.", "e4", "e5", "2.", "Nf3", "a-very-long-word", "x"] {
            f.push(&mut out, w);
        }
        assert_eq!(out, "1. e4 e5\n2. Nf3\na-very-long-word\nx");
    }
}
