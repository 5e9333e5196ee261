//! The statistics as one self-contained web page (`stats --html`): a
//! histogram of game lengths, a bar chart for every counted section of the
//! aggregate (results, terminations, castling by stage and wing, promotions
//! by piece and file class, throne pawns, first moves, ...), all inline SVG,
//! then the whole table. The charts are drawn from [`Aggregate::rows`], so a
//! section a variant adds gets its chart. No network, no script; the page
//! is well-formed XML.

use std::fmt::Write as _;

use crate::commands::stats::Aggregate;
use crate::output::diagram::xml;
use crate::output::html::page_head;

/// At most this many bars a chart (the largest counts; first moves have many).
const MAX_BARS: usize = 15;

/// A horizontal bar chart; each bar carries its label and value as data
/// attributes, for a reader of the page.
fn bar_chart(id: &str, title: &str, bars: &[(String, u64)]) -> String {
    let (row, label_w, bar_w) = (22u32, 230u32, 360u32);
    let height = row * bars.len() as u32 + 10;
    let max = bars.iter().map(|(_, v)| *v).max().unwrap_or(0).max(1);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<figure class="chart" id="{id}"><figcaption>{}</figcaption>
<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" viewBox="0 0 {w} {height}" font-family="DejaVu Sans, sans-serif" font-size="12">
"#,
        xml(title),
        w = label_w + bar_w + 70,
    );
    for (i, (label, value)) in bars.iter().enumerate() {
        let y = 5 + row * i as u32;
        let len = (u64::from(bar_w) * value / max) as u32;
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" text-anchor="end">{}</text><rect class="bar" x="{label_w}" y="{}" width="{len}" height="{}" fill="#5b7fb5" data-label="{}" data-value="{value}"/><text x="{}" y="{}">{value}</text>"##,
            label_w - 6,
            y + 15,
            xml(label),
            y + 3,
            row - 6,
            xml(label),
            label_w + len + 5,
            y + 15,
        );
    }
    out.push_str("</svg></figure>\n");
    out
}

/// Game lengths in about 20 bins of equal width (a multiple of 5 plies).
fn length_bins(agg: &Aggregate) -> Vec<(String, u64)> {
    let Some(&max) = agg.plies.keys().next_back() else { return Vec::new() };
    let width = max.div_ceil(20).div_ceil(5).max(1) * 5;
    let mut bins = vec![0u64; (max / width + 1) as usize];
    for (&plies, &count) in &agg.plies {
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
pub fn stats_page(agg: &Aggregate, title: &str) -> String {
    let rows = agg.rows();
    let mut charts = String::new();
    let lengths = length_bins(agg);
    if !lengths.is_empty() {
        charts.push_str(&bar_chart("lengths", "game lengths (plies, valid games)", &lengths));
    }
    // One chart a section of counts, in the table's order.
    let mut sections: Vec<(&str, Vec<(String, u64)>)> = Vec::new();
    for row in rows.iter().filter(|r| !matches!(r.section, "games" | "plies")) {
        let Ok(value) = row.value.parse::<u64>() else { continue };
        match sections.last_mut() {
            Some((section, bars)) if *section == row.section => bars.push((row.key.clone(), value)),
            _ => sections.push((row.section, vec![(row.key.clone(), value)])),
        }
    }
    for (section, mut bars) in sections {
        if bars.len() > MAX_BARS {
            bars.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            bars.truncate(MAX_BARS);
        }
        let id = section.replace(' ', "-");
        charts.push_str(&bar_chart(&id, section, &bars));
    }
    let mut table = String::new();
    for row in &rows {
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
