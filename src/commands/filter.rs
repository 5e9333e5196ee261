//! `filter`: which games match the criteria. Every criterion given must
//! hold (tag criteria on the same tag name: one of them), `not` inverts the
//! whole. Tag values are compared as they stand, or folded on request: case
//! and the Cyrillic letters that look like Latin ones (`Карпов` and
//! `KАРПОВ` typed with a Latin K read alike).

use std::collections::BTreeMap;

use regex::Regex;

use crate::commands::collect::{chunk_games, ChunkGames, Ending, Feature, GameFacts, Wanted};
use crate::criteria::{BoardCriteria, Line, Sequence};
use crate::notation::ast::Outcome;
use crate::notation::GameRecord;
use crate::replay::Options;
use crate::rules::{Board, Position, Variant};

/// One `--tag` criterion: `NAME=VALUE` (equal), `NAME~REGEX` (the
/// regular expression matches somewhere in the value), `NAME!=VALUE` (not
/// equal), or a number compared: `NAME<N`, `NAME<=N`, `NAME>N`, `NAME>=N`
/// (a value that is no number does not match); `*` (or nothing) as the
/// name means any tag.
#[derive(Clone, Debug)]
pub struct TagTest {
    pub name: Option<String>,
    test: ValueTest,
}

#[derive(Clone, Debug)]
enum ValueTest {
    Equal(String),
    NotEqual(String),
    Matches(Regex),
    /// The value read as a number is `Less`, `Greater` or either of
    /// them or `Equal` (the set of orderings allowed) than this.
    Number(f64, [bool; 3]),
}

/// A tag value as a number (`2700`, ` 2700 `, `-12.5`).
fn number(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

/// A date or a bound of a date range: the first and the last day it may
/// mean (`2024.??.??` is the whole year), as `yyyymmdd`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DateSpan {
    pub first: u32,
    pub last: u32,
}

/// A PGN date, perhaps partial (`2024.03.??`, `2024.??.??`, `2024`,
/// `2024.03`); `None` when the year is unknown or the text is no date.
pub fn date_span(text: &str) -> Option<DateSpan> {
    let mut parts = text.trim().split(['.', '-', '/']);
    let field = |p: Option<&str>, lo: u32, hi: u32| -> Option<(u32, u32)> {
        match p {
            None => Some((lo, hi)),
            Some(p) if !p.is_empty() && p.bytes().all(|b| b == b'?') => Some((lo, hi)),
            Some(p) if !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()) => {
                let n: u32 = p.parse().ok()?;
                (lo..=hi).contains(&n).then_some((n, n))
            }
            Some(_) => None,
        }
    };
    let year = parts.next().filter(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))?.parse::<u32>().ok()?;
    let (m0, m1) = field(parts.next(), 1, 12)?;
    let (d0, d1) = field(parts.next(), 1, 31)?;
    if parts.next().is_some() {
        return None;
    }
    Some(DateSpan { first: year * 10000 + m0 * 100 + d0, last: year * 10000 + m1 * 100 + d1 })
}

/// Lower case, with the Cyrillic letters that look like Latin ones read as
/// those (А В Е К М Н О Р С Т Х У and а е о р с у х к, Ukrainian і ї ј ѕ).
pub fn fold(text: &str) -> String {
    text.chars().flat_map(char::to_lowercase).map(lookalike).collect()
}

fn lookalike(c: char) -> char {
    match c {
        'а' => 'a',
        'в' => 'b',
        'е' | 'ё' => 'e',
        'к' => 'k',
        'м' => 'm',
        'н' => 'h',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'т' => 't',
        'у' => 'y',
        'х' => 'x',
        'і' | 'ї' => 'i',
        'ј' => 'j',
        'ѕ' => 's',
        'А' => 'A',
        'В' => 'B',
        'Е' | 'Ё' => 'E',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' => 'O',
        'Р' => 'P',
        'С' => 'C',
        'Т' => 'T',
        'У' => 'Y',
        'Х' => 'X',
        'І' | 'Ї' => 'I',
        'Ј' => 'J',
        'Ѕ' => 'S',
        c => c,
    }
}

