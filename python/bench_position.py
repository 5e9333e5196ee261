"""Random playouts through pgn100.Position beside python-chess (Chess)
and beside Fairy-Stockfish's pyffish (Grand).

    python python/bench_position.py [--games 200] [--seed 1]

A playout asks for the legal moves, pushes one at random, and stops when
the game is over or after 200 plies. pgn100 and python-chess ask
`outcome()` after every move; pyffish, which has no position object,
asks for the legal moves of the FEN after each move (`get_fen`) and stops
when there is none (mate or stalemate). Prints the plies per second of
each and the ratio. Timings depend on the machine and its load."""

import argparse
import random
import time

import pgn100

PLIES = 200


def pgn100_playout(variant, rng):
    pos = pgn100.Position(variant)
    plies = 0
    while plies < PLIES and pos.outcome() is None:
        pos.push(rng.choice(pos.legal_moves))
        plies += 1
    return plies


def python_chess_playout(rng):
    import chess

    board = chess.Board()
    plies = 0
    while plies < PLIES and board.outcome() is None:
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies


def pyffish_playout(rng):
    import pyffish

    fen = pyffish.start_fen("grand")
    plies = 0
    while plies < PLIES:
        moves = pyffish.legal_moves("grand", fen, [])
        if not moves:
            break
        fen = pyffish.get_fen("grand", fen, [rng.choice(moves)])
        plies += 1
    return plies


def rate(playout, games, seed):
    rng = random.Random(seed)
    start = time.perf_counter()
    plies = sum(playout(rng) for _ in range(games))
    return plies / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = [("chess", "pgn100", rate(lambda r: pgn100_playout("chess", r), args.games, args.seed))]
    try:
        rows.append(("chess", "python-chess", rate(python_chess_playout, args.games, args.seed)))
    except ImportError:
        print("python-chess is not installed")
    rows.append(("grand", "pgn100", rate(lambda r: pgn100_playout("grand", r), args.games, args.seed)))
    try:
        rows.append(("grand", "pyffish", rate(pyffish_playout, args.games, args.seed)))
    except ImportError:
        print("pyffish is not installed")
    ours = {variant: r for variant, tool, r in rows if tool == "pgn100"}
    print(f"{'variant':8} {'tool':14} {'plies/s':>10} {'pgn100 is':>10}")
    for variant, tool, r in rows:
        print(f"{variant:8} {tool:14} {r:10.0f} {ours[variant] / r:9.1f}x")


if __name__ == "__main__":
    main()
