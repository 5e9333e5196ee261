//! `show --html` for a Dice chess game: the page of every other variant
//! ([`crate::output::html`]), one board for the start and for each move
//! of the main line (the one `show --ply` draws), each with its turn's line
//! beneath: the turn, its roll as the record writes it, the dice left.

use std::fmt::Write as _;

use super::show::frames;
use crate::notation::ast::GameRecord;
use crate::output::diagram::xml;
use crate::output::html::{page, Node};
use crate::replay::GameReport;

/// The page of the Dice game `record`, read from `text` and replayed as `report`.
pub fn dice_game_page(record: &GameRecord, text: &str, report: &GameReport) -> String {
    let frames = frames(record, report);
    let mut nodes = Vec::with_capacity(frames.len());
    let mut boards = Vec::with_capacity(frames.len());
    for (k, frame) in frames.iter().enumerate() {
        let last = k + 1 == frames.len();
        nodes.push(Node {
            token: frame.last.map(|p| p.token),
            prev: k.checked_sub(1),
            next: Some(k + 1).filter(|_| !last),
            ..Node::default()
        });
        let mut board = frame.svg(report.letters);
        let line = match frame.turn_parts(record, text) {
            Some([turn, roll, rest]) => {
                format!(r#"{}, roll <span class="roll">{}</span>{}"#, xml(&turn), xml(&roll), xml(&rest))
            }
            None => "the start".to_string(),
        };
        let _ = write!(board, r#"<p class="turn">{line}</p><p class="state">{}</p>"#, xml(&frame.state()));
        boards.push(board);
    }
    page(record, text, &nodes, &boards)
}