impl TagTest {
    /// Parses `NAME=VALUE` or `NAME~REGEX`; `fold` compares folded values
    /// (for a regex: case-insensitive, look-alikes read as Latin).
    pub fn parse(spec: &str, fold_values: bool) -> Result<TagTest, String> {
        let bad =
            || format!("--tag {spec:?}: write NAME=VALUE, NAME~REGEX, NAME!=VALUE or NAME<N (<= > >= on numbers)");
        let at = spec.find(['=', '~', '<', '>', '!']).ok_or_else(bad)?;
        let (name, rest) = spec.split_at(at);
        let ops = ["<=", ">=", "!=", "<", ">", "=", "~"];
        let op = ops.into_iter().find(|o| rest.starts_with(o)).ok_or_else(bad)?;
        let value = rest.get(op.len()..).unwrap_or_default();
        let name = match name.trim() {
            "" | "*" => None,
            n => Some(n.to_string()),
        };
        let folded = |v: &str| if fold_values { fold(v) } else { v.to_string() };
        let test = match op {
            "=" => ValueTest::Equal(folded(value)),
            "!=" => ValueTest::NotEqual(folded(value)),
            "~" => {
                let pattern = if fold_values {
                    format!("(?i){}", value.chars().map(lookalike).collect::<String>())
                } else {
                    value.to_string()
                };
                ValueTest::Matches(Regex::new(&pattern).map_err(|e| format!("--tag {spec:?}: {e}"))?)
            }
            _ => {
                let n = number(value).ok_or_else(|| format!("--tag {spec:?}: {value:?} is not a number"))?;
                let allowed = match op {
                    "<" => [true, false, false],
                    "<=" => [true, true, false],
                    ">" => [false, false, true],
                    _ => [false, true, true],
                };
                ValueTest::Number(n, allowed)
            }
        };
        Ok(TagTest { name, test })
    }

    fn matches_value(&self, value: &str, folded: bool) -> bool {
        let value = if folded { std::borrow::Cow::Owned(fold(value)) } else { std::borrow::Cow::Borrowed(value) };
        match &self.test {
            ValueTest::Equal(v) => *v == *value,
            ValueTest::NotEqual(v) => *v != *value,
            ValueTest::Matches(r) => r.is_match(&value),
            ValueTest::Number(n, allowed) => number(&value)
                .and_then(|x| x.partial_cmp(n))
                .is_some_and(|o| allowed.get((o as i8 + 1) as usize).copied().unwrap_or(false)),
        }
    }
}

/// Every criterion of `filter`.
#[derive(Clone, Default)]
pub struct Criteria {
    pub tags: Vec<TagTest>,
    /// Whether tag values are folded.
    pub fold: bool,
    /// Games of this variant only (games without a Variant tag read as it).
    pub variant: Option<Variant>,
    /// Result tag values, one of which the game's must be.
    pub results: Vec<String>,
    pub plies: Option<(u32, u32)>,
    pub date: Option<(Option<DateSpan>, Option<DateSpan>)>,
    /// `Some(true)`: valid games only; `Some(false)`: invalid only.
    pub valid: Option<bool>,
    /// The board a main-line position must have, in each variant it reads in.
    pub reaches: Vec<(Variant, Board)>,
    pub has: Vec<Feature>,
    /// How the board ends the main line: one of these.
    pub ends: Vec<Ending>,
    /// Material balances and board patterns the main line must show.
    pub board: BoardCriteria,
    /// Move sequences the main line must play (each of them).
    pub sequences: Vec<Sequence>,
    /// `|WhiteElo - BlackElo|` lies in this range.
    pub elo_diff: Option<(u32, u32)>,
    /// The game was won by the higher-rated (`Some(true)`) or the
    /// lower-rated player (`Some(false)`).
    pub winner_higher: Option<bool>,
    pub not: bool,
}

/// `MIN..MAX`, either side may be left out.
pub fn parse_range(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("{text:?}: write MIN..MAX (either may be left out) or a number");
    let Some((lo, hi)) = text.split_once("..") else {
        let n = text.trim().parse().map_err(|_| bad())?;
        return Ok((n, n));
    };
    let lo = if lo.trim().is_empty() { 0 } else { lo.trim().parse().map_err(|_| bad())? };
    let hi = if hi.trim().is_empty() { u32::MAX } else { hi.trim().parse().map_err(|_| bad())? };
    if lo > hi {
        return Err(format!("{text:?}: the range is empty ({lo} is above {hi}), no game can match"));
    }
    Ok((lo, hi))
}

