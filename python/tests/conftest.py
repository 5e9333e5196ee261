"""Fixtures: the repository's corpus and the pgn100 command built by
`cargo build --release` (or named by PGN100_BIN), whose output the package
must give."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


def cli_path() -> pathlib.Path:
    named = os.environ.get("PGN100_BIN")
    if named:
        return pathlib.Path(named)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "pgn100"


@pytest.fixture(scope="session")
def cli():
    """Runs the pgn100 command: cli(args, input=None) -> CompletedProcess."""
    path = cli_path()
    if not path.exists():
        pytest.fail(f"{path} not found: run `cargo build --release` first (or set PGN100_BIN)")

    def run(*args, input=None):
        return subprocess.run(
            [str(path), "--color", "never", *map(str, args)],
            input=input,
            capture_output=True,
            cwd=ROOT,
        )

    return run


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
