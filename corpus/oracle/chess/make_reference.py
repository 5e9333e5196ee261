#!/usr/bin/env python3
"""Regenerate the Chess / Chess960 reference data of corpus/oracle/chess/.

Made with python-chess (PyPI `chess`) and pgn-extract (Debian `pgn-extract`),
independent of pgn100. Run from anywhere:

    python3 corpus/oracle/chess/make_reference.py            # everything
    python3 corpus/oracle/chess/make_reference.py --check    # only re-load and check

The real game files are read from ../shared/chess/ relative to the repository
root (as the other oracle data, see ../README.md). In a git worktree that is
not a sibling of shared/, pass --source DIR (or the script looks for
shared/chess in the parent directories of the repository root).

Output is deterministic: same inputs and tool versions give the same bytes.
See README.md in this folder for every file and field.
"""

import argparse
import collections
import hashlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

import logging

import chess
import chess.pgn

# python-chess logs every illegal move it meets; the errors are in the data.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

# Source files, in the order they are processed. (relative path under
# shared/chess, output stem, sampling step: 1 = every game)
SOURCES = [
    ("twic_sample_232games_mliebelt.pgn", 1),
    ("lichess_db_2013-01_first32_mliebelt.pgn", 1),
    ("lichess_export_mliebelt_2024-01-03.pgn", 1),
    ("cct_broadcast/2023-champions-chess-tour-finals-knockouts.pgn", 1),
    ("cct_broadcast/2024-champions-chess-tour-finals-day5.pgn", 1),
    ("cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day1.pgn", 1),
    ("cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day2.pgn", 1),
    ("cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn", 1),
    ("cct_broadcast/2024-champions-chess-tour-finals-semi-finals-day4.pgn", 1),
    ("sesse_broadcasts_2016-2024.pgn", 1),
    ("gnuchess_book_1.02.pgn", 50),
]
# Files whose reference omits `san` (size budget, see README).
NO_SAN = {"sesse_broadcasts_2016-2024.pgn", "gnuchess_book_1.02.pgn"}
# Files given to pgn-extract (the small ones).
PGN_EXTRACT = [
    "twic_sample_232games_mliebelt.pgn",
    "lichess_db_2013-01_first32_mliebelt.pgn",
    "lichess_export_mliebelt_2024-01-03.pgn",
    "cct_broadcast/2024-champions-chess-tour-finals-day5.pgn",
]
PGN_EXTRACT_ARGS = ["-s", "-Wsan"]
# How the PGN files are opened for python-chess (text mode is required).
ENCODING = "utf-8"
ENCODING_ERRORS = "replace"


def stem(rel):
    return os.path.basename(rel)[: -len(".pgn")]


def games_name(rel, step):
    s = stem(rel)
    return f"{s}.every{step}.games.jsonl" if step > 1 else f"{s}.games.jsonl"


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(dumps(r))
            f.write("\n")


def write_json(path, obj):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def find_source(arg):
    if arg:
        return os.path.abspath(arg)
    cand = os.path.normpath(os.path.join(REPO, "..", "shared", "chess"))
    if os.path.isdir(cand):
        return cand
    d = REPO
    while os.path.dirname(d) != d:
        d = os.path.dirname(d)
        c = os.path.join(d, "shared", "chess")
        if os.path.isdir(c):
            return c
    sys.exit("shared/chess not found: pass --source DIR")


# ---------------------------------------------------------------------------
# python-chess helpers

def termination(board):
    o = board.outcome(claim_draw=False)
    return None if o is None else o.termination.name.lower()


def claimable(board):
    """python-chess can_claim_* (a claim now or by announcing a move)."""
    fifty = board.can_claim_fifty_moves()
    three = board.can_claim_threefold_repetition()
    if fifty and three:
        return "fifty+threefold"
    return "fifty" if fifty else "threefold" if three else None


def claim_now(board):
    """Claims that hold in the position itself, without a further move."""
    fifty = board.halfmove_clock >= 100 and any(board.generate_legal_moves())
    three = board.is_repetition(3)
    if fifty and three:
        return "fifty+threefold"
    return "fifty" if fifty else "threefold" if three else None


