//! The statistics as one self-contained web page (`stats --html`): a
//! histogram of game lengths, a bar chart for every counted section of the
//! aggregate (results, terminations, castling by stage and wing, promotions
//! by piece and file class, throne pawns, first moves, ...), as HTML tables,
//! then the whole table. The charts are drawn from the aggregate's rows
//! ([`StatsFigures::rows`]), so a section a variant adds gets its chart. No network, no script; the page
//! is well-formed XML.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::output::diagram::xml;
use crate::output::page::page_head;

/// One line of the aggregate: a number (empty when there is none) and, for
/// counts of games, their share of the valid games.
#[derive(Clone, Debug, PartialEq)]
pub struct StatRow {
    pub section: &'static str,
    pub key: String,
    pub value: String,
    /// Percent of the valid games.
    pub percent: Option<f64>,
}

/// What the page draws, as `stats` fills it from its aggregate.
#[derive(Clone, Debug)]
pub struct StatsFigures<'a> {
    pub games: u64,
    pub valid: u64,
    pub invalid: u64,
    pub files: u64,
    /// Valid games by their length in plies.
    pub plies: &'a BTreeMap<u32, u64>,
    /// The aggregate's lines, in its table's order.
    pub rows: Vec<StatRow>,
    /// Dice chess's turns, dice and kings, when Dice games were counted.
    pub dice: Option<DiceFigures>,
}

/// The counts of Dice chess games the page charts.
#[derive(Clone, Debug)]
pub struct DiceFigures {
    /// Valid Dice games.
    pub games: u64,
    pub turns: u64,
    /// Turns of 0, 1, 2 and 3 moves.
    pub moves_per_turn: [u64; 4],
    /// Turns where the maximum-moves rule forced a choice.
    pub forced_turns: u64,
    /// Dice left unspent at the end of a turn.
    pub dice_unused: u64,
    /// Kings captured by White, by Black.
    pub king_captures: [u64; 2],
    pub king_captures_with_dice_left: u64,
}

/// A chart's bars: label and count.
type Bars = Vec<(String, u64)>;

/// At most this many bars a chart (the largest counts; first moves have many).
const MAX_BARS: usize = 15;

/// What a chart's full width stands for: a whole the bars are parts of (the
/// valid games, a Dice game's turns or dice), or for counts of things with
/// no such whole, the chart's largest count rounded up to 1, 2 or 5 times a
/// power of ten, so that a lone count of 7 fills 70 %, not all, of a scale
/// the caption states.
#[derive(Clone, Debug, PartialEq)]
enum Scale {
    Of(u64, String),
    Counts(u64),
}

impl Scale {
    fn counts(bars: &[(String, u64)]) -> Scale {
        let max = bars.iter().map(|(_, v)| *v).max().unwrap_or(0).max(1);
        let mut step = 1u64;
        loop {
            for m in [1, 2, 5] {
                if step.saturating_mul(m) >= max {
                    return Scale::Counts(step.saturating_mul(m));
                }
            }
            step = step.saturating_mul(10);
        }
    }
    fn whole(&self) -> u64 {
        match self {
            Scale::Of(n, _) | Scale::Counts(n) => (*n).max(1),
        }
    }
    fn caption(&self) -> String {
        match self {
            Scale::Of(n, what) => format!("full width: all {n} {what}"),
            Scale::Counts(n) => format!("full width: {n}"),
        }
    }
}

/// A horizontal bar chart as a table: each label whole in its own cell,
/// the bar to `scale`, the count (and its share of a whole) beside it.
/// Each bar carries its label and value as data attributes, for a reader
/// of the page.
fn bar_chart(id: &str, title: &str, bars: &[(String, u64)], scale: &Scale) -> String {
    let whole = scale.whole();
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<figure class="chart" id="{id}"><figcaption>{} <span class="scale">({})</span></figcaption>
<table class="bars">
"#,
        xml(title),
        xml(&scale.caption()),
    );
    for (label, value) in bars {
        let width = (100.0 * *value as f64 / whole as f64).min(100.0);
        let share = match scale {
            Scale::Of(..) => format!(" ({width:.1} %)"),
            Scale::Counts(_) => String::new(),
        };
        let _ = writeln!(
            out,
            r#"<tr><th>{label}</th><td class="track"><div class="bar" style="width: {width:.2}%" data-label="{label}" data-value="{value}"></div></td><td class="n">{value}{share}</td></tr>"#,
            label = xml(label),
        );
    }
    out.push_str("</table></figure>\n");
    out
}

/// Game lengths in about 20 bins of equal width (a multiple of 5 plies).
fn length_bins(plies: &BTreeMap<u32, u64>) -> Vec<(String, u64)> {
    let Some(&max) = plies.keys().next_back() else { return Vec::new() };
    let width = max.div_ceil(20).div_ceil(5).max(1) * 5;
    let mut bins = vec![0u64; (max / width + 1) as usize];
    for (&plies, &count) in plies {
        if let Some(b) = bins.get_mut((plies / width) as usize) {
            *b += count;
        }
    }
    bins.iter()
        .enumerate()
        .map(|(i, &n)| {
            let lo = i as u32 * width;
            (format!("{lo}–{}", lo + width - 1), n)
        })
        .collect()
}