/// `FROM..TO` of partial PGN dates, either side may be left out; one date
/// alone means that date (`2024` the whole year).
pub fn parse_date_range(text: &str) -> Result<(Option<DateSpan>, Option<DateSpan>), String> {
    let one = |t: &str| -> Result<Option<DateSpan>, String> {
        if t.trim().is_empty() {
            return Ok(None);
        }
        date_span(t)
            .map(Some)
            .ok_or_else(|| format!("{t:?}: not a PGN date (YYYY, YYYY.MM, YYYY.MM.DD, ?? for unknown)"))
    };
    match text.split_once("..") {
        Some((a, b)) => {
            let (from, to) = (one(a)?, one(b)?);
            if let (Some(f), Some(t)) = (from, to) {
                if f.first > t.last {
                    return Err(format!("{text:?}: the range is empty ({a} is after {b}), no game can match"));
                }
            }
            Ok((from, to))
        }
        None => {
            let d = one(text)?;
            Ok((d, d))
        }
    }
}

/// The boards of `fen` (a whole FEN, or only its board part) in every
/// variant it reads in; or, when it is a line of moves (`1. e4 c5`), the
/// boards it reaches in `variant` (or in every variant it replays in).
pub fn reach_boards(fen: &str, variant: Option<Variant>) -> Result<Vec<(Variant, Board)>, String> {
    let fen = fen.trim();
    if Line::looks_like_moves(fen) {
        let lines = Line::in_variants(variant, fen).map_err(|e| format!("--reaches: {e}"))?;
        return Ok(lines.into_iter().map(|l| (l.variant, l.end.board().clone())).collect());
    }
    let whole = if fen.contains(' ') { fen.to_string() } else { format!("{fen} w - - 0 1") };
    let boards: Vec<(Variant, Board)> = Variant::ALL
        .into_iter()
        .filter_map(|v| Position::from_fen(&whole, v).ok().map(|p| (v, p.board().clone())))
        .collect();
    if boards.is_empty() {
        return Err(format!("--reaches {fen:?}: not a position of any variant"));
    }
    Ok(boards)
}

impl Criteria {
    /// Whether the games must be replayed (the tags alone do not decide).
    pub fn needs_replay(&self) -> bool {
        self.variant.is_some()
            || self.plies.is_some()
            || self.valid.is_some()
            || !self.reaches.is_empty()
            || !self.has.is_empty()
            || !self.ends.is_empty()
            || !self.board.is_empty()
            || !self.sequences.is_empty()
    }

    /// The results asked for that are no result: no game can match them.
    pub fn check_results(results: &[String]) -> Result<(), String> {
        match results.iter().find(|r| Outcome::from_text(r).is_none()) {
            Some(r) => Err(format!("--result {r:?}: not a result (1-0, 0-1, 1/2-1/2, *, or 1:0, ½-½ ...)")),
            None => Ok(()),
        }
    }

    fn elo_match(&self, record: &GameRecord) -> bool {
        if self.elo_diff.is_none() && self.winner_higher.is_none() {
            return true;
        }
        let elo = |name: &str| record.tag(name).and_then(number);
        let (Some(white), Some(black)) = (elo("WhiteElo"), elo("BlackElo")) else { return false };
        let diff = (white - black).abs();
        let in_range = self.elo_diff.is_none_or(|(lo, hi)| (f64::from(lo)..=f64::from(hi)).contains(&diff));
        let winner = match self.winner_higher {
            None => true,
            Some(higher) => {
                let won = record.tag("Result").and_then(Outcome::from_text).or(record.result().map(|(_, o)| o));
                let white_won = match won {
                    Some(Outcome::WhiteWins) => true,
                    Some(Outcome::BlackWins) => false,
                    _ => return false,
                };
                white != black && ((white > black) == white_won) == higher
            }
        };
        in_range && winner
    }

    fn tags_match(&self, record: &GameRecord) -> bool {
        let mut by_name: BTreeMap<Option<&str>, bool> = BTreeMap::new();
        for t in &self.tags {
            let ok = match &t.name {
                Some(name) => record.tag(name).is_some_and(|v| t.matches_value(v, self.fold)),
                None => record.tags.iter().any(|tag| t.matches_value(&tag.value, self.fold)),
            };
            *by_name.entry(t.name.as_deref()).or_default() |= ok;
        }
        by_name.values().all(|&ok| ok)
    }

