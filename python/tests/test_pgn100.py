"""The package against the command: every oracle game's moves and FENs,
the diagnostics of corpus/invalid, convert's output, stats' and moves'
columns; Chess games against python-chess."""

import collections
import csv
import gzip
import io
import json
import pathlib

import pytest

import pgn100
from conftest import CORPUS, read_jsonl

ORACLE = CORPUS / "oracle"


# --- oracle games written as records -------------------------------------


def record(variant, start_fen, sans, result="*"):
    """A record of `sans` (SAN) from `start_fen`, numbered as PGN numbers them."""
    words = []
    side, number = start_fen.split()[1], int(start_fen.split()[5])
    for i, san in enumerate(sans):
        if side == "w":
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(san)
        if side == "b":
            number += 1
        side = "b" if side == "w" else "w"
    return f'[Variant "{variant}"]\n[FEN "{start_fen}"]\n\n' + " ".join(words + [result]) + "\n\n"


def hundred_san(san):
    # Fairy-Stockfish letters the prince `A`; Hundred's Latin letter is `P`.
    return san.replace("A", "P")


def oracle_records():
    """(name, text, oracle games) of every oracle game set with SAN."""
    sets = []
    for name, variant in [("games_hundred_sample.jsonl", "Hundred"), ("games_grand_sample.jsonl", "Grand")]:
        games = read_jsonl(ORACLE / name)
        fix = hundred_san if variant == "Hundred" else (lambda s: s)
        text = "".join(record(variant, g["start_fen"], [fix(s) for s in g["san"]]) for g in games)
        sets.append((name, text, [(g["uci"], g["fens"], None) for g in games]))
    for name, variant in [
        ("chess/chess_random_games.jsonl", "Chess"),
        ("chess/chess960_random_games.jsonl", "Chess960"),
    ]:
        games = read_jsonl(ORACLE / name)
        text = "".join(record(variant, g["start_fen"], g["san"].split()) for g in games)
        sets.append((name, text, [(g["uci"].split(), None, g["final_fen"]) for g in games]))
    return sets


def cli_rows(cli, path):
    """`moves --fen --format jsonl` rows grouped by game number."""
    out = cli("moves", "--fen", "--format", "jsonl", path)
    assert out.returncode in (0, 1), out.stderr.decode()
    rows = collections.defaultdict(list)
    for line in out.stdout.decode().splitlines():
        r = json.loads(line)
        rows[r["game"]].append(r)
    return rows


def assert_reads_as_the_cli(cli, path, variant=None):
    games = list(pgn100.read(pathlib.Path(path), variant=variant))
    rows = cli_rows(cli, path) if variant is None else None
    if rows is None:
        out = cli("moves", "--fen", "--format", "jsonl", "--variant", variant, path)
        rows = collections.defaultdict(list)
        for line in out.stdout.decode().splitlines():
            r = json.loads(line)
            rows[r["game"]].append(r)
    assert games, path
    plies = 0
    for g in games:
        ours = [(m.uci, m.fen, m.written, m.check, m.mate, m.promotion) for m in g.moves]
        theirs = [(r["uci"], r["fen"], r["written"], r["check"], r["mate"], r["promotion"]) for r in rows.get(g.number, [])]
        assert ours == theirs, f"{path} game {g.number}"
        plies += len(ours)
    return games, plies


def test_every_oracle_game_reads_as_the_cli_and_the_oracle_plays_it(cli, tmp_path):
    for name, text, oracle in oracle_records():
        path = tmp_path / (name.replace("/", "_") + ".pgn")
        path.write_text(text, encoding="utf-8")
        games, plies = assert_reads_as_the_cli(cli, path)
        assert len(games) == len(oracle), name
        for g, (uci, fens, final) in zip(games, oracle):
            assert g.valid, (name, g.number, g.diagnostics)
            assert len(g.moves) == len(uci), (name, g.number)
            if fens is not None:
                # Board and side to move: the other fields are normalised
                # differently by Fairy-Stockfish (castling off, en passant).
                assert [m.fen.split()[:2] for m in g.moves] == [f.split()[:2] for f in fens], (name, g.number)
            else:
                # python-chess's final position; its UCI castling (king to
                # its square in Chess, onto the rook in Chess960) is pgn100's
                # king move marked `=O` in Chess.
                assert g.final_fen.split()[:2] == final.split()[:2], (name, g.number)
                if g.variant == "Chess":
                    assert [m.uci.replace("=O", "") for m in g.moves] == uci, (name, g.number)
        assert plies > 1000, name


