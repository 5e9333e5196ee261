#!/usr/bin/env python3
"""Make corpus/chess/import_forms.pgn and its python-chess reference
(corpus/oracle/chess/import_forms.games.jsonl).

Three games of corpus/chess/twic_sample_232games_mliebelt.pgn rewritten in
the forms PGN's import format and annotators use (issue 54, items 5, 6, 8,
11): move numbers without a period (`12 Nf3`), Black's numbers as `12..`,
`12. ..`, `12 ...` and `12 ..`, a blank line after `[Event]` as ChessBase
writes it, castling printed with an em or en dash, and annotations: comments,
NAGs and variations (legal side lines from python-chess) in those forms.
The reference is python-chess's own reading of the file written (with the
typeset dashes of castling written `-`: python-chess skips `0—0`): per game,
its line, start FEN, plies, main line (UCI) and final FEN.

    python3 corpus/oracle/chess/make_import_forms.py   (from the repository root)
"""
import io, json, random, sys
import chess, chess.pgn

SRC = "corpus/chess/twic_sample_232games_mliebelt.pgn"
OUT = "corpus/chess/import_forms.pgn"
REF = "corpus/oracle/chess/import_forms.games.jsonl"
PICK = [3, 40, 101, 150]  # games of the source file, 1-based

WHITE_FORMS = ["{n}. ", "{n} ", "{n}.", "{n} "]
BLACK_FORMS = ["{n}..", "{n}. ..", "{n} ...", "{n} .. ", "{n}...", "{n}... "]


def san(board, move, dash):
    s = board.san(move)
    if dash and s.startswith("O-O"):
        s = s.replace("O", "0").replace("-", dash)
    return s


def line_text(board, moves, rnd, depth, dash):
    """The moves from `board` written with random number forms; variations
    (one level below `depth`) at random plies."""
    out = []
    b = board.copy()
    first = True
    for i, mv in enumerate(moves):
        n = b.fullmove_number
        if b.turn == chess.WHITE:
            form = rnd.choice(WHITE_FORMS).format(n=n)
            # `12.Nf3` as often as `12. Nf3`; a bare number keeps its space.
            out.append(form.rstrip(" ") if form.endswith(". ") and rnd.random() < 0.3 else form)
        elif first:
            out.append(rnd.choice(BLACK_FORMS).format(n=n))
        first = False
        text = san(b, mv, dash)
        if rnd.random() < 0.1:
            text += rnd.choice(["!", "?", "!?", " $1", " $6"])
        out.append(text + " ")
        if rnd.random() < 0.08:
            out.append("{ a comment 12 ... } ")
        if depth > 0 and rnd.random() < 0.25:
            alts = [m for m in b.legal_moves if m != mv]
            if alts:
                alt = rnd.choice(alts)
                side = [alt]
                bb = b.copy(); bb.push(alt)
                for _ in range(rnd.randint(1, 6)):
                    ms = list(bb.legal_moves)
                    if not ms:
                        break
                    m = rnd.choice(ms); side.append(m); bb.push(m)
                out.append("(" + line_text(b, side, rnd, depth - 1, dash).strip() + ") ")
                first = True
        b.push(mv)
    return "".join(out)


def main():
    rnd = random.Random(54)
    src = open(SRC, encoding="utf-8")
    games = []
    i = 0
    while True:
        g = chess.pgn.read_game(src)
        if g is None:
            break
        i += 1
        if i in PICK:
            games.append(g)
    parts = []
    for k, g in enumerate(games):
        h = g.headers
        tags = [f'[{name} "{value}"]' for name, value in h.items()]
        # ChessBase: a blank line after [Event]
        if k % 2 == 0:
            tags[0] += "\n"
        moves = list(g.mainline_moves())
        dash = ["\u2014", "\u2013", None, "\u2014"][k]
        text = line_text(g.board(), moves, rnd, 1 if k > 0 else 0, dash) + h.get("Result", "*")
        # wrap at 79 columns
        lines, cur = [], ""
        for w in text.split(" "):
            if cur and len(cur) + 1 + len(w) > 79:
                lines.append(cur); cur = w
            else:
                cur = (cur + " " + w) if cur else w
        lines.append(cur)
        parts.append("\n".join(tags) + "\n\n" + "\n".join(lines) + "\n")
    text = "\n".join(parts)
    open(OUT, "w", encoding="utf-8").write(text)
    ref = []
    # python-chess reads no typeset dash in castling: its reading of the
    # file with them written `-` (the same offsets: one character each).
    handle = io.StringIO(text.replace("0\u20140", "0-0").replace("0\u20130", "0-0").replace("0\u2014", "0-").replace("0\u2013", "0-"))
    n = 0
    while True:
        at = handle.tell()
        g = chess.pgn.read_game(handle)
        if g is None:
            break
        n += 1
        rest = text[at:]
        skipped = len(rest) - len(rest.lstrip())
        line = text[: at + skipped].count("\n") + 1
        assert not g.errors, g.errors
        board = g.board()
        start = board.fen()
        ucis = []
        for mv in g.mainline_moves():
            ucis.append(mv.uci()); board.push(mv)
        orig = list(games[n - 1].mainline_moves())
        assert [m.uci() for m in orig] == ucis, f"game {n}: python-chess reads another main line"
        ref.append({"game": n, "line": line, "variant": "chess", "start_fen": start, "valid": True,
                    "plies": len(ucis), "uci": " ".join(ucis), "final_fen": board.fen()})
    with open(REF, "w") as f:
        for r in ref:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    print(n, "games", [r["plies"] for r in ref])


main()
