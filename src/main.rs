use std::process::ExitCode;

fn main() -> ExitCode {
    pgn100::cli::run()
}
