#!/usr/bin/env python3
"""Reference data for Chess and Chess960 from python-chess (the oracle of
docs/rules.md 3), made once and committed: `python3 corpus/oracle/chess_oracle.py`
(python-chess 1.11.2, `pip install chess`), deterministic (seeded).

Writes, beside this script:
- games_chess.jsonl: random legal games, one a line: `variant` (chess or
  chess960), `start_fen`, `uci` (python-chess's UCI: `e1g1` in Chess, king
  onto rook `e1h1` in Chess960), `fens` (python-chess's FEN after every ply:
  X-FEN castling letters, en passant only when a capture is legal),
  `termination` (python-chess's outcome() at the end: checkmate, stalemate,
  seventyfive_moves, fivefold_repetition; insufficient material is not a
  game end here, see below; `ply_cap` when none), `threefold` (the plies,
  counted from 1, after which python-chess's is_repetition(3) holds: the
  position on the board has stood there three times).
- legal_chess.jsonl: positions of those games, one a line: `variant`, `fen`,
  `moves` (sorted legal UCI moves), `checkmate`, `stalemate`,
  `seventyfive_moves`, `insufficient_material` (python-chess's answers).
- chess960_starts.jsonl: all 960 Chess960 start positions by their number
  (Scharnagl's, python-chess's from_chess960_pos): `id`, `fen` (X-FEN, as
  python-chess writes it), `shredder_fen`, `perft` (depth 1 to 3, counted by
  python-chess).
- perft_chess.json: the published perft numbers (Chess Programming Wiki
  "Perft Results"; Chess960 from the CPW "Chess960 Perft Results" table, as
  Ethereal's fischer.epd has it), each checked here against python-chess to
  depth 3.

pgn100 does not model insufficient material (a dead position), so the games
play on through it; the legal-move file records python-chess's flag.
"""
import json
import os
import random

import chess

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(14)