/// The page. `title` heads it (the files counted, say).
pub fn stats_page(agg: &StatsFigures<'_>, title: &str) -> String {
    let rows = &agg.rows;
    let mut charts = String::new();
    let lengths = length_bins(agg.plies);
    if !lengths.is_empty() {
        charts.push_str(&bar_chart("lengths", "game lengths (plies, valid games)", &lengths, &Scale::counts(&lengths)));
    }
    // One chart a section of counts, in the table's order; a section's
    // shares of the valid games (rows with a percentage) in a chart of their
    // own, to the scale of all valid games. Dice chess's section is drawn
    // from its counts below: turns, dice and games are not comparable.
    let mut sections: Vec<(&str, bool, Bars)> = Vec::new();
    for row in rows.iter().filter(|r| !matches!(r.section, "games" | "plies" | "dice")) {
        let Ok(value) = row.value.parse::<u64>() else { continue };
        let share = row.percent.is_some();
        match sections.iter_mut().rev().find(|(section, s, _)| *section == row.section && *s == share) {
            Some((_, _, bars)) => bars.push((row.key.clone(), value)),
            None => sections.push((row.section, share, vec![(row.key.clone(), value)])),
        }
    }
    let valid_games = Scale::Of(agg.valid, "valid games".to_string());
    for (i, (section, share, mut bars)) in sections.iter().cloned().enumerate() {
        if bars.len() > MAX_BARS {
            bars.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            bars.truncate(MAX_BARS);
        }
        // The section's first chart is named after it, a second `-games`.
        let first = !sections.iter().take(i).any(|(s, _, _)| *s == section);
        let id = section.replace(' ', "-") + if first { "" } else { "-games" };
        let scale = if share { valid_games.clone() } else { Scale::counts(&bars) };
        charts.push_str(&bar_chart(&id, section, &bars, &scale));
    }
    if let Some(d) = &agg.dice {
        let games = d.games;
        let [m0, m1, m2, m3] = d.moves_per_turn;
        let turns = vec![
            ("empty turns".to_string(), m0),
            ("turns of 1 move".to_string(), m1),
            ("turns of 2 moves".to_string(), m2),
            ("turns of 3 moves".to_string(), m3),
            ("turns where the maximum-moves rule forced a choice".to_string(), d.forced_turns),
        ];
        charts.push_str(&bar_chart("dice-turns", "dice: turns", &turns, &Scale::Of(d.turns, "turns".to_string())));
        let dice = vec![("dice unused".to_string(), d.dice_unused)];
        let rolled = Scale::Of(d.turns.saturating_mul(3), "dice rolled".to_string());
        charts.push_str(&bar_chart("dice-dice", "dice: dice", &dice, &rolled));
        let kings = vec![
            ("king captured by white".to_string(), d.king_captures[0]),
            ("king captured by black".to_string(), d.king_captures[1]),
            ("king captured with dice left".to_string(), d.king_captures_with_dice_left),
        ];
        charts.push_str(&bar_chart(
            "dice-games",
            "dice: games",
            &kings,
            &Scale::Of(games, "valid Dice games".to_string()),
        ));
    }
    let mut table = String::new();
    for row in rows {
        let percent = row.percent.map_or_else(String::new, |p| format!("{p:.1} %"));
        let _ = writeln!(
            table,
            "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{percent}</td></tr>",
            xml(row.section),
            xml(&row.key),
            xml(&row.value)
        );
    }
    format!(
        r#"{head}#charts {{ display: flex; flex-wrap: wrap; gap: 1em 2em; }}
figure {{ margin: 0; }}
figcaption {{ font-weight: bold; margin-bottom: 0.3em; }}
figcaption .scale {{ font-weight: normal; color: #666; font-size: 0.85em; }}
table.bars {{ margin-top: 0; font-size: 0.85em; }}
table.bars th {{ text-align: right; font-weight: normal; white-space: nowrap; padding: 0.1em 0.5em 0.1em 0; }}
table.bars td {{ border: none; padding: 0.1em 0.3em; }}
table.bars td.track {{ width: 300px; min-width: 300px; background: #f1f1f1; padding: 0; }}
table.bars .bar {{ height: 14px; background: #5b7fb5; }}
table.bars td.n {{ text-align: left; white-space: nowrap; }}
table {{ border-collapse: collapse; margin-top: 1.5em; }}
td {{ padding: 0.1em 0.8em; border-bottom: 1px solid #ddd; }}
td.n {{ text-align: right; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{games} games, {valid} valid, {invalid} invalid, in {files} file(s).</p>
<div id="charts">
{charts}</div>
<table id="table">
<tr><th>section</th><th>key</th><th>value</th><th>of valid games</th></tr>
{table}</table>
</body>
</html>
"#,
        head = page_head(title),
        title = xml(title),
        games = agg.games,
        valid = agg.valid,
        invalid = agg.invalid,
        files = agg.files,
    )
}
