#!/bin/sh
# Writes pgn-extract 19.04's answers for `convert`'s shaping options
# (tests/suite/convert_shape.rs compares them game by game) into
# corpus/convert/pgn-extract/FILE.CASE. Run from the repository's root:
#   sh corpus/convert/pgn_extract.sh
# The cases are the table CASES of tests/suite/convert_shape.rs.
set -eu
PE=${PGN_EXTRACT:-/usr/games/pgn-extract}
out=corpus/convert/pgn-extract
for file in ../convert/wrong_results ../convert/variations glyphs_nags_results lichess_db_2013-01_first32_mliebelt 2024-champions-chess-tour-finals-day5; do
    in=corpus/chess/$file.pgn
    run() { "$PE" -s "$@" "$in" > "$out/$(basename $file).$case" 2>/dev/null; }
    case=strip; run -C -N -V
    case=plylimit; run -C -N -V --plylimit 11
    case=dropply; run -C -N -V --dropply 7 --nofauxep
    case=notags; run -C -N -V --notags
    case=seven; run -C -N -V -7
    case=nochecks; run -C -N -V --nochecks
    case=nomovenumbers; run -C -N -V --nomovenumbers
    case=noresults; run -C -N -V --noresults
    case=plycount; run -C -N -V --plycount
    case=fixresulttags; run -C -N -V --fixresulttags
    case=splitvariants; run -C -N --splitvariants
    case=uci; run -Wuci
    case=epd; run -Wepd --nofauxep
done
