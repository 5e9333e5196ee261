//! The man pages, generated from the same clap definitions as `--help`
//! (clap_mangen), with the sections a user of a command-line tool expects.
//! `pgn100 man --dir man` writes them; tests/suite/man.rs checks the committed ones.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_mangen::Man;
use roff::{bold, roman, Roff};

use super::variants::summary;
use super::{Cli, Outcome};
use crate::diag::Code;
use crate::rules::Variant;

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Where to write pgn100.1 and one page per subcommand.
    #[arg(long, default_value = "man")]
    pub dir: PathBuf,
}

fn section(roff: &mut Roff, title: &str, paragraphs: &[&str]) {
    roff.control("SH", [title]);
    for p in paragraphs {
        roff.control("PP", []).text([roman(*p)]);
    }
}

fn tagged(roff: &mut Roff, tag: &str, text: &str) {
    roff.control("TP", []).text([bold(tag)]).text([roman(text)]);
}

fn extra_sections() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["VARIANTS"]);
    for v in Variant::ALL {
        tagged(&mut roff, v.name(), &format!("{}. Aliases: {}.", summary(v), v.aliases().join(", ")));
    }
    section(
        &mut roff,
        "NOTATION",
        &[
            "Tags as in PGN ([Name \"value\"]); [Variant \"...\"] selects the variant (Hundred when absent), \
[FEN \"...\"] with [SetUp \"1\"] a start position, [ThronePawn \"off\"] switches the throne pawn off, \
[Files \"a-k\"] reads k as the tenth file.",
            "Moves in long form (Лa1-a2, c5:d4, e9-e10Ф) or short form (Кf3, Кbd4, ed5, Nxe5), with Cyrillic \
letters Кр Ф П Л С К (king, queen, prince, rook, bishop, knight) or Latin K Q P R B N; a pawn takes no \
letter. Castling in Hundred: 0-0-0 and 0-0-0-0 (first stage, short and long), then 1 and 1-1 (second \
stage); in Chess and Chess960 O-O and O-O-O (or 0-0, 0-0-0). A null move: -- (or Z0). The throne pawn: Крf8-f9; e3. Marks: + check, ++ double check, # or × mate; glyphs ! ? !! ?? !? ?!; \
NAGs $0..$255; comments { } and ; to the end of the line; variations in ( ). Results 1-0 0-1 1/2-1/2 * \
and the Russian 1:0 0:1 ½:½.",
            "Games are numbered from 1 in their file (--game, the game field of diagnostics and of stats).",
        ],
    );
    roff.control("SH", ["DIAGNOSTICS"]);
    roff.control("PP", []).text([roman(
        "Each problem has a stable code; pgn100 explain CODE shows an example. Errors make a game invalid; \
warnings do not, unless --strict.",
    )]);
    for c in Code::ALL {
        tagged(&mut roff, &c.to_string(), &format!("({:?}) {}", c.severity(), c.summary()));
    }
    exit_status(&mut roff, None);
    json_fields(&mut roff);
    roff.control("SH", ["ENVIRONMENT"]);
    tagged(&mut roff, "NO_COLOR", "When set and not empty, no colour is used unless --color always.");
    roff.control("SH", ["FILES"]);
    roff.control("PP", []).text([roman(
        "Arguments may be files, directories (walked for *.pgn and *.txt) or - for standard input. Files \
may be UTF-8 (with or without BOM), Windows-1251, KOI8-R or CP866; the encoding is detected and \
reported when it is not UTF-8 (--encoding overrides).",
    )]);
    roff.control("SH", ["EXAMPLES"]);
    for (cmd, what) in [
        ("pgn100 validate games.pgn", "Check every game of a file."),
        ("pgn100 validate --strict --format json corpus/ > problems.jsonl", "Check a tree of files, for a script."),
        ("pgn100 explain illegal_castling", "What a diagnostic code means, with an example."),
        ("pgn100 perft --divide 2", "Count moves from the set-up, by first move."),
        ("pgn100 completions bash > /etc/bash_completion.d/pgn100", "Install completions."),
    ] {
        tagged(&mut roff, cmd, what);
    }
    see_also(&mut roff, None);
    roff
}

/// EXIT STATUS, for the whole program or one command.
fn exit_status(roff: &mut Roff, command: Option<&str>) {
    roff.control("SH", ["EXIT STATUS"]);
    let one = match command {
        Some("validate") => "At least one game is invalid (under --strict: a warning, or no game found).",
        Some("convert" | "annotate") => "At least one game does not validate (it is copied unchanged, or dropped).",
        Some("stats") => "At least one game is invalid.",
        Some("moves") => "At least one game is invalid: its rows stop where its replay stops.",
        Some("show") => "The game is invalid: the position shown is where its replay stops.",
        Some("filter") => "No game matched.",
        Some("dedup") => "Copies were found.",
        Some(_) => "",
        None => "Problems found: at least one game is invalid.",
    };
    let reads = matches!(
        command,
        None | Some("validate" | "convert" | "annotate" | "stats" | "moves" | "filter" | "dedup" | "split" | "tree")
    );
    // One rule for damaged inputs, the reading driver's (input::driver::Run).
    let damaged = "An input was damaged or could not be read (a truncated or corrupt compressed file or zip \
archive, binary data, a file that cannot be opened), or a game was not read (larger than --max-game-size, or cut \
by the damage): each is reported with its place, every other game is read, and an output file holds them all.";
    let one = match (one.is_empty(), reads) {
        (true, false) => String::new(),
        (true, true) => damaged.to_string(),
        (false, true) => format!(
            "{one} Also: {}{}",
            damaged.get(..1).unwrap_or_default().to_lowercase(),
            damaged.get(1..).unwrap_or_default()
        ),
        (false, false) => one.to_string(),
    };
    tagged(roff, "0", "Success.");
    if !one.is_empty() {
        tagged(roff, "1", &one);
    }
    let two = match reads {
        true => "Usage error, a path that names nothing, no input could be opened at all, or an output could not be written.",
        false => "Usage error, or a file could not be read or written.",
    };
    tagged(roff, "2", two);
    roff.control("PP", []).text([roman("A closed output pipe ends the program quietly with status 0.")]);
}