@pytest.mark.parametrize(
    "path",
    [
        "oracle/royal/royal-lat-short.pgn",
        "oracle/royal/royal-cyr-long.pgn",
        "oracle/dice/dice-lat-short.pgn",
        "oracle/dice/dice-cyr-long.pgn",
    ],
)
def test_royal_and_dice_oracle_files_read_as_the_cli(cli, path):
    games, plies = assert_reads_as_the_cli(cli, CORPUS / path)
    assert plies > 1000
    oracle = read_jsonl(ORACLE / ("royal/games_royal_sample.jsonl" if "royal" in path else "dice/games_dice_sample.jsonl"))
    assert len(games) == len(oracle)
    if "dice" in path:
        for g, o in zip(games, oracle):
            rolls = [t.roll for t in g.turns]
            faces = ["", "p", "N", "B", "R", "Q", "K"]
            want = [[faces[f] for f in t["roll"]] for t in o["turns"]]
            assert sorted(map(sorted, rolls)) == sorted(map(sorted, want[: len(rolls)])) or not g.valid
            assert sum(len(t.moves) for t in g.turns) == len(g.moves)
            # A turn's moves are the game's own objects, in order, each with its turn's roll.
            of_turns = [m for t in g.turns for m in t.moves]
            assert all(a is b for a, b in zip(of_turns, g.moves))
            assert all(m.roll == " ".join(t.roll) for t in g.turns for m in t.moves)


def test_chess_oracle_games_agree_with_python_chess(cli, tmp_path):
    chess = pytest.importorskip("chess")
    games = read_jsonl(ORACLE / "games_chess.jsonl")
    text = ""
    for g in games:
        board = chess.Board(g["start_fen"], chess960=g["variant"] == "chess960")
        sans = []
        for u in g["uci"]:
            m = chess.Move.from_uci(u)
            sans.append(board.san(m))
            board.push(m)
        text += record("Chess960" if g["variant"] == "chess960" else "Chess", g["start_fen"], sans)
    path = tmp_path / "games_chess.pgn"
    path.write_text(text, encoding="utf-8")
    ours, _ = assert_reads_as_the_cli(cli, path)
    for g, o in zip(ours, games):
        assert g.valid
        assert [m.fen.split()[:2] for m in g.moves] == [f.split()[:2] for f in o["fens"]]


# --- diagnostics ------------------------------------------------------------


def invalid_files():
    return sorted(p for p in (CORPUS / "invalid").iterdir() if p.suffix in (".pgn", ".txt"))


def test_diagnostics_of_corpus_invalid_equal_validate_json(cli):
    files = invalid_files()
    assert len(files) > 20
    for path in files:
        out = cli("validate", "--format", "json", path)
        want = [json.loads(line) for line in out.stdout.decode().splitlines()]
        got = pgn100.validate(path)
        assert [d.to_dict() for d in got.diagnostics] == want, path
        # Each game's diagnostics are validate's of that game; binary data
        # is an exception carrying its one diagnostic.
        try:
            games = list(pgn100.read(path))
        except pgn100.PgnError as e:
            assert [e.args[1].to_dict()] == want, path
            continue
        per_game = [d.to_dict() for g in games for d in g.diagnostics]
        assert per_game == [d for d in want if d["game"] is not None], path
        assert got.invalid == sum(1 for g in games if not g.valid)


def test_strict_makes_warnings_errors(cli):
    path = CORPUS / "valid" / "latin_short_annotated.pgn"
    out = cli("validate", "--strict", "--format", "json", path)
    want = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert [d.to_dict() for d in pgn100.validate(path, strict=True).diagnostics] == want


# --- convert ----------------------------------------------------------------


CONVERSIONS = [
    ("latin", "short", None),
    ("cyrillic", "long", None),
    ("keep", "short", None),
    ("latin", "long", None),
]



