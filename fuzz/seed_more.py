#!/usr/bin/env python3
# Seeds of the compressed, tools, turns and pages targets: argv[1] the
# directory that holds <target>/, argv[2] "all" (fuzz corpora) or "few"
# (the kept inputs under tests/fuzzing/).
import json, os, pathlib, re, subprocess, sys
out = pathlib.Path(sys.argv[1]); few = sys.argv[2] == "few"
bin = os.environ.get("PGN100", "target/release/pgn100")
def gen(*args):
    return subprocess.run([bin, "generate", *args], capture_output=True, check=True).stdout
for t in ("compressed", "tools", "turns", "pages"):
    (out / t).mkdir(parents=True, exist_ok=True)
def put(t, name, data):
    (out / t / name).write_bytes(data)
texts = {
    "cyrillic": pathlib.Path("corpus/valid/seed002_castling.pgn").read_bytes(),
    "dice": gen("--variant", "dice", "--games", "2", "--seed", "3", "--max-plies", "16"),
    "royal": gen("--variant", "royal", "--games", "1", "--seed", "3", "--max-plies", "30"),
}
if not few:
    for p in sorted(pathlib.Path("corpus/valid").glob("*.pgn")):
        texts[p.stem] = p.read_bytes()[:6000]
    texts["grand"] = gen("--variant", "grand", "--games", "2", "--seed", "1", "--max-plies", "40")
    texts["chess"] = gen("--variant", "chess", "--games", "2", "--seed", "1", "--max-plies", "40")
# compressed: kind (low 3 bits) and damage (bits 3-4), where, mask, text.
for name, text in texts.items():
    kinds = range(8) if not few or name == "cyrillic" else [0, 6]
    for kind in kinds:
        for damage in ([0, 1, 2] if not few or kind in (0, 3, 6) else [0]):
            put("compressed", f"{name}_{kind}_{damage}", bytes([kind | damage << 3, 0x35, 0x01, 0x26]) + text)
# tools: a byte (chunk size, split mode, criterion), then the text; the text
# twice over gives every game a copy (dedup).
for name, text in texts.items():
    for how in ([0x03, 0x35, 0x47, 0xe9] if not few else [0x03 if name != "dice" else 0x35, 0xe9 if name == "cyrillic" else 0x47]):
        put("tools", f"{name}_{how:02x}", bytes([how]) + text + b"\n" + text)
# turns: three faces, then a FEN of the oracle's (en passant squares in
# its field) or bytes choosing moves from the set-up.
rows = [json.loads(l) for l in open("corpus/oracle/dice/turns_dice_sample.jsonl")]
for i, r in enumerate(rows[:: (20 if few else 1)][: (4 if few else 400)]):
    fen = r["fen"].split(" ")
    if r["ep"]:
        fen[3] = "".join(r["ep"])
    put("turns", f"oracle_{i:03}", bytes(f - 1 for f in r["roll"]) + " ".join(fen).encode())
for i, walk in enumerate([b"\x01\x02\x03\x04\x05\x07\x10\x21\x33\x45\x57\x69", bytes(range(7, 60, 3))]):
    put("turns", f"walk_{i}", bytes([0, 3, 5]) + walk)
# pages: even byte and a text, or an odd byte (variant) and a FEN.
for name, text in texts.items():
    put("pages", f"game_{name}", b"\x00" + text)
starts = {0: "hundred", 1: "grand", 2: "chess", 4: "dice", 5: "royal"}
for v in ([0, 4, 5] if few else range(6)):
    fen = subprocess.run([bin, "annotate", "--fen", "-"], input=gen("--variant", starts.get(v, "chess"), "--games", "1", "--seed", "2", "--max-plies", "12") if v != 3 else gen("--variant", "chess", "--games", "1", "--max-plies", "12"), capture_output=True).stdout.decode()

    found = re.findall(r"\{([^{}]*/[^{}]* [wb] [^{}]*)\}", fen)
    for j, f in enumerate(found[-1:] if few else found[::3]):
        put("pages", f"fen_{v}_{j}", bytes([1 | v << 1]) + f.encode())