    fn date_match(&self, record: &GameRecord) -> bool {
        let Some((from, to)) = self.date else { return true };
        let Some(d) = record.tag("Date").and_then(date_span) else { return false };
        from.is_none_or(|f| d.first >= f.first) && to.is_none_or(|t| d.last <= t.last)
    }

    fn replay_match(&self, g: &GameFacts) -> bool {
        self.variant.is_none_or(|v| g.variant == Some(v))
            && self.plies.is_none_or(|(lo, hi)| (lo..=hi).contains(&g.plies))
            && self.valid.is_none_or(|v| g.valid == v)
            && (self.reaches.is_empty() || g.reached)
            && self.has.iter().all(|&f| g.has(f))
            && (self.ends.is_empty() || self.ends.iter().any(|&e| g.ends(e)))
            && g.found
            && g.followed
    }

    fn record_match(&self, record: &GameRecord) -> bool {
        self.tags_match(record)
            && self.date_match(record)
            && (self.results.is_empty() || self.result_match(record))
            && self.elo_match(record)
    }

    /// Whether the game's result is one of `results`, by meaning: `1:0`
    /// matches `1-0`, `½-½` and `1/2` match `1/2-1/2`. The Result tag says
    /// it, or the result token when there is no tag; a value that is no
    /// result matches only as written.
    fn result_match(&self, record: &GameRecord) -> bool {
        let written = match record.tag("Result") {
            Some(r) => r.trim(),
            None => match record.result() {
                Some((_, o)) => o.pgn(),
                None => return false,
            },
        };
        let meaning = Outcome::from_text(written);
        self.results.iter().any(|w| match (meaning, Outcome::from_text(w)) {
            (Some(a), Some(b)) => a == b,
            _ => w.trim() == written,
        })
    }
}

/// The outcome of filtering a chunk: the matching games' places in it, in order.
#[derive(Debug, Default)]
pub struct Filtered {
    pub games: usize,
    pub matched: Vec<std::ops::Range<usize>>,
}

/// Filters the games of `text`, a chunk at game boundaries.
pub fn filter_chunk(text: &str, criteria: &Criteria, options: Options) -> Filtered {
    let claims = criteria.has.contains(&Feature::Repetition)
        || criteria.ends.iter().any(|e| matches!(e, Ending::Repetition | Ending::Claim));
    // Only the board and the reached position asked of the replay: it stops once they are met.
    let stop =
        criteria.plies.is_none() && criteria.valid.is_none() && criteria.has.is_empty() && criteria.ends.is_empty();
    let wanted = Wanted {
        replay: criteria.needs_replay(),
        reaches: &criteria.reaches,
        board: Some(&criteria.board),
        sequences: &criteria.sequences,
        by_position: None,
        claims,
        stop,
    };
    let options = Options { default_variant: criteria.variant.or(options.default_variant), ..options };
    let ChunkGames { games, .. } = chunk_games(text, options, wanted, |r| criteria.record_match(r));
    let matched = games.iter().filter(|g| (g.record_ok && criteria.replay_match(g)) != criteria.not);
    Filtered { games: games.len(), matched: matched.map(|g| g.range.clone()).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_dates_are_spans() {
        assert_eq!(date_span("2024.??.??"), Some(DateSpan { first: 20240101, last: 20241231 }));
        assert_eq!(date_span("2024.03.??"), Some(DateSpan { first: 20240301, last: 20240331 }));
        assert_eq!(date_span("2024.03.15"), Some(DateSpan { first: 20240315, last: 20240315 }));
        assert_eq!(date_span("2024"), date_span("2024.??.??"));
        assert_eq!(date_span("????.??.??"), None);
        assert_eq!(date_span("2024.13.01"), None);
        assert_eq!(parse_date_range("..2010").expect("range").0, None);
    }

    #[test]
    fn folding_reads_lookalikes_as_latin() {
        assert_eq!(fold("КАРПОВ"), "kapпob");
        assert_eq!(fold("Карпов"), fold("KАРПОВ"));
        let t = TagTest::parse("White~Кар", true).expect("tag");
        assert!(t.matches_value("KАРПОВ, A", true));
        let t = TagTest::parse("White~^Кар", false).expect("tag");
        assert!(!t.matches_value("KАРПОВ, A", false));
        assert!(t.matches_value("Карпов", false));
        assert!(TagTest::parse("White~(", false).is_err());
        assert!(TagTest::parse("White", false).is_err());
    }
}
