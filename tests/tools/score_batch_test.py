#!/usr/bin/env python3
"""score_batch_test.py PAIFU: 'paifu score --batch' gives, line for line, what 'paifu score'
gives for the same hand and options (JSON objects equal but for "line"); skipped lines, error
lines, --opt=value, rule options from the command line and the exit status contract."""
import json
import subprocess
import sys

from score_lines import as_json_line

paifu = sys.argv[1]
LINES = [
    "123m99p13s chi:789s pon:666z +2s --round S --dealer --dora 9m",  # rrc-3.7.5-ex1: 5800
    "# a comment",
    "",
    "22334455m678p99s +9s --riichi --ura=1p --dora 1m",
    "123m456p789s111z5z +5z --tsumo --seat=W --round W",
    "123m456p789s5s pon:777s +5s",                       # no yaku
    "19m19p19s1234567z +1m --dealer --tsumo",            # kokushi
    "678m789999p111s11z +9p --tsumo --riichi --ippatsu",  # four copies of the winning tile
    "55m234p678s pon:2'22z kan:4'444z +5m --rinshan --tsumo --round S --seat S",
    "44m233445678p pon:7'77z@left +8p --round E --seat W --dora 3m",
]
BAD = [
    ("123m4x", "expected a suit letter"),
    ("123m456p789s5s pon:777s", "no winning tile"),
    ("123m456p789s11z5z +5z --round Q", "expected a wind"),
    ("123m456p789s11z5z +5z --nosuch", "unknown option --nosuch"),
    ("123m456p789s11z5z +5z --dora", "--dora expects a value"),
    ("123m456p789s11z5z +5z --tsumo=1", "--tsumo takes no value"),
]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(args, stdin=None):
    p = subprocess.run([paifu] + args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


for extra in ([], ["--rules", "majsoul"], ["--rule", "kiriage=true"]):
    rc, out, err = run(["score", "--batch", "--format", "json"] + extra, "\n".join(LINES) + "\n")
    objs = [json.loads(line) for line in out.splitlines()]
    hands = [(i + 1, l) for i, l in enumerate(LINES) if l.strip() and not l.startswith("#")]
    check(len(objs) == len(hands), f"{extra}: {len(objs)} results for {len(hands)} hands")
    statuses = set()
    for obj, (no, line) in zip(objs, hands):
        check(obj["line"] == no, f"{extra}: line {obj['line']} answers line {no}")
        single_rc, single, serr = run(["score"] + line.split() + ["--format", "json"] + extra)
        ref = json.loads(single)
        obj = dict(obj)
        del obj["line"]
        check(obj == ref, f"{extra}: line {no} differs from the single-hand result:\n{obj}\n{ref}")
        statuses.add(single_rc)
    check(rc == max(statuses), f"{extra}: batch exit {rc}, single runs {statuses}")

# text: a header, one tab-separated row of 8 fields per hand
rc, out, err = run(["score", "--batch"], "\n".join(LINES) + "\n")
rows = out.splitlines()
check(rows[0].split("\t") == ["line", "status", "han", "fu", "yakuman", "limit", "points", "yaku"],
      f"header {rows[0]!r}")
check(all(len(r.split("\t")) == 8 for r in rows), "a text row without 8 fields")
check(rows[1].startswith("1\tok\t3\t30\t0\tnone\t5800\t"), f"first row {rows[1]!r}")
check(rc == 1, f"a batch with a hand that is no win exits 1, got {rc}")

# error lines are reported in place and the batch goes on; exit status 2
text = "\n".join([LINES[0]] + [b for b, _ in BAD] + [LINES[0]]) + "\n"
rc, out, err = run(["score", "--batch", "--format", "json"], text)
objs = [json.loads(line) for line in out.splitlines()]
check(rc == 2, f"a batch with bad lines exits 2, got {rc}")
check(len(objs) == len(BAD) + 2, f"{len(objs)} results for {len(BAD) + 2} lines")
for obj, (line, needle) in zip(objs[1:], BAD):
    check(obj["status"] == "error" and needle in obj["error"], f"{line!r}: {obj}")
check(objs[-1]["line"] == len(BAD) + 2 and objs[-1]["status"] == "ok", "the batch went on")




# JSON lines: the same results as the notation's lines, mixed in one batch
hands = [l for l in LINES if l.strip() and not l.startswith("#")]
mixed = [as_json_line(l) if i % 2 == 0 else l for i, l in enumerate(hands)]
mixed.append('{"hand": "123m99p13s chi:789s pon:666z +2s", "round": "S", "dealer": true, '
             '"tsumo": false, "dora": ["9m"], "honba": 0}')
for fmt in ("json", "text"):
    rc_n, out_n, _ = run(["score", "--batch", "--format", fmt], "\n".join(hands + [hands[0]]) + "\n")
    rc_j, out_j, _ = run(["score", "--batch", "--format", fmt], "\n".join(mixed) + "\n")
    check(out_j == out_n and rc_j == rc_n, f"{fmt}: JSON lines differ from the notation's:\n"
          f"{out_j}\n{out_n}")
JBAD = [
    ('{"hand": "123m456p789s11z5z +5z", "nosuch": true}', 'unknown key "nosuch"'),
    ('{"hand": "123m456p789s11z5z +5z", "tsumo": 1}', '"tsumo" expects true or false'),
    ('{"hand": "123m456p789s11z5z +5z", "round": true}', '"round" expects a value'),
    ('{"hand": "123m456p789s11z5z +5z", "round": "Q"}', "expected a wind"),
    ('{"round": "S"}', 'expected a "hand"'),
    ('{"hand": "123m456p789s11z5z +5z"} x', "text after the object"),
    ('{"hand": "123m456p789s11z5z +5z", "dora": [3]}', "expected a string"),
    ('{"hand": "123m456p789s11z5z \\u0031z"}', "unsupported escape"),
    ('{"hand": "123m456p789s11z5z +5z" "tsumo": true}', "expected , or }"),
]
rc, out, err = run(["score", "--batch", "--format", "json"],
                   "\n".join([b for b, _ in JBAD] + [as_json_line(LINES[0])]) + "\n")
objs = [json.loads(line) for line in out.splitlines()]
check(rc == 2 and len(objs) == len(JBAD) + 1, f"JSON error lines: rc {rc}, {len(objs)} results")
for obj, (line, needle) in zip(objs, JBAD):
    check(obj["status"] == "error" and needle in obj["error"], f"{line!r}: {obj}")
check(objs[-1]["status"] == "ok" and objs[-1]["total"] == 5800, "the JSON batch went on")

# usage errors
check(run(["score", "--batch", "--all"], "")[0] == 2, "--batch --all is a usage error")
check(run(["score", "--batch", "a", "b"], "")[0] == 2, "two files are a usage error")
rc, out, err = run(["score", "--batch", "/nonexistent/hands.txt"])
check(rc == 2 and "/nonexistent/hands.txt" in err, f"a missing file is named: {err!r}")

for f in failures:
    print("FAIL:", f)
print(f"score_batch: {len(failures)} failures")
sys.exit(1 if failures else 0)
