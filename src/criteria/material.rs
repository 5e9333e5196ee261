//! Material balances in pgn-extract's language (its `-y` and `-z`):
//! `[STABILITY] SET1 [SET2]`, each set a run of men, each man a letter
//! followed by how many: `R` (one), `R2`, `R2+`, `R2-`, `R*`, `R+`, and
//! against the other set `R=`, `R#`, `R<`, `R>`, `R2<`, `R2>`, `R2<=`,
//! `R2>=`. `L` is a minor piece (bishop or knight). A man not listed is
//! absent; kings are never counted. Without SET2 the other side may have
//! anything.
//!
//! Letters are the variant's FEN letters (either case; `a` is Hundred's
//! prince and Grand's cardinal, `c` the marshal, `t` and `s` Royal's prince
//! and princess) or Russian ones (`Кр Ф Л С К П М Кд Пр Пс`, `п` a pawn).

use crate::rules::{Board, Color, Role, Variant};

/// How a count of men is held to the spec.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Occurs {
    Exactly,
    AtLeast,
    AtMost,
    SameAsOther,
    NotSameAsOther,
    /// At least `n` fewer than the other side.
    Fewer,
    /// At least `n` more.
    More,
    /// Exactly `n` fewer.
    FewerBy,
    /// Exactly `n` more.
    MoreBy,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Count {
    n: i32,
    occurs: Occurs,
}

impl Count {
    const NONE: Count = Count { n: 0, occurs: Occurs::Exactly };
    const ANY: Count = Count { n: 0, occurs: Occurs::AtLeast };

    fn holds(self, mine: i32, theirs: i32) -> bool {
        let n = self.n;
        match self.occurs {
            Occurs::Exactly => mine == n,
            Occurs::AtLeast => mine >= n,
            Occurs::AtMost => mine <= n,
            Occurs::SameAsOther => mine == theirs,
            Occurs::NotSameAsOther => mine != theirs,
            Occurs::Fewer => mine + n <= theirs,
            Occurs::More => mine - n >= theirs,
            Occurs::FewerBy => mine + n == theirs,
            Occurs::MoreBy => mine - n == theirs,
        }
    }

    /// The least count that can hold, when it does not depend on the other side.
    fn least(self) -> i32 {
        match self.occurs {
            Occurs::Exactly | Occurs::AtLeast => self.n,
            _ => 0,
        }
    }
}

/// What a set names a man by: a kind, or a FEN letter whose kind depends
/// on the variant (`a`: Hundred's prince, Grand's cardinal).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Name {
    Role(Role),
    Letter(char),
    Minor,
}

/// One side's set as written: a count per name.
#[derive(Clone, Debug, Default)]
struct WrittenSet {
    counts: Vec<(Name, Count)>,
}

/// One side's set in one variant: a count per kind, and for minor pieces.
#[derive(Copy, Clone, Debug)]
struct Set {
    counts: [Count; Role::COUNT],
    minor: Option<Count>,
}

impl Set {
    const ANY: Set = Set { counts: [Count::ANY; Role::COUNT], minor: None };
}

/// A material balance to look for: `sets[0]` for one side, `sets[1]` for
/// the other, per variant (the FEN letters mean different men).
#[derive(Clone, Debug)]
pub struct Material {
    /// How many consecutive positions before a move must hold it.
    pub stability: u32,
    text: String,
    sets: [[Set; 2]; Variant::ALL.len()],
}

/// Men of each kind on the board, by colour.
pub type Counts = [[i32; Role::COUNT]; 2];

/// Counts the men of `board`.
pub fn counts(board: &Board) -> Counts {
    let mut c = [[0; Role::COUNT]; 2];
    for color in Color::ALL {
        let mine = board.by_color(color);
        for role in Role::ALL {
            if let Some(slot) = c.get_mut(color.index()).and_then(|s| s.get_mut(role.index())) {
                *slot = (board.by_role(role) & mine).count() as i32;
            }
        }
    }
    c
}

fn count_of(c: &Counts, color: Color, role: Role) -> i32 {
    c.get(color.index()).and_then(|s| s.get(role.index())).copied().unwrap_or(0)
}

impl Set {
    fn holds(&self, c: &Counts, me: Color) -> bool {
        for role in Role::ALL {
            if role == Role::King || (self.minor.is_some() && matches!(role, Role::Bishop | Role::Knight)) {
                continue;
            }
            let want = self.counts.get(role.index()).copied().unwrap_or(Count::ANY);
            if !want.holds(count_of(c, me, role), count_of(c, !me, role)) {
                return false;
            }
        }
        let minors = |side: Color| count_of(c, side, Role::Bishop) + count_of(c, side, Role::Knight);
        self.minor.is_none_or(|m| m.holds(minors(me), minors(!me)))
    }