class LineReader:
    """Text handle that counts lines, so that each game's first line is known
    (python-chess reads PGN with readline() only)."""

    def __init__(self, f):
        self.f = f
        self.n = 0
        self.first = None
        self.first_text = None

    def readline(self):
        line = self.f.readline()
        if line:
            self.n += 1
            if self.first is None and not (line.isspace() or line.startswith("%") or line.startswith(";")):
                self.first = self.n
                self.first_text = line
        return line


class TokenBuilder(chess.pgn.GameBuilder):
    """GameBuilder that also keeps the SAN tokens as written in the file."""

    def begin_game(self):
        self.tokens = []
        return super().begin_game()

    def parse_san(self, board, san):
        move = super().parse_san(board, san)
        self.tokens.append(san)
        return move


STRIP_MARKS = re.compile(r"[+#!?]+$")


def classify_token(raw, san):
    """Why the file's token differs from python-chess's SAN (None if same).
    python-chess's tokenizer already drops + # ! ? from the token, so check
    marks are not compared."""
    r, s = STRIP_MARKS.sub("", raw), STRIP_MARKS.sub("", san)
    if r == s:
        return None
    if r.replace("0", "O") == s:
        return "castling_zeros"
    if "=" in s and r == s.replace("=", ""):
        return "promotion_without_equals"
    if len(r) == 5 and r[0] in "NBRQK" and r[1] in "abcdefgh" and r[2] in "12345678":
        return "long_form"  # Rd1d2 for R1d2 / Rd2
    if r[0] in "NBRQ" and len(r) == len(s) + 1 and r[0] + r[2:] == s:
        return "over_disambiguated"  # Nbc3 for Nc3
    return "other"


RESULT_OF = {"white": "1-0", "black": "0-1", None: "1/2-1/2"}


def reference_game(game, index, line, tokens, with_san, stats):
    board = game.board()
    start_fen = board.fen()
    variant = "chess960" if board.chess960 else "chess"
    uci, san = [], []
    node = game
    moves = list(game.mainline_moves())
    for mv in moves:
        uci.append(board.uci(mv, chess960=board.chess960))
        san.append(board.san(mv))
        board.push(mv)
    rec = {"game": index}
    if line is not None:
        rec["line"] = line
    rec["variant"] = variant
    rec["start_fen"] = start_fen
    rec["valid"] = not game.errors
    if game.errors:
        rec["error_ply"] = len(moves) + 1
        rec["error"] = "; ".join(str(e) for e in game.errors)
    rec["plies"] = len(moves)
    rec["uci"] = " ".join(uci)
    if with_san:
        rec["san"] = " ".join(san)
    rec["final_fen"] = board.fen()
    rec["outcome"] = termination(board)
    rec["claimable"] = claimable(board)
    rec["claim_now"] = claim_now(board)
    rec["result_tag"] = game.headers.get("Result")
    # statistics for the manifest / README
    stats["games"] += 1
    stats["valid" if not game.errors else "invalid"] += 1
    if len(game.errors) > 1:
        stats["games_with_several_errors"] += 1
    if not moves:
        stats["games_without_moves"] += 1
    if rec["result_tag"] == "*":
        stats["result_star"] += 1
    o = board.outcome(claim_draw=False)
    if o is not None:
        stats["outcome_" + rec["outcome"]] += 1
        if not game.errors and rec["result_tag"] not in (None, "*") and o.result() != rec["result_tag"]:
            stats["result_tag_contradicts_outcome"] += 1
            stats.setdefault("examples_result_contradicts", [])
            if len(stats["examples_result_contradicts"]) < 5:
                stats["examples_result_contradicts"].append(
                    f"game {index}: tag {rec['result_tag']}, {rec['outcome']} ({o.result()})")
    if rec["claimable"]:
        stats["claimable_" + rec["claimable"]] += 1
    if rec["claim_now"]:
        stats["claim_now_" + rec["claim_now"]] += 1
    if len(tokens) != len(moves):
        stats["games_token_count_differs"] += 1
    for raw, s in zip(tokens, san):
        kind = classify_token(raw, s)
        if kind:
            stats["token_" + kind] += 1
            ex = stats.setdefault("examples_" + kind, [])
            if len(ex) < 5:
                ex.append(f"game {index}: {raw!r} -> {s!r}")
    for raw in tokens:
        if raw in ("--", "Z0", "@@@@"):
            stats["token_null_move"] += 1
    for mv in moves:
        if mv.promotion:
            stats["promotions"] += 1
    return rec


