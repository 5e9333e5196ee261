//! grammar/pgn100.ebnf is normative: every `(* example NAME: TEXT *)` parses
//! as a whole NAME, every `(* not NAME: TEXT *)` does not, every parser
//! production is defined in the grammar under its name, and the examples of
//! docs/notation.md's token table all read.

use pgn100::notation::parse::{production, PRODUCTIONS};
use pgn100::notation::{Item, Reader};

fn grammar() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/pgn100.ebnf")).expect("grammar")
}

/// (positive?, production, text) of every example line.
fn examples(g: &str) -> Vec<(bool, String, String)> {
    let mut out = Vec::new();
    for line in g.lines() {
        let line = line.trim();
        for (prefix, positive) in [("(* example ", true), ("(* not ", false)] {
            if let Some(rest) = line.strip_prefix(prefix).and_then(|r| r.strip_suffix(" *)")) {
                let (name, text) = rest.split_once(": ").expect("NAME: TEXT");
                out.push((positive, name.to_string(), text.to_string()));
            }
        }
    }
    out
}

#[test]
fn every_example_of_the_grammar_parses_by_its_production() {
    let g = grammar();
    let ex = examples(&g);
    assert!(ex.len() > 80, "only {} examples", ex.len());
    for (positive, name, text) in &ex {
        let parsed = production(name, text).unwrap_or_else(|| panic!("no parser production named {name}"));
        assert_eq!(parsed, *positive, "{name}: {text:?}");
    }
}

#[test]
fn every_parser_production_is_defined_in_the_grammar() {
    let g = grammar();
    for name in PRODUCTIONS {
        let defined = g.lines().any(|l| {
            l.split_once('=').is_some_and(|(lhs, _)| lhs.trim() == *name && !l.trim_start().starts_with("(*"))
        });
        assert!(defined, "{name} is parsed but not defined in grammar/pgn100.ebnf");
    }
}

#[test]
fn movetext_constructs_read_as_one_game() {
    let text = "% escape line\n[Event \"x\"]\n\n1. e3-e5 {comment} $1 (1. d3-d5 (1. c3-c5) ) ; line comment\n\
                1... e8-e6!? 2. <p N B> Кh2-g4 1-0\n";
    let items: Vec<Item> = Reader::new(text).collect();
    assert!(matches!(items.as_slice(), [Item::Game(_)]), "{items:?}");
}
