#!/usr/bin/env python3
"""A 3-player game under a four-player rule set: no final scores invented for it.

usage: three_player_test.py PAIFU SOURCE_DIR CORPUS_DIR

Every preset is written for four players, and RRC 2024 §6.2 counts a sanma tournament among
those that leave its rules ("Турнир по маджонгу на троих (санма)"): its start and return points,
oka and uma are a four-player table's. tests/data/tournament-mixed/sanma-sheet.paifu.json is a
3-player sheet that names Tenhou's 3-player room (35,000 start, 40,000 return, oka 15,000, uma
+20,000/0/-20,000: its own rule set):
- under its own rules it is ranked in a 3-player table, its scores summing to zero;
- under --rules ema and --rules rrc it is listed apart from the standings with the reason, its
  results carry no score, and validate expects no final scores of it (no game.final_score);
- under --rules ema with --rule players=3 and the room's points and uma given, it is ranked again.
With the corpus, every 3-player Tenhou log under --rules ema gets no game.final_score finding and
is listed apart. It prints the counts it checked.
"""
import json
import os
import subprocess
import sys

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {str(detail)[:400]}"))
    if not ok:
        failures.append(what)


def report(paifu, *args):
    p = subprocess.run([paifu, "report", "--format", "json", *args], capture_output=True,
                       text=True)
    return json.loads(p.stdout)


def codes(paifu, *args):
    p = subprocess.run([paifu, "validate", "--format", "jsonl", *args], capture_output=True,
                       text=True)
    return [json.loads(l)["finding"]["code"] for l in p.stdout.splitlines()
            if json.loads(l).get("type") == "finding"]


def main():
    paifu, source, corpus = sys.argv[1:4]
    sheet = os.path.join(source, "tests", "data", "tournament-mixed", "sanma-sheet.paifu.json")
    own = report(paifu, sheet)
    t3 = [t for t in own["standings_tables"] if t["players"] == 3]
    check("its own rules: ranked in a 3-player table", t3 and not own["unranked"], own["unranked"])
    scores = [p.get("score") for p in own["games"][0]["players"]]
    check("its own rules: the scores sum to zero", None not in scores and sum(scores) == 0, scores)
    for preset in ("ema", "rrc"):
        doc = report(paifu, "--rules", preset, sheet)
        reasons = [u["reason"] for u in doc["unranked"]]
        check(f"--rules {preset}: listed apart, the reason naming the 4-player table",
              not doc["standings_tables"] and reasons and "4-player table" in reasons[0], reasons)
        check(f"--rules {preset}: no score in its results",
              all("score" not in p for p in doc["games"][0]["players"]), doc["games"][0]["players"])
        check(f"--rules {preset}: no final scores expected of it",
              "game.final_score" not in codes(paifu, "--rules", preset, sheet))
    given = report(paifu, "--rules", "ema", "--rule", "players=3", "--rule", "start_points=35000",
                   "--rule", "return_points=40000", "--rule", "oka=15000",
                   "--rule", "uma=20000,0,-20000,0", sheet)
    check("--rules ema with the room's players, points and uma given: ranked",
          [t["players"] for t in given["standings_tables"]] == [3] and not given["unranked"],
          (given["standings_tables"], given["unranked"]))
    n = 0
    sanma = []
    folder = os.path.join(corpus, "tenhou-xml", "Agony5757--mahjong") if corpus else ""
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            if "-00b9-" in name:  # Tenhou's 3-player Houou room ("00b9" in the log id)
                sanma.append(os.path.join(folder, name))
        sanma = sanma[:20]
    if sanma:
        found = codes(paifu, "--rules", "ema", *sanma)
        check(f"corpus: {len(sanma)} 3-player Tenhou logs under --rules ema: no game.final_score",
              "game.final_score" not in found)
        doc = report(paifu, "--rules", "ema", *sanma)
        check("corpus: each listed apart", len(doc["unranked"]) == len(sanma) and
              not doc["standings_tables"], len(doc["unranked"]))
        own = codes(paifu, *sanma)
        check("corpus: under their own rules, no game.final_score either",
              "game.final_score" not in own)
        n = len(sanma)
    print(f"checked: the 3-player sheet under 4 rule sets, {n} corpus 3-player logs")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