def process_file(path, step, with_san):
    stats = collections.Counter()
    rows = []
    t0 = time.process_time()
    first_lines = []
    with open(path, encoding=ENCODING, errors=ENCODING_ERRORS, newline="") as f:
        r = LineReader(f)
        index = 0
        while True:
            r.first = None
            index += 1
            sample = (index - 1) % step == 0
            if sample:
                builder = TokenBuilder()
                game = chess.pgn.read_game(r, Visitor=lambda: builder)
                if game is None:
                    break
            else:
                if not chess.pgn.skip_game(r):
                    break
                game = None
            first_lines.append((r.first, r.first_text))
            if sample:
                rows.append((game, index, r.first, list(builder.tokens)))
    total = index - 1
    # Cross-check the line numbers with a scan of the `[Event ` lines.
    event_lines = []
    with open(path, "rb") as f:
        for n, bline in enumerate(f, 1):
            if bline.startswith(b"[Event "):
                event_lines.append(n)
    all_tags = all(t is not None and t.startswith("[") for _, t in first_lines)
    lines_ok = all_tags and len(event_lines) == total
    lines_agree_with_event_scan = lines_ok and event_lines == [l for l, _ in first_lines]
    out = []
    for game, index, line, tokens in rows:
        out.append(reference_game(game, index, line if lines_ok else None, tokens, with_san, stats))
    meta = {
        "games_in_file": total,
        "event_lines": len(event_lines),
        "line_field": lines_ok,
        "first_tag_is_event_for_every_game": lines_agree_with_event_scan,
    }
    print(f"  {total} games, {time.process_time() - t0:.1f} s cpu", file=sys.stderr, flush=True)
    return out, stats, meta


# ---------------------------------------------------------------------------
# invalid games that replay whole from a Chess960 start position

class RawTokens(chess.pgn.BaseVisitor):
    """Collects every SAN token of a game without parsing it."""

    def begin_game(self):
        self.toks = []

    def begin_parse_san(self, board, san):
        self.toks.append(san)
        return chess.pgn.SKIP

    def result(self):
        return self.toks


def chess960_scan(path, rows):
    """For each invalid game: the Chess960 start positions (0-959) from which
    python-chess replays every one of its main-line SAN tokens."""
    bad = {r["game"]: r for r in rows if not r["valid"]}
    if not bad:
        return []
    found = []
    with open(path, encoding=ENCODING, errors=ENCODING_ERRORS, newline="") as f:
        index = 0
        while True:
            index += 1
            if index in bad:
                toks = chess.pgn.read_game(f, Visitor=RawTokens)
                if toks is None:
                    break
            else:
                if not chess.pgn.skip_game(f):
                    break
                continue
            positions = []
            for n in range(960):
                b = chess.Board.from_chess960_pos(n)
                try:
                    for t in toks:
                        b.push_san(t)
                except ValueError:
                    continue
                positions.append(n)
            r = bad[index]
            found.append({"game": index, "line": r.get("line"), "error_ply": r["error_ply"],
                          "plies_written": len(toks), "chess960_pos": positions})
    return found


# ---------------------------------------------------------------------------
# features of the raw files (cheap byte scans)