    /// Whether the set can still hold later in the game: a kind's count
    /// only falls, but for promotions (and Royal's crownings and queen
    /// restorations, which the prince and princess make).
    fn possible(&self, c: &Counts, me: Color) -> bool {
        let pawns = count_of(c, me, Role::Pawn);
        let spare = pawns + count_of(c, me, Role::Heir) + count_of(c, me, Role::Princess);
        let most = |role: Role| if role == Role::Pawn { pawns } else { count_of(c, me, role) + spare };
        let kinds_ok = Role::ALL.iter().all(|&role| {
            role == Role::King
                || (self.minor.is_some() && matches!(role, Role::Bishop | Role::Knight))
                || self.counts.get(role.index()).is_none_or(|w| most(role) >= w.least())
        });
        kinds_ok
            && self
                .minor
                .is_none_or(|m| count_of(c, me, Role::Bishop) + count_of(c, me, Role::Knight) + spare >= m.least())
    }
}

impl Material {
    /// Whether the balance holds on `c` with `sets[0]` as `first`'s men.
    pub fn holds(&self, variant: Variant, c: &Counts, first: Color) -> bool {
        let [a, b] = self.variant_sets(variant);
        a.holds(c, first) && b.holds(c, !first)
    }

    /// Whether it can still hold, `sets[0]` as `first`'s men.
    pub fn possible(&self, variant: Variant, c: &Counts, first: Color) -> bool {
        let [a, b] = self.variant_sets(variant);
        a.possible(c, first) && b.possible(c, !first)
    }

    fn variant_sets(&self, variant: Variant) -> [Set; 2] {
        let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
        self.sets.get(i).copied().unwrap_or([Set::ANY; 2])
    }

    /// The spec as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Parses one line of the material language.
    pub fn parse(line: &str) -> Result<Material, String> {
        let text = line.trim();
        let bad = |why: &str| format!("material {text:?}: {why}");
        let mut rest = text;
        let (number, after) = split_digits(rest);
        let mut stability = 2;
        if !number.is_empty() && after.starts_with(char::is_whitespace) {
            stability = number.parse().map_err(|_| bad("the stability is too large"))?;
            rest = after.trim_start();
        }
        let mut words = rest.split_whitespace();
        let first = words.next().ok_or_else(|| bad("no men: write SET1 [SET2], as `rp nb`"))?;
        let first = parse_set(first, false).map_err(|e| bad(&e))?;
        let second = words.next().map(|w| parse_set(w, true)).transpose().map_err(|e| bad(&e))?;
        if let Some(extra) = words.next() {
            return Err(bad(&format!("{extra:?} after the two sets")));
        }
        let sets = Variant::ALL.map(|v| {
            let other = match &second {
                Some(s) => s.in_variant(v, Count::NONE),
                None => Set::ANY,
            };
            [first.in_variant(v, Count::NONE), other]
        });
        Ok(Material { stability, text: text.to_string(), sets })
    }
}

impl WrittenSet {
    fn in_variant(&self, variant: Variant, unlisted: Count) -> Set {
        let mut set = Set { counts: [unlisted; Role::COUNT], minor: None };
        for &(name, count) in &self.counts {
            let role = match name {
                Name::Role(r) => Some(r),
                Name::Letter(l) => variant.rules().ok().and_then(|r| r.role_of_letter(l)),
                Name::Minor => {
                    set.minor = Some(count);
                    continue;
                }
            };
            if let Some(slot) = role.and_then(|r| set.counts.get_mut(r.index())) {
                *slot = count;
            }
        }
        set
    }
}

/// The man a set's text starts with, and the text after it.
fn man(text: &str) -> Option<(Name, &str)> {
    const CYRILLIC: [(&str, Role); 10] = [
        ("Кр", Role::King),
        ("Кд", Role::Cardinal),
        ("Пр", Role::Heir),
        ("Пс", Role::Princess),
        ("К", Role::Knight),
        ("Ф", Role::Queen),
        ("Л", Role::Rook),
        ("С", Role::Bishop),
        ("М", Role::Marshal),
        ("П", Role::Prince),
    ];
    if let Some(rest) = text.strip_prefix('п') {
        return Some((Name::Role(Role::Pawn), rest));
    }
    if let Some((rest, role)) = CYRILLIC.iter().find_map(|(w, r)| text.strip_prefix(w).map(|rest| (rest, *r))) {
        return Some((Name::Role(role), rest));
    }
    let c = text.chars().next()?.to_ascii_lowercase();
    let rest = text.get(1..)?;
    match c {
        'l' => Some((Name::Minor, rest)),
        'p' | 'n' | 'b' | 'r' | 'q' | 'k' => Some((Name::Letter(c), rest)),
        'a' | 'c' | 't' | 's' => Some((Name::Letter(c), rest)),
        _ => None,
    }
}