/// The fields of `validate --format json`.
fn json_fields(roff: &mut Roff) {
    roff.control("SH", ["JSON OUTPUT"]);
    roff.control("PP", []).text([roman(
        "validate --format json writes one JSON object per diagnostic, one per line, and the summary on \
standard error. The fields:",
    )]);
    for (field, what) in [
        ("code", "The diagnostic code, pgn100::name (pgn100 explain name)."),
        ("severity", "error, warning or advice."),
        ("message", "What is wrong."),
        ("help", "What would be right, or null."),
        ("file", "The file's name as given (<stdin> for standard input)."),
        ("line, column", "Where, from 1; columns count characters."),
        ("offset, length", "Where, in bytes of the text as read (UTF-8)."),
        ("game", "The game's number in its file, from 1, or null for text outside games."),
        ("ply", "The ply of the move, from 1, or null."),
    ] {
        tagged(roff, field, what);
    }
}

/// SEE ALSO: every other page.
fn see_also(roff: &mut Roff, this: Option<&str>) {
    let names: Vec<String> = std::iter::once("pgn100".to_string())
        .chain(
            Cli::command().get_subcommands().filter(|s| !s.is_hide_set()).map(|s| format!("pgn100-{}", s.get_name())),
        )
        .filter(|n| Some(n.as_str()) != this)
        .map(|n| format!("{n}(1)"))
        .collect();
    roff.control("SH", ["SEE ALSO"]);
    roff.control("PP", []).text([roman(names.join(", "))]);
}

/// The sections of a command's page after its options: its examples (the
/// help's), exit status, JSON fields (validate) and the other pages.
fn command_sections(sub: &clap::Command) -> Roff {
    let mut roff = Roff::new();
    let name = sub.get_name();
    let examples = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
    let lines: Vec<&str> = examples.lines().filter(|l| l.starts_with("  ")).map(str::trim).collect();
    if !lines.is_empty() {
        roff.control("SH", ["EXAMPLES"]);
        for line in lines {
            roff.control("PP", []).text([bold(line)]);
        }
    }
    exit_status(&mut roff, Some(name));
    if name == "validate" {
        json_fields(&mut roff);
    }
    see_also(&mut roff, Some(&format!("pgn100-{name}")));
    roff
}

/// Every man page: (file name, contents).
pub fn pages() -> Vec<(String, String)> {
    let cmd = Cli::command();
    let mut out = Vec::new();
    let man = Man::new(cmd.clone()).date("2026-11-29");
    let mut main = Vec::new();
    let rendered = (|| -> std::io::Result<()> {
        man.render_title(&mut main)?;
        man.render_name_section(&mut main)?;
        man.render_synopsis_section(&mut main)?;
        man.render_description_section(&mut main)?;
        man.render_options_section(&mut main)?;
        man.render_subcommands_section(&mut main)?;
        extra_sections().to_writer(&mut main)?;
        man.render_version_section(&mut main)
    })();
    if rendered.is_ok() {
        out.push(("pgn100.1".to_string(), String::from_utf8_lossy(&main).into_owned()));
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("pgn100-{}", sub.get_name());
        let extra = command_sections(sub);
        let sub = sub
            .clone()
            .name(name.clone())
            .bin_name(format!("pgn100 {}", sub.get_name()))
            .version(env!("CARGO_PKG_VERSION"));
        let man = Man::new(sub).date("2026-11-29");
        let mut page = Vec::new();
        let rendered = (|| -> std::io::Result<()> {
            man.render_title(&mut page)?;
            man.render_name_section(&mut page)?;
            man.render_synopsis_section(&mut page)?;
            man.render_description_section(&mut page)?;
            man.render_options_section(&mut page)?;
            extra.to_writer(&mut page)?;
            man.render_version_section(&mut page)
        })();
        if rendered.is_ok() {
            out.push((format!("{name}.1"), String::from_utf8_lossy(&page).into_owned()));
        }
    }
    out
}

pub fn run(args: &ManArgs) -> Outcome {
    std::fs::create_dir_all(&args.dir)?;
    for (name, text) in pages() {
        let path = args.dir.join(&name);
        let tmp = args.dir.join(format!(".{name}.tmp"));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