def scan_features(path):
    data = open(path, "rb").read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    f = collections.Counter()
    f["bytes"] = len(data)
    f["lines"] = len(lines)
    f["bom"] = int(data.startswith(b"\xef\xbb\xbf"))
    f["crlf_lines"] = sum(1 for l in lines if l.endswith(b"\r"))
    bad = [l for l in lines if not _utf8(l)]
    f["non_utf8_lines"] = len(bad)
    f["non_utf8_lines_that_are_tags"] = sum(1 for l in bad if l.startswith(b"["))
    f["percent_escape_lines"] = sum(1 for l in lines if l.startswith(b"%"))
    f["tab_bytes"] = data.count(b"\t")
    f["trailing_space_lines"] = sum(1 for l in lines if l.rstrip(b"\r").endswith(b" "))
    f["longest_line"] = max((len(l) for l in lines), default=0)
    # movetext: non-tag lines with {comments} removed
    text = b"\n".join(l for l in lines if not l.startswith(b"["))
    f["brace_comments"] = text.count(b"{")
    f["clk_comments"] = text.count(b"[%clk")
    f["eval_comments"] = text.count(b"[%eval")
    mt = re.sub(rb"\{[^}]*\}", b" ", text)
    f["semicolon_comments"] = mt.count(b";")
    f["variations"] = mt.count(b"(")
    f["nags"] = len(re.findall(rb"\$\d+", mt))
    f["annotation_marks"] = len(re.findall(rb"[a-h1-8NBRQKO](?:!!|\?\?|!\?|\?!|!|\?)", mt))
    f["null_moves"] = len(re.findall(rb"(?:(?<=\s)|(?<=\.)|^)(?:--|Z0)(?=\s|$)", mt, re.M))
    f["e_p_marks"] = len(re.findall(rb"e\.p\.", mt))
    f["castling_zeros"] = len(re.findall(rb"(?<![\d-])0-0(?:-0)?(?![\d-])", mt))
    f["castling_letters"] = len(re.findall(rb"O-O(?:-O)?", mt))
    f["promotions_with_equals"] = len(re.findall(rb"[a-h][18]=[QRBN]", mt))
    f["promotions_without_equals"] = len(re.findall(rb"[a-h][18][QRBN]", mt))
    f["move_number_without_space"] = len(re.findall(rb"\d+\.(?=[a-hNBRQKO])", mt))
    f["move_number_at_line_end"] = len(re.findall(rb"\d+\.\s*$", mt, re.M))
    f["black_move_numbers"] = len(re.findall(rb"\d+\.\.\.", mt))
    return dict(f)


def _utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


# ---------------------------------------------------------------------------
# random games and legal-move sample

def random_game(rng, board, cap, positions, meta):
    start_fen = board.fen()
    uci, san = [], []
    while True:
        legal = sorted(board.generate_legal_moves(), key=lambda m: board.uci(m))
        out = termination(board)
        positions.append(dict(meta, ply=len(uci), fen=board.fen(), chess960=board.chess960,
                              moves=[board.uci(m) for m in legal],
                              checkers=len(board.checkers()), is_check=board.is_check(),
                              outcome=out))
        if out is not None or len(uci) >= cap:
            break
        m = rng.choice(legal)
        uci.append(board.uci(m))
        san.append(board.san(m))
        board.push(m)
    o = board.outcome(claim_draw=False)
    return start_fen, uci, san, o


def make_random(out_dir):
    rng = random.Random(2026)
    positions_std, positions_960 = [], []
    std, c960 = [], []
    for i in range(300):
        cap = 120 if i < 150 else 400
        b = chess.Board()
        start, uci, san, o = random_game(rng, b, cap, positions_std, {"game": i, "variant": "chess"})
        std.append({"game": i, "max_plies": cap, "start_fen": start, "plies": len(uci),
                    "uci": " ".join(uci), "san": " ".join(san), "final_fen": b.fen(),
                    "outcome": None if o is None else o.termination.name.lower(),
                    "result": "*" if o is None else o.result(),
                    "claimable": claimable(b)})
    for i in range(200):
        n = rng.randrange(960)
        b = chess.Board.from_chess960_pos(n)
        shredder = b.fen(shredder=True)
        start, uci, san, o = random_game(rng, b, 120, positions_960, {"game": i, "variant": "chess960"})
        c960.append({"game": i, "chess960_pos": n, "max_plies": 120, "start_fen": start,
                     "start_fen_shredder": shredder, "plies": len(uci),
                     "uci": " ".join(uci), "san": " ".join(san), "final_fen": b.fen(),
                     "outcome": None if o is None else o.termination.name.lower(),
                     "result": "*" if o is None else o.result(),
                     "claimable": claimable(b)})
    write_jsonl(os.path.join(out_dir, "chess_random_games.jsonl"), std)
    write_jsonl(os.path.join(out_dir, "chess960_random_games.jsonl"), c960)
    # legal sample: 300 positions from the standard games, 200 from the 960
    # ones, every k-th position of all positions in game order; then the
    # final position of every random game that ended with an outcome.
    sample = []
    for pos, want in ((positions_std, 300), (positions_960, 200)):
        k = len(pos) // want
        sample += [dict(p, pick="every%d" % k) for p in pos[::k][:want]]
    finals = [p for p in positions_std + positions_960 if p["outcome"] is not None]
    sample += [dict(p, pick="final") for p in finals]
    keys = ["game", "variant", "ply", "pick", "fen", "chess960", "moves", "checkers", "is_check", "outcome"]
    write_jsonl(os.path.join(out_dir, "legal_chess_sample.jsonl"), [{k: p[k] for k in keys} for p in sample])
    return std, c960, sample


