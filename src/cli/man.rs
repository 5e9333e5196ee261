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
stage). The throne pawn: Крf8-f9; e3. Marks: + check, ++ double check, # or × mate; glyphs ! ? !! ?? !? ?!; \
NAGs $0..$255; comments { } and ; to the end of the line; variations in ( ). Results 1-0 0-1 1/2-1/2 * \
and the Russian 1:0 0:1 ½:½.",
            "The full grammar is grammar/pgn100.ebnf in the source tree.",
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
    roff.control("SH", ["EXIT STATUS"]);
    tagged(&mut roff, "0", "Success: every game is valid.");
    tagged(&mut roff, "1", "Problems found: at least one game is invalid.");
    tagged(&mut roff, "2", "Usage error, or a file could not be read.");
    roff.control("PP", []).text([roman("A closed output pipe ends the program quietly with status 0.")]);
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
    roff.control("SH", ["SEE ALSO"]);
    roff.control("PP", []).text([roman(
        "pgn100-validate(1), pgn100-perft(1), pgn100-variants(1), pgn100-explain(1), pgn100-completions(1)",
    )]);
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
        let sub = sub.clone().name(name.clone()).bin_name(format!("pgn100 {}", sub.get_name()));
        let mut page = Vec::new();
        if Man::new(sub).date("2026-11-29").render(&mut page).is_ok() {
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
