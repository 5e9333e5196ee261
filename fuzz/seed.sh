#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets under fuzz/corpus/<target>/
# from the repository's corpus/ and from generated games. Run from the
# repository root: bash fuzz/seed.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build -q --release
bin=target/release/pgn100
c=fuzz/corpus
mkdir -p $c/read $c/split $c/validate $c/convert $c/fen $c/gen $c/compressed $c/tools $c/turns $c/pages
rm -f $c/gen/*

# Games of every kind: the corpus, and short generated games in every
# letter set and style (castling, throne pawns, promotions, checks).
cp corpus/valid/*.pgn corpus/invalid/*.pgn corpus/annotate/*.pgn corpus/show/*.pgn $c/gen/ 2>/dev/null || true
for seed in 1 2 3 4 5 6; do
  for letters in cyrillic latin; do
    for style in long short; do
      $bin generate --games 3 --seed $seed --max-plies 120 --letters $letters --style $style \
        -o $c/gen/gen_${seed}_${letters}_${style}.pgn
    done
  done
  $bin generate --variant grand --games 2 --seed $seed --max-plies 120 -o $c/gen/grand_${seed}.pgn
done
# The same games in the legacy encodings.
for e in WINDOWS-1251 KOI8-R CP866; do
  iconv -f UTF-8 -t $e corpus/valid/cyrillic_long_annotated.pgn > $c/gen/enc_$e.pgn
done

for f in $c/gen/*; do
  n=$(basename "$f")
  cp "$f" $c/read/$n
  cp "$f" $c/validate/$n
  cp "$f" $c/convert/$n
  # split: a first byte for the piece size.
  { printf '\x07'; cat "$f"; } > $c/split/$n
done

# fen: a first byte for the variant (even: Hundred, odd: Grand), then a FEN.
python3 - "$c/fen" <<'PY'
import json, sys, re, subprocess, pathlib
out = pathlib.Path(sys.argv[1])
fens = {}
def add(variant, fen):
    fens[(variant, fen)] = None
for name, variant in [("perft_hundred.json", 0), ("perft_grand.json", 1), ("castling_throne_hundred.json", 0)]:
    for rec in json.load(open(f"corpus/oracle/{name}")):
        add(variant, rec["fen"])
for name, variant in [("legal_hundred_sample.jsonl", 0), ("legal_grand_sample.jsonl", 1)]:
    for i, line in enumerate(open(f"corpus/oracle/{name}")):
        if i % 20 == 0:
            add(variant, json.loads(line)["fen"])
# Positions with castling and throne rights, from annotated generated games.
for seed in (1, 2, 3):
    games = subprocess.run(["target/release/pgn100", "generate", "--games", "2", "--seed", str(seed), "--max-plies", "160"],
                           capture_output=True, check=True).stdout
    ann = subprocess.run(["target/release/pgn100", "annotate", "--fen", "-"], input=games, capture_output=True).stdout.decode()
    for i, fen in enumerate(re.findall(r"\{([^{}]*/[^{}]* [wb] [^{}]*)\}", ann)):
        if i % 7 == 0:
            add(0, fen)
for i, (variant, fen) in enumerate(fens):
    (out / f"fen_{i:04}").write_bytes(bytes([variant]) + fen.encode())
print(len(fens), "FEN seeds")
PY
ls $c/read | wc -l

# fen: Dice chess and Royal Chess 100 positions too (variant bytes 4, 5).
for v in 4 5; do
  name=$([ $v = 4 ] && echo dice || echo royal)
  for seed in 1 2 3; do
    $bin generate --variant $name --games 1 --seed $seed --max-plies 40 | $bin annotate --fen - \
      | grep -o '{[^{}]*/[^{}]* [wb] [^{}]*}' | tr -d '{}' | awk 'NR % 5 == 0' \
      | { n=0; while read -r fen; do n=$((n + 1)); printf "\\x0$v%s" "$fen" > $c/fen/${name}_${seed}_$n; done; }
  done
done

# compressed, tools, turns, pages (the kept inputs under tests/fuzzing/
# come from the same script: python3 fuzz/seed_more.py tests/fuzzing few).
PGN100=$bin python3 fuzz/seed_more.py $c all
ls $c/compressed $c/tools $c/turns $c/pages | wc -l