# ---------------------------------------------------------------------------
# perft

def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def perft_entry(board, depth):
    counts = {}
    for d in range(1, depth):
        counts[str(d)] = perft(board, d) if d > 0 else 1
    divide = {}
    total = 0
    for m in sorted(board.legal_moves, key=lambda m: board.uci(m)):
        u = board.uci(m)
        board.push(m)
        c = perft(board, depth - 1) if depth > 1 else 1
        board.pop()
        divide[u] = c
        total += c
    counts[str(depth)] = total
    return counts, divide


# Chess Programming Wiki, "Perft Results"
# (https://www.chessprogramming.org/Perft_Results), published leaf counts.
CPW = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5,
     [20, 400, 8902, 197281, 4865609, 119060324, 3195901860, 84998978956, 2439530234167]),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
     [48, 2039, 97862, 4085603, 193690690, 8031647685]),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5,
     [14, 191, 2812, 43238, 674624, 11030083, 178633661, 3009794393]),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4,
     [6, 264, 9467, 422333, 15833292, 706045033]),
    ("position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4,
     [6, 264, 9467, 422333, 15833292, 706045033]),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4,
     [44, 1486, 62379, 2103487, 89941194]),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4,
     [46, 2079, 89890, 3894594, 164075551, 6923051137, 287188994746, 11923589843526, 490154852788714]),
]
PERFT960_POSITIONS = [518, 0, 959, 1, 100, 250, 333, 480, 601, 777, 888]


def make_perft(out_dir):
    entries = []
    for name, fen, depth, published in CPW:
        b = chess.Board(fen)
        t0 = time.process_time()
        counts, divide = perft_entry(b, depth)
        secs = time.process_time() - t0
        pub = {str(i + 1): n for i, n in enumerate(published)}
        for d, n in counts.items():
            if pub[d] != n:
                raise SystemExit(f"perft mismatch {name} depth {d}: python-chess {n}, published {pub[d]}")
        entries.append({"id": name, "variant": "chess", "fen": b.fen(),
                        "source": "Chess Programming Wiki, Perft Results",
                        "perft": counts, "verified_depth": depth, "published": pub,
                        "divide": divide, "divide_depth": depth - 1})
        print(f"  perft {name} depth {depth}: {secs:.1f} s cpu", file=sys.stderr, flush=True)
    write_json(os.path.join(out_dir, "perft_chess.json"), entries)
    e960 = []
    for n in PERFT960_POSITIONS:
        b = chess.Board.from_chess960_pos(n)
        counts, divide = perft_entry(b, 4)
        e960.append({"id": "chess960-%d" % n, "variant": "chess960", "chess960_pos": n,
                     "fen": b.fen(), "fen_shredder": b.fen(shredder=True),
                     "source": "python-chess %s perft (Board.from_chess960_pos)" % chess.__version__,
                     "perft": counts, "divide": divide, "divide_depth": 3})
    write_json(os.path.join(out_dir, "perft_chess960.json"), e960)
    return entries, e960


# ---------------------------------------------------------------------------
# pgn-extract

def pgn_extract_bin():
    for p in (shutil.which("pgn-extract"), "/usr/games/pgn-extract"):
        if p and os.path.exists(p):
            return p
    sys.exit("pgn-extract not found (apt-get install pgn-extract)")


