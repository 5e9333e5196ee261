#!/usr/bin/env python3
"""Replays every game of a book-form file (classics_book_form.pgn) with
python-chess, independently of pgn100, and writes one JSON line per game:
its number, the line of its heading, the heading, the plies, the final FEN,
and the captures written with `-`.

The moves are Russian long notation (Кр Ф Л С К, from-square, `-` or `:`,
to-square; 0-0, 0-0-0): each is checked to be legal, to move the man its
letter names, and to capture exactly when it says `:` (a `-` capture is
counted, as books print them). Usage:

    pip install chess
    python3 final_fens.py classics_book_form.pgn > classics_book_form.fens.jsonl
"""
import json
import re
import sys

import chess

LETTERS = {"Кр": chess.KING, "Ф": chess.QUEEN, "Л": chess.ROOK, "С": chess.BISHOP, "К": chess.KNIGHT, "": chess.PAWN}
MOVE = re.compile(r"^(Кр|Ф|Л|С|К)?([a-h][1-8])([-:])([a-h][1-8])(Ф|Л|С|К)?[+×#]*$")
NUMBER = re.compile(r"^\d+\.")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def paragraphs(lines):
    """(line number of the first line, lines) of each paragraph."""
    start, block = None, []
    for n, line in enumerate(lines, 1):
        if line.strip():
            if start is None:
                start = n
            block.append(line.rstrip("\n"))
        elif block:
            yield start, block
            start, block = None, []
    if block:
        yield start, block


def replay(text):
    board = chess.Board()
    dashed = 0
    for word in text.replace(",", " ").split():
        word = NUMBER.sub("", word)
        if not word or word in RESULTS:
            continue
        word = word.rstrip(".")
        if word.rstrip("+×#") in ("0-0", "0-0-0"):
            side = chess.G1 if word.rstrip("+×#") == "0-0" else chess.C1
            if board.turn == chess.BLACK:
                side = chess.square_mirror(side)
            king = board.king(board.turn)
            move = chess.Move(king, side)
            assert board.is_castling(move), word
        else:
            m = MOVE.match(word)
            assert m, f"not a long move: {word!r}"
            letter, frm, sep, to, promo = m.groups()
            move = chess.Move(chess.parse_square(frm), chess.parse_square(to),
                              LETTERS[promo] if promo else None)
            piece = board.piece_at(move.from_square)
            assert piece and piece.color == board.turn and piece.piece_type == LETTERS[letter or ""], word
            if board.is_capture(move) != (sep == ":"):
                assert sep == "-", f"{word}: `:` on a move that takes nothing"
                dashed += 1
        assert move in board.legal_moves, f"illegal: {word} in {board.fen()}"
        board.push(move)
    return board, dashed


def main(path):
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    for game, (line, block) in enumerate(paragraphs(lines), 1):
        heading = block[0][1:].strip() if block[0].startswith(";") else None
        moves = " ".join(b for b in block if not b.startswith(";"))
        board, dashed = replay(moves)
        print(json.dumps({"game": game, "line": line, "heading": heading, "plies": len(board.move_stack),
                          "final_fen": board.fen(), "captures_written_with_dash": dashed}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