@pytest.mark.parametrize("letters,style,to", CONVERSIONS)
def test_convert_of_every_valid_file_equals_the_cli(cli, letters, style, to):
    checked = 0
    for path in sorted((CORPUS / "valid").glob("*.pgn")):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        args = ["convert", "--letters", letters, "--style", style, "-"]
        out = cli(*args, input=text.encode())
        got = pgn100.convert(text, letters=letters, style=style, to=to)
        assert got == out.stdout.decode(), (path, letters, style)
        checked += 1
    assert checked >= 10


def test_convert_to_pgn_equals_the_cli(cli):
    path = CORPUS / "chess" / "twic_sample_232games_mliebelt.pgn"
    text = path.read_text(encoding="utf-8")
    out = cli("convert", "--to", "pgn", "--variant", "chess", "-", input=text.encode())
    assert pgn100.convert(text, to="pgn", variant="chess") == out.stdout.decode()


def test_convert_raises_with_the_diagnostics_when_asked():
    text = "1. e3-e5 e8-e6 2. Кi1-h3 *\n"
    assert pgn100.convert(text, letters="latin") == text  # copied unchanged, as the command does
    with pytest.raises(pgn100.ConversionError) as e:
        pgn100.convert(text, letters="latin", errors="raise")
    assert e.value.code == "pgn100::illegal_move" and e.value.line == 1 and e.value.ply == 3
    with pytest.raises(ValueError):
        pgn100.convert(text, letters="greek")


# --- stats and moves ----------------------------------------------------------


def csv_columns(data):
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    return {k: [r[k] for r in rows] for k in rows[0]}


def as_csv(v):
    if v is None:
        return ""
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


# (Dice chess stats are slow to count, its rows are checked above.)
@pytest.mark.parametrize("directory", ["valid", "chess", "oracle/royal", "comments"])
def test_stats_and_moves_columns_equal_the_cli_csv(cli, directory):
    path = CORPUS / directory
    extra = ["--variant", "chess"] if directory == "chess" else []
    variant = "chess" if directory == "chess" else None
    for ours, args in [
        (pgn100.stats(path, variant=variant), ["stats", "--per-game", "--format", "csv"]),
        (pgn100.moves(path, fen=True, variant=variant), ["moves", "--fen", "--format", "csv"]),
    ]:
        want = csv_columns(cli(*args, *extra, path).stdout)
        assert list(ours) == list(want), args
        assert ours.rows > 5
        for k in want:
            assert [as_csv(v) for v in ours[k]] == want[k], (args, k)
    out = cli("stats", "--format", "json", *extra, path)
    assert pgn100.stats(path, per_game=False, variant=variant) == json.loads(out.stdout)


def test_moves_clocks_and_evaluations_are_python_chess_s():
    chess_pgn = pytest.importorskip("chess.pgn")
    path = CORPUS / "chess" / "2024-champions-chess-tour-finals-semi-finals-day4.pgn"
    depths_path = CORPUS / "comments" / "eval_depth.pgn"
    cols = pgn100.moves([path, depths_path], variant="chess")
    clocks, cps, mates, depths = [], [], [], []
    for p in (path, depths_path):
        with open(p, encoding="utf-8") as f:
            while (game := chess_pgn.read_game(f)) is not None:
                for node in game.mainline():
                    clocks.append(node.clock())
                    score = node.eval()
                    white = None if score is None else score.white()
                    cps.append(None if white is None or white.is_mate() else white.score())
                    mates.append(white.mate() if white is not None and white.is_mate() else None)
                    depths.append(node.eval_depth())
    assert sum(c is not None for c in clocks) > 900
    assert sum(d is not None for d in depths) >= 30
    assert cols["clock"] == clocks
    assert cols["eval_cp"] == cps
    assert cols["eval_mate"] == mates
    assert cols["eval_depth"] == depths


def test_columns_make_data_frames():
    pd = pytest.importorskip("pandas")
    cols = pgn100.moves(CORPUS / "valid")
    df = cols.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == cols.rows and list(df.columns) == list(cols)


# --- reading ------------------------------------------------------------------