def pgn_extract_version(exe):
    out = subprocess.run([exe, "--version"], capture_output=True, text=True)
    return (out.stdout + out.stderr).strip()


def make_pgn_extract(src, out_dir):
    exe = pgn_extract_bin()
    res = {}
    for rel in PGN_EXTRACT:
        outp = os.path.join(out_dir, stem(rel) + ".pgn-extract.pgn")
        # run in a scratch directory: pgn-extract may write log files
        p = subprocess.run([exe] + PGN_EXTRACT_ARGS + ["-o", outp, os.path.join(src, rel)],
                           capture_output=True, text=True, cwd=os.environ.get("TMPDIR", "/tmp"))
        if p.returncode != 0:
            sys.exit(f"pgn-extract failed on {rel}: {p.stderr}")
        with open(outp, encoding="utf-8") as f:
            n = sum(1 for l in f if l.startswith("[Event "))
        res[rel] = {"output": os.path.basename(outp), "games_out": n, "stderr": p.stderr.strip()}
    return res


# ---------------------------------------------------------------------------
# checks

def check_all(out_dir, manifest):
    problems = []
    for ent in manifest["game_files"]:
        rows = read_jsonl(os.path.join(out_dir, ent["file"]))
        if len(rows) != ent["games_in_reference"]:
            problems.append(f"{ent['file']}: {len(rows)} rows, manifest {ent['games_in_reference']}")
        if sum(r["valid"] for r in rows) != ent["valid"]:
            problems.append(f"{ent['file']}: valid count")
        step = ent["step"]
        for i, r in enumerate(rows):
            if r["game"] != 1 + i * step:
                problems.append(f"{ent['file']}: game index {r['game']} at row {i}")
                break
        for r in rows:
            problems += replay_check(ent["file"], r)
    for name in ("chess_random_games.jsonl", "chess960_random_games.jsonl"):
        for r in read_jsonl(os.path.join(out_dir, name)):
            problems += replay_check(name, r, chess960=("chess960_pos" in r))
    for p in read_jsonl(os.path.join(out_dir, "legal_chess_sample.jsonl")):
        b = chess.Board(p["fen"], chess960=p["chess960"])
        mv = sorted(b.uci(m) for m in b.legal_moves)
        if mv != p["moves"] or len(b.checkers()) != p["checkers"]:
            problems.append(f"legal sample game {p['game']} ply {p['ply']}")
    for name in ("perft_chess.json", "perft_chess960.json"):
        for e in json.load(open(os.path.join(out_dir, name))):
            b = chess.Board(e["fen"], chess960=e["variant"] == "chess960")
            for d in ("1", "2"):
                if str(d) in e["perft"] and perft(b, int(d)) != e["perft"][d]:
                    problems.append(f"{name} {e['id']} depth {d}")
            if sum(e["divide"].values()) != e["perft"][str(e["divide_depth"] + 1)]:
                problems.append(f"{name} {e['id']} divide sum")
    return problems