PERFT = [
    # (name, variant, fen, {depth: nodes}) - published numbers.
    ("start", "chess", chess.STARTING_FEN,
     {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324}),
    ("kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {1: 48, 2: 2039, 3: 97862, 4: 4085603, 5: 193690690}),
    ("position 3", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     {1: 14, 2: 191, 3: 2812, 4: 43238, 5: 674624, 6: 11030083}),
    ("position 4", "chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292}),
    ("position 4 mirrored", "chess", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     {1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292}),
    ("position 5", "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {1: 44, 2: 1486, 3: 62379, 4: 2103487, 5: 89941194}),
    ("position 6", "chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {1: 46, 2: 2079, 3: 89890, 4: 3894594, 5: 164075551}),
    ("960 #1", "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     {1: 21, 2: 528, 3: 12189, 4: 326672, 5: 8146062, 6: 227689589}),
    ("960 #2", "chess960", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
     {1: 21, 2: 807, 3: 18002, 4: 667366, 5: 16253601, 6: 590751109}),
    ("960 #3", "chess960", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
     {1: 20, 2: 479, 3: 10471, 4: 273318, 5: 6417013, 6: 177654692}),
    ("960 #4", "chess960", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
     {4: 382958}),
    ("960 b1qr1krb", "chess960", "b1qr1krb/pp1ppppp/n2n4/8/2p5/2P3P1/PP1PPP1P/BNQRNKRB w GDgd - 0 1",
     {1: 28, 2: 707, 3: 19721, 4: 549506, 5: 15583376}),
]


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def check_perft():
    out = []
    for name, variant, fen, counts in PERFT:
        board = chess.Board(fen, chess960=(variant == "chess960"))
        for d, n in counts.items():
            if d <= 3:
                assert perft(board, d) == n, (name, d)
        # Chess960 start positions: python-chess's own counts (depth 3).
        out.append({"name": name, "variant": variant, "fen": fen,
                    "perft": {str(d): n for d, n in counts.items()}})
    for pos_id in (0, 518, 959, 100, 777):
        board = chess.Board.from_chess960_pos(pos_id)
        board.chess960 = True
        out.append({"name": "960 start %d" % pos_id, "variant": "chess960", "fen": board.fen(),
                    "perft": {str(d): perft(board, d) for d in (1, 2, 3)},
                    "source": "python-chess"})
    return out


def termination(board):
    if board.is_checkmate():
        return "checkmate"
    if not any(board.generate_legal_moves()):
        return "stalemate"
    if board.is_seventyfive_moves():
        return "seventyfive_moves"
    if board.is_fivefold_repetition():
        return "fivefold_repetition"
    return None


def shuffle_pair(board):
    """A quiet piece move whose reverse is legal right after it."""
    quiet = [m for m in board.legal_moves
             if not board.is_capture(m) and board.piece_type_at(m.from_square) in (chess.KNIGHT, chess.BISHOP,
                                                                                chess.ROOK, chess.QUEEN)
             and not board.is_castling(m)]
    rng.shuffle(quiet)
    return quiet[0] if quiet else None


def play(variant, board, max_plies, shuffles):
    start = board.fen()
    uci, fens, threefold = [], [], []
    shuffled = False
    while len(uci) < max_plies:
        if termination(board):
            break
        if shuffles and not shuffled and len(uci) >= shuffles:
            # Repeat the position: two quiet moves and their reverses, four times.
            a = shuffle_pair(board)
            if a is not None:
                board.push(a)
                b = shuffle_pair(board)
                board.pop()
                if b is not None:
                    cycle = [a, b, chess.Move(a.to_square, a.from_square), chess.Move(b.to_square, b.from_square)]
                    for _ in range(4):
                        for m in cycle:
                            if termination(board) or m not in board.legal_moves:
                                break
                            uci.append(board.uci(m))
                            board.push(m)
                            fens.append(board.fen())
                            if board.is_repetition(3):
                                threefold.append(len(uci))
            shuffled = True
            continue
        moves = list(board.legal_moves)
        m = rng.choice(moves)
        uci.append(board.uci(m))
        board.push(m)
        fens.append(board.fen())
        if board.is_repetition(3):
            threefold.append(len(uci))
    return {"variant": variant, "start_fen": start, "uci": uci, "fens": fens,
            "termination": termination(board) or "ply_cap", "threefold": threefold}


def main():
    perft_data = check_perft()
    with open(os.path.join(HERE, "perft_chess.json"), "w") as f:
        json.dump(perft_data, f, indent=1)
        f.write("\n")

    starts = []
    for _ in range(16):
        starts.append(("chess", chess.STARTING_FEN, 200, None))
    for _ in range(6):
        starts.append(("chess", chess.STARTING_FEN, 300, rng.randrange(0, 40)))
    for name, variant, fen, _ in PERFT:
        starts.append((variant, fen, 200, None))
    for fen in ("8/8/4k3/8/8/3NB3/4K3/8 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2"):
        starts.append(("chess", fen, 400, None))
    for i in range(22):
        pos_id = rng.randrange(960)
        starts.append(("chess960", chess.Board.from_chess960_pos(pos_id).fen(), 200,
                       rng.randrange(0, 40) if i % 4 == 0 else None))
    games, legal = [], []
    for variant, fen, cap, shuffles in starts:
        board = chess.Board(fen, chess960=(variant == "chess960"))
        game = play(variant, board, cap, shuffles)
        games.append(game)
        # Positions for the legal-move file: every 25th ply and the last.
        plies = list(range(0, len(game["fens"]), 25)) + [len(game["fens"]) - 1]
        for i in sorted(set(p for p in plies if p >= 0)):
            b = chess.Board(game["fens"][i], chess960=(variant == "chess960"))
            legal.append({"variant": variant, "fen": b.fen(), "moves": sorted(b.uci(m) for m in b.legal_moves),
                          "checkmate": b.is_checkmate(), "stalemate": b.is_stalemate(),
                          "seventyfive_moves": b.is_seventyfive_moves(),
                          "insufficient_material": b.is_insufficient_material()})
    with open(os.path.join(HERE, "games_chess.jsonl"), "w") as f:
        for g in games:
            f.write(json.dumps(g, separators=(",", ":")) + "\n")
    with open(os.path.join(HERE, "legal_chess.jsonl"), "w") as f:
        for p in legal:
            f.write(json.dumps(p, separators=(",", ":")) + "\n")
    with open(os.path.join(HERE, "chess960_starts.jsonl"), "w") as f:
        for pos_id in range(960):
            board = chess.Board.from_chess960_pos(pos_id)
            board.chess960 = True
            line = {"id": pos_id, "fen": board.fen(), "shredder_fen": board.shredder_fen(),
                    "perft": {str(d): perft(board, d) for d in (1, 2, 3)}}
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    from collections import Counter
    print(len(games), "games", Counter(g["termination"] for g in games), len(legal), "positions")


if __name__ == "__main__":
    main()
