#!/usr/bin/env bash
# Builds the Python package in a fresh virtual environment and runs its
# tests (called by .ci/run after `cargo test --release`, whose
# target/release/pgn100 the tests compare with). The pgn100 library built
# by that step is reused: the package's crate shares the target directory
# and the release profile.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
cargo fmt --manifest-path python/Cargo.toml --check
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet "maturin>=1.5,<2" pytest chess pandas pyffish
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
# The offline route of docs/python.md: maturin (installed above) builds the
# package without an isolated environment and without the index; the
# backend runs the `maturin` on PATH.
PATH="$venv/bin:$PATH" "$venv/bin/pip" install --quiet --no-index --no-build-isolation ./python
PGN100_BIN="$CARGO_TARGET_DIR/release/pgn100" "$venv/bin/python" -m pytest -q python/tests