/// The ASCII digits `text` starts with, and the text after them.
fn split_digits(text: &str) -> (&str, &str) {
    let after = text.trim_start_matches(|c: char| c.is_ascii_digit());
    text.split_at_checked(text.len() - after.len()).unwrap_or(("", text))
}

/// How many: `[d](* | + | - | = | # | < | > | <= | >=)?`.
fn count(text: &str, relative: bool) -> Result<(Count, &str), String> {
    let (digits, rest) = split_digits(text);
    let n: i32 = if digits.is_empty() { 1 } else { digits.parse().map_err(|_| "a count too large".to_string())? };
    let (occurs, rest, n) = if let Some(r) = rest.strip_prefix('*') {
        (Occurs::AtLeast, r, 0)
    } else if let Some(r) = rest.strip_prefix('+') {
        (Occurs::AtLeast, r, n)
    } else if let Some(r) = rest.strip_prefix('-') {
        (Occurs::AtMost, r, n)
    } else if let Some(r) = rest.strip_prefix('?') {
        (Occurs::AtMost, r, 1)
    } else if let Some(r) = rest.strip_prefix('=') {
        (Occurs::SameAsOther, r, n)
    } else if let Some(r) = rest.strip_prefix('#') {
        (Occurs::NotSameAsOther, r, n)
    } else if let Some(r) = rest.strip_prefix("<=") {
        (Occurs::FewerBy, r, n)
    } else if let Some(r) = rest.strip_prefix(">=") {
        (Occurs::MoreBy, r, n)
    } else if let Some(r) = rest.strip_prefix('<') {
        (Occurs::Fewer, r, n)
    } else if let Some(r) = rest.strip_prefix('>') {
        (Occurs::More, r, n)
    } else {
        (Occurs::Exactly, rest, n)
    };
    let is_relative = !matches!(occurs, Occurs::Exactly | Occurs::AtLeast | Occurs::AtMost);
    if is_relative && !relative {
        return Err("a count against the other side (= # < > <= >=) belongs in the second set".to_string());
    }
    Ok((Count { n, occurs }, rest))
}

fn parse_set(word: &str, relative: bool) -> Result<WrittenSet, String> {
    let mut set = WrittenSet::default();
    let mut rest = word;
    while !rest.is_empty() {
        let (name, after) = man(rest)
            .ok_or_else(|| format!("{rest:?}: not a man (K Q R B N P A C T S, L a minor piece, or Russian)"))?;
        let (c, after) = count(after, relative)?;
        set.counts.push((name, c));
        rest = after;
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantPosition;

    fn start(v: Variant) -> Counts {
        counts(VariantPosition::start(v).expect("start").board())
    }

    #[test]
    fn the_start_of_chess_is_its_full_set() {
        let full = Material::parse("QR2B2N2P8 QR2B2N2P8").expect("spec");
        assert!(full.holds(Variant::Chess, &start(Variant::Chess), Color::White));
        let same = Material::parse("q*r*b*n*p* q=r=b=n=p=").expect("spec");
        assert!(same.holds(Variant::Chess, &start(Variant::Chess), Color::Black));
        let minor = Material::parse("qr2l4p8").expect("spec");
        assert!(minor.holds(Variant::Chess, &start(Variant::Chess), Color::White));
        assert!(!Material::parse("rp nb").expect("spec").holds(Variant::Chess, &start(Variant::Chess), Color::White));
    }

    #[test]
    fn letters_follow_the_variant() {
        let hundred = start(Variant::Hundred);
        let prince = Material::parse("aq2r4b6n6p10 a=q=r=b=n=p=").expect("spec");
        assert!(prince.holds(Variant::Hundred, &hundred, Color::White));
        let russian = Material::parse("ПФ2Л4С6К6п10 П=Ф=Л=С=К=п=").expect("spec");
        assert!(russian.holds(Variant::Hundred, &hundred, Color::Black));
        assert!(!russian.holds(Variant::Grand, &start(Variant::Grand), Color::Black));
        assert!(russian.holds(Variant::Hundred, &hundred, Color::White));
        assert_eq!(Material::parse("10 rp").expect("spec").stability, 10);
        assert!(Material::parse("r= p").is_err());
        assert!(Material::parse("rx").is_err());
        assert!(Material::parse("").is_err());
    }

    #[test]
    fn counts_that_cannot_return_end_the_search() {
        let two_queens = Material::parse("q2 q2").expect("spec");
        let mut c = start(Variant::Chess);
        assert!(two_queens.possible(Variant::Chess, &c, Color::White));
        c[0][Role::Pawn.index()] = 0;
        assert!(!two_queens.possible(Variant::Chess, &c, Color::White));
    }
}