def test_paths_texts_bytes_and_compressed_files_read_alike(tmp_path):
    path = CORPUS / "valid" / "cyrillic_long_annotated.pgn"
    text = path.read_text(encoding="utf-8")
    gz = tmp_path / "games.pgn.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    key = lambda games: [(g.tags, g.valid, [m.uci for m in g.moves], g.final_fen, g.source) for g in games]
    want = key(pgn100.read(path))
    assert want and want == key(pgn100.read(str(path))) == key(pgn100.read_text(text))
    assert want == key(pgn100.read(path.read_bytes())) == key(pgn100.read(gz))
    first = next(pgn100.read(path))
    assert first.source == text[text.index("[") : text.index("[") + len(first.source)]
    assert first.file == str(path) and first.number == 1


def test_a_missing_file_a_binary_file_and_bad_options_are_exceptions(tmp_path):
    with pytest.raises(FileNotFoundError):
        pgn100.validate(tmp_path / "nothing.pgn")
    binary = tmp_path / "b.pgn"
    binary.write_bytes(b"\x00\x01\x02binary\x00" * 10)
    with pytest.raises(pgn100.PgnError) as e:
        list(pgn100.read(binary))
    d = e.value.args[1]
    assert d.code == "pgn100::binary" and d.offset == 0 and d.severity == "error"
    with pytest.raises(ValueError):
        pgn100.read_text("1. e3-e5 *\n", variant="shogi")
    with pytest.raises(ValueError):
        pgn100.read(CORPUS / "valid", encoding="martian")


def test_stats_and_moves_report_an_unreadable_input_and_go_on(tmp_path):
    binary = tmp_path / "b.pgn"
    binary.write_bytes(b"\x00\x01\x02binary\x00" * 10)
    good = CORPUS / "valid" / "seed002_castling.pgn"
    with pytest.warns(pgn100.UnreadableInputWarning, match="b.pgn"):
        cols = pgn100.moves([good, binary])
    assert cols.rows == pgn100.moves(good).rows > 0
    assert len(cols.unreadable) == 1 and "b.pgn" in cols.unreadable[0]
    with pytest.warns(pgn100.UnreadableInputWarning):
        total = pgn100.stats([binary, good], per_game=False)
    alone = pgn100.stats(good, per_game=False)
    # Both inputs were opened, as the command counts them (`stats` says files: 2).
    assert total["games"] == alone["games"] > 0 and total["files"] == 2
    with pytest.warns(pgn100.UnreadableInputWarning):
        assert pgn100.stats([binary, good]).rows == alone["games"]


def test_a_string_is_a_path_and_a_missing_one_is_file_not_found(tmp_path):
    # Issue 54 item 15: a typo was read as a text of no game.
    with pytest.raises(FileNotFoundError):
        pgn100.read(str(tmp_path / "gamez_typo.pgn"))
    (g,) = pgn100.read_text('[Variant "Chess"]\n\n1. e4 e5 *\n')
    # No termination is the string the command writes.
    assert (g.valid, g.termination) == (True, "none")


def test_a_game_over_the_size_limit_is_a_game_numbered_as_the_command_numbers_it(tmp_path, cli):
    # Issue 53: good, oversized, good are three games, numbered 1, 2, 3.
    good = '[Event "g"]\n[Variant "Chess"]\n\n1. e4 e5 *\n\n'
    # Larger than the limit and than the first block read (256 KiB).
    huge = '[Event "huge"]\n[Variant "Chess"]\n\n1. e4 {' + "x" * 300_000 + "} e5 *\n\n"
    path = tmp_path / "three.pgn"
    path.write_text(good + huge + good, encoding="utf-8")
    games = list(pgn100.read(path, max_game_size=100_000))
    assert [g.number for g in games] == [1, 2, 3]
    assert [g.valid for g in games] == [True, False, True]
    assert [d.code for d in games[1].diagnostics] == ["pgn100::game_too_large"]
    out = cli("validate", "--format", "json", "--max-game-size", "100000", path).stdout.decode()
    (d,) = [json.loads(line) for line in out.splitlines()]
    assert (d["code"], d["game"]) == ("pgn100::game_too_large", 2)
    with pytest.warns(pgn100.UnreadableInputWarning, match="game 2"):
        rows = pgn100.stats(path, max_game_size=100_000)
    assert rows["game"] == [1, 3]