def replay_check(name, r, chess960=None):
    if chess960 is None:
        chess960 = r.get("variant") == "chess960"
    b = chess.Board(r["start_fen"], chess960=chess960)
    moves = r["uci"].split() if r["uci"] else []
    if len(moves) != r["plies"]:
        return [f"{name} game {r['game']}: plies"]
    sans = r["san"].split() if r.get("san") else None
    for i, u in enumerate(moves):
        m = b.parse_uci(u)
        if sans is not None and b.san(m) != sans[i]:
            return [f"{name} game {r['game']}: san at ply {i + 1}"]
        b.push(m)
    if b.fen() != r["final_fen"]:
        return [f"{name} game {r['game']}: final fen"]
    if termination(b) != r["outcome"]:
        return [f"{name} game {r['game']}: outcome"]
    return []


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", help="directory of the real game files (default ../shared/chess)")
    ap.add_argument("--check", action="store_true", help="only re-load and check the data files")
    args = ap.parse_args()
    out_dir = HERE
    if args.check:
        manifest = json.load(open(os.path.join(out_dir, "manifest.json")))
        problems = check_all(out_dir, manifest)
        print("\n".join(problems) or "all checks passed")
        sys.exit(1 if problems else 0)

    src = find_source(args.source)
    t_start = time.process_time()
    manifest = {
        "made_with": {
            "python-chess": chess.__version__,
            "pgn-extract": pgn_extract_version(pgn_extract_bin()),
            "python": sys.version.split()[0],
        },
        "source_dir": "../shared/chess",
        "open_mode": f"open(path, encoding={ENCODING!r}, errors={ENCODING_ERRORS!r}, newline='')",
        "game_files": [],
    }
    scan_files = {}
    for rel, step in SOURCES:
        path = os.path.join(src, rel)
        print(f"reading {rel} (every {step})", file=sys.stderr, flush=True)
        rows, stats, meta = process_file(path, step, rel not in NO_SAN and os.path.basename(rel) not in NO_SAN)
        name = games_name(rel, step)
        write_jsonl(os.path.join(out_dir, name), rows)
        ent = {"file": name, "source": "../shared/chess/" + rel, "source_bytes": os.path.getsize(path),
               "source_sha256": sha256(path), "step": step, "has_san": os.path.basename(rel) not in NO_SAN,
               "games_in_reference": len(rows)}
        ent.update(meta)
        ent["valid"] = stats.pop("valid", 0)
        ent["invalid"] = stats.pop("invalid", 0)
        stats.pop("games", None)
        ent["stats"] = {k: stats[k] for k in sorted(stats)}
        ent["features"] = scan_features(path)
        manifest["game_files"].append(ent)
        if ent["invalid"]:
            print("  chess960 scan of the invalid games", file=sys.stderr, flush=True)
            scan = chess960_scan(path, rows)
            ent["invalid_replaying_as_chess960"] = sum(1 for x in scan if x["chess960_pos"])
            scan_files[name] = {"source": ent["source"], "games": scan}
    write_json(os.path.join(out_dir, "invalid_as_chess960.json"), scan_files)
    print("random games", file=sys.stderr, flush=True)
    std, c960, sample = make_random(out_dir)
    manifest["random"] = {
        "chess_random_games.jsonl": dict(collections.Counter(r["outcome"] or "ply_cap" for r in std)),
        "chess_random_games.jsonl (max_plies 400 only)": dict(collections.Counter(
            r["outcome"] or "ply_cap" for r in std if r["max_plies"] == 400)),
        "chess960_random_games.jsonl": dict(collections.Counter(r["outcome"] or "ply_cap" for r in c960)),
        "legal_chess_sample.jsonl": dict(collections.Counter(p["variant"] + "/" + p["pick"] for p in sample)),
        "legal_chess_sample.jsonl positions with": {
            "check": sum(p["is_check"] for p in sample),
            "double_check": sum(p["checkers"] == 2 for p in sample),
            "no_legal_moves": sum(not p["moves"] for p in sample),
            "castling_move": sum(any(_is_castling(p, m) for m in p["moves"]) for p in sample),
            "en_passant_move": sum(any(_is_ep(p, m) for m in p["moves"]) for p in sample),
            "promotion_move": sum(any(len(m) == 5 for m in p["moves"]) for p in sample),
        },
    }
    print("perft", file=sys.stderr, flush=True)
    make_perft(out_dir)
    print("pgn-extract", file=sys.stderr, flush=True)
    manifest["pgn_extract"] = {"command": "pgn-extract " + " ".join(PGN_EXTRACT_ARGS) + " -o OUT IN",
                               "files": make_pgn_extract(src, out_dir)}
    write_json(os.path.join(out_dir, "manifest.json"), manifest)
    print("checking", file=sys.stderr, flush=True)
    problems = check_all(out_dir, manifest)
    print(f"cpu {time.process_time() - t_start:.0f} s", file=sys.stderr)
    print("\n".join(problems) or "all checks passed")
    sys.exit(1 if problems else 0)


def _is_castling(p, u):
    b = chess.Board(p["fen"], chess960=p["chess960"])
    return b.is_castling(b.parse_uci(u))


def _is_ep(p, u):
    b = chess.Board(p["fen"], chess960=p["chess960"])
    return b.is_en_passant(b.parse_uci(u))


if __name__ == "__main__":
    main()
