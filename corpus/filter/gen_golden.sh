#!/bin/sh
# Writes golden/NAME.tsv for each query of queries.txt: the games of the
# chess files below (filter/sesse_stalemates.pgn: the 57 games of the Sesse
# broadcasts that end in stalemate, which the other files lack) that pgn-extract 19.04 (Debian's pgn-extract) selects,
# one line each: Event, Site, White, Black (tab-separated), in the
# order of the files and games. tests/suite/filter_golden.rs holds
# `pgn100 filter --variant chess` to these answers.
# Run from the repository root: sh corpus/filter/gen_golden.sh
set -eu
PE=${PGN_EXTRACT:-/usr/games/pgn-extract}
FILES="chess/twic_sample_232games_mliebelt.pgn chess/lichess_db_2013-01_first32_mliebelt.pgn
chess/lichess_export_mliebelt_2024-01-03.pgn chess/2024-champions-chess-tour-finals-day5.pgn
chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn
chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn chess/glyphs_nags_results.pgn
filter/sesse_stalemates.pgn"
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
            reaches) printf '%s\n' "$spec" > "$tmp/q"; set -- "-x$tmp/q" ;;
            moves) printf '%s\n' "$spec" > "$tmp/q"; set -- -P "-v$tmp/q" ;;
        esac
        "$PE" -s "$@" "corpus/$f" 2>/dev/null | keys >> "$out"
    done
    echo "$name: $(wc -l < "$out") games"
done
# dedup --by-position N against pgn-extract --fuzzydepth N, over all the
# files at once: golden/dedup_position_N.tsv the games kept (-D),
# golden/dedup_position_N_copies.tsv the copies (-d).
paths=$(for f in $FILES; do printf 'corpus/%s ' "$f"; done)
for depth in 0 8 20; do
    : > "$tmp/copies.pgn"
    # shellcheck disable=SC2086
    "$PE" -s --fuzzydepth "$depth" "-d$tmp/copies.pgn" $paths 2>/dev/null | keys > "$dir/golden/dedup_position_$depth.tsv"
    keys < "$tmp/copies.pgn" > "$dir/golden/dedup_position_${depth}_copies.tsv"
    rm -f "$tmp/copies.pgn"
    echo "dedup_position_$depth: $(wc -l < "$dir/golden/dedup_position_$depth.tsv") kept, $(wc -l < "$dir/golden/dedup_position_${depth}_copies.tsv") copies"
done
# dedup --against (pgn-extract -c): the games of all the files that are no
# copy of a game of the checked file, nor of an earlier game (-D).
# shellcheck disable=SC2086
"$PE" -s -D -ccorpus/chess/2024-champions-chess-tour-finals-day5.pgn $paths 2>/dev/null | keys > "$dir/golden/dedup_against.tsv"
echo "dedup_against: $(wc -l < "$dir/golden/dedup_against.tsv") kept"
