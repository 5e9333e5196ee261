//! `pgn100 completions SHELL`

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
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "pgn100", &mut std::io::stdout().lock());
    Ok(ExitCode::SUCCESS)
}
