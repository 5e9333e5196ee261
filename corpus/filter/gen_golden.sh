#!/bin/sh
# Writes golden/NAME.tsv for each query of queries.txt: the games of the
# chess files below that pgn-extract 19.04 (Debian's pgn-extract) selects,
# one line each: Event, Site, White, Black (tab-separated), in the
# order of the files and games. tests/suite/filter_golden.rs holds
# `pgn100 filter --variant chess` to these answers.
# Run from the repository root: sh corpus/filter/gen_golden.sh
set -eu
PE=${PGN_EXTRACT:-/usr/games/pgn-extract}
FILES="twic_sample_232games_mliebelt.pgn lichess_db_2013-01_first32_mliebelt.pgn
lichess_export_mliebelt_2024-01-03.pgn 2024-champions-chess-tour-finals-day5.pgn
2024-champions-chess-tour-finals-semi-finals-day4.pgn
2024-champions-chess-tour-finals-round-robin-stage-day3.pgn glyphs_nags_results.pgn"
dir=corpus/filter
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dir/golden"
keys() {
    awk -F'"' '
        /^\[Event /{e=$2; s="?"; w="?"; b="?"} /^\[Site /{s=$2} /^\[White /{w=$2} /^\[Black /{b=$2}
        /^\[Result /{printf "%s\t%s\t%s\t%s\n", e, s, w, b}'
}
grep -v '^#' "$dir/queries.txt" | while IFS='	' read -r name kind spec; do
    out="$dir/golden/$name.tsv"
    : > "$out"
    for f in $FILES; do
        case $kind in
            material) printf '%s\n' "$spec" > "$tmp/q"; set -- "-z$tmp/q" ;;
            material-white) printf '%s\n' "$spec" > "$tmp/q"; set -- "-y$tmp/q" ;;
            pattern) set -- "-Tf$spec" ;;
            pattern-either) printf 'FENPatternI "%s"\n' "$spec" > "$tmp/q"; set -- "-t$tmp/q" ;;
            tag) printf '%s\n' "$spec" > "$tmp/q"; set -- "-t$tmp/q" ;;
            flag) set -- "${spec%%|*}" ;;
        esac
        "$PE" -s "$@" "corpus/chess/$f" 2>/dev/null | keys >> "$out"
    done
    echo "$name: $(wc -l < "$out") games"
done