def test_a_truncated_zip_warns_and_gives_its_good_games(tmp_path):
    # Issue 54 item 1: it raised FileNotFoundError.
    import zipfile

    plain = CORPUS / "chess" / "twic_sample_232games_mliebelt.pgn"
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(plain, "a.pgn")
    cut = tmp_path / "cut.zip"
    cut.write_bytes(whole.read_bytes()[:30000])
    with pytest.warns(pgn100.UnreadableInputWarning, match="cut.zip"):
        games = list(pgn100.read(cut, variant="chess"))
    assert len(games) > 50 and all(g.valid for g in games[:-1])
    assert [d.code for d in games[-1].diagnostics] == ["pgn100::truncated_game"]
    assert [g.number for g in games] == list(range(1, len(games) + 1))


def test_nullable_numeric_columns_keep_their_type_when_all_null():
    pd = pytest.importorskip("pandas")
    # No [%eval] in the file: eval_mate is all null.
    frame = pgn100.moves(CORPUS / "valid" / "seed002_castling.pgn").to_pandas()
    assert frame["eval_mate"].isna().all() and str(frame["eval_mate"].dtype) == "Int64"
    assert str(frame["eval_cp"].dtype) == "Int64" and str(frame["clock"].dtype) == "float64"


def test_a_game_has_its_tags_result_termination_and_flags():
    text = '[Event "x"]\n[Variant "Chess"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
    (g,) = pgn100.read_text(text)
    assert g.tags == {"Event": "x", "Variant": "Chess"}
    assert (g.variant, g.valid, g.result, g.termination) == ("Chess", True, "1-0", "checkmate (white wins)")
    last = g.moves[-1]
    assert (last.san, last.written, last.uci, last.captured, last.mate) == ("Qxf7#", "Qxf7#", "h5f7", "P", True)
    assert sorted(last.flags) == ["capture", "check", "mate"]
    assert g.final_fen == last.fen
    # Replayed once: every access gives the same objects.
    assert all(a is b for a, b in zip(g.moves, g.moves)) and g.moves is not g.moves
    # The diagnostics too: a wrong check mark and a missing result.
    (bad,) = pgn100.read_text('[Variant "Chess"]\n\n1. e4+ e5\n')
    codes = sorted(d.code for d in bad.diagnostics)
    assert codes == ["pgn100::check_mark", "pgn100::missing_result"], codes
    assert all(a is b for a, b in zip(bad.diagnostics, bad.diagnostics))


def test_hundred_castling_and_throne_pawn_flags():
    games = list(pgn100.read(CORPUS / "valid" / "seed002_castling.pgn"))
    stages = [(m.castle_stage, m.castle_wing) for g in games for m in g.moves if m.castling]
    assert ("first", "short") in stages and ("second", "short") in stages
    throne = [m for g in pgn100.read(CORPUS / "valid" / "seed000_throne_pawn.pgn") for m in g.moves if m.throne_pawn]
    assert throne and all("throne_pawn" in m.flags and "@" in m.uci for m in throne)


def test_chess_games_agree_with_python_chess():
    chess = pytest.importorskip("chess")
    checked = 0
    for path in sorted((CORPUS / "chess").glob("*.pgn")):
        for g in pgn100.read(path, variant="chess"):
            if not g.valid or g.variant not in ("Chess", "Chess960"):
                continue
            pc = g.to_python_chess()
            board = pc.board()
            for m, move in zip(g.moves, pc.mainline_moves()):
                assert board.san(move) == m.san, (path, g.number, m.ply)
                board.push(move)
                assert board.fen(en_passant="fen").split()[:4] == m.fen.split()[:4] or (
                    board.fen().split()[:4] == m.fen.split()[:4]
                ), (path, g.number, m.ply)
            assert len(list(pc.mainline_moves())) == len(g.moves)
            checked += 1
    assert checked > 200


def test_to_python_chess_refuses_other_variants():
    pytest.importorskip("chess")
    g = next(pgn100.read(CORPUS / "valid" / "seed002_castling.pgn"))
    with pytest.raises(ValueError):
        g.to_python_chess()
