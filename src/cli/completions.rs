//! `pgn100 completions SHELL`

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Outcome};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 completions bash > ~/.local/share/bash-completion/completions/pgn100\n  \
pgn100 completions zsh > ~/.zfunc/_pgn100\n  pgn100 completions fish > ~/.config/fish/completions/pgn100.fish")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

pub fn run(args: &CompletionsArgs) -> Outcome {
    // The command line without its hidden commands (`man`, for maintainers).
    let full = Cli::command();
    let mut cmd = {
        let visible: Vec<clap::Command> = full.get_subcommands().filter(|s| !s.is_hide_set()).cloned().collect();
        let mut base = clap::Command::new(full.get_name().to_string());
        for arg in full.get_arguments() {
            base = base.arg(arg.clone());
        }
        base.subcommands(visible)
    };
    // Written whole to a buffer first: clap_complete panics on an error of
    // its writer, and a closed pipe must end quietly.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "pgn100", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
