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
        self.push_counted(out, word, word.chars().count());
    }

    /// [`Filler::push`] of a word `len` characters long.
    #[inline]
    pub fn push_counted(&mut self, out: &mut String, word: &str, len: usize) {
        if let Some(sep) = self.place(len) {
            out.push(char::from(sep));
        }
        out.push_str(word);
    }

    /// Whether no word has been placed yet.
    #[inline]
    pub fn at_start(&self) -> bool {
        self.column == 0
    }

    /// Places a word `len` characters long: what goes before it (a space,
    /// a line break, or nothing at the start), the column moved past it.
    #[inline]
    pub fn place(&mut self, len: usize) -> Option<u8> {
        let sep = if self.column == 0 {
            None
        } else if self.column + 1 + len > self.width {
            self.column = 0;
            Some(b'\n')
        } else {
            self.column += 1;
            Some(b' ')
        };
        self.column += len;
        sep
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
