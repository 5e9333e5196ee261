#!/usr/bin/env python3
"""Reference data for game files in legacy encodings (issue 41), made with
python-chess as make_reference.py makes it, each file opened in its own
encoding (python-chess reads text; the caller names the encoding):

    python3 corpus/oracle/chess/make_legacy_reference.py

Writes, in this folder:
- <stem>.games.jsonl for the Latin-1 and CP437 files of corpus/chess/
  (every game, the fields of make_reference.py);
- gnuchess_book_1.02.valid.json: the number of games of the whole GNU Chess
  book (../shared/chess/, CP437: `\\x81` is ü) and the games python-chess
  finds an error in (1-based), when the book is there.
"""

import json
import os
import sys

import make_reference as ref
import chess.pgn

HERE = ref.HERE
CORPUS = os.path.join(ref.REPO, "corpus", "chess")

# (file of corpus/chess, encoding)
LEGACY = [
    ("sesse_2024-02-03_latin1.pgn", "latin-1"),
    ("gnuchess_book_1.02_games21341-21370_cp437.pgn", "cp437"),
]


def main():
    for name, encoding in LEGACY:
        ref.ENCODING = encoding
        rows, _, _ = ref.process_file(os.path.join(CORPUS, name), 1, True)
        ref.write_jsonl(os.path.join(HERE, name[: -len(".pgn")] + ".games.jsonl"), rows)
    book = os.path.join(ref.find_source(None), "gnuchess_book_1.02.pgn")
    if os.path.exists(book):
        games, invalid = 0, []
        with open(book, encoding="cp437", newline="") as f:
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                games += 1
                if g.errors:
                    invalid.append(games)
        ref.write_json(os.path.join(HERE, "gnuchess_book_1.02.valid.json"),
                       {"games": games, "valid": games - len(invalid), "invalid_games": invalid,
                        "sha256": ref.sha256(book), "encoding": "cp437"})
    else:
        print(f"skipped: {book} is not on this machine", file=sys.stderr)


if __name__ == "__main__":
    main()
