#!/usr/bin/env python3
"""One settled view read by every output (issue 26).

report_settled_tests.py PAIFU SOURCE_DIR LIBPAIFU WORK

1. The Pantheon sheet samples/pantheon-ema-sheet.txt through `paifu report --rules ema`: the
   deals carry their true labels (E1-0, E1-1, E2-0, E3-0, E4-1), every win and paid draw its
   score changes, and the scores after the last deal are the sheet's recorded final points
   (its first line, read here from the file).
2. `info`, `export` (deals and players tables), `stats` and the Python package give the same
   labels, payments, final points and players as the report (the settled view).
3. The mixed folder tests/data/tournament-mixed: every game is in a standings table or listed
   with its reason; each table names one rule set and one number of players; the four unnamed
   seats of the mjai game are four players (report, stats and export alike); --player-names
   names one of them.
4. A finding on a score sheet names its player (from the sheet's names); no "expected -".
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else ": " + detail))
    if not ok:
        failures.append(what)


def run(*args, env=None):
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def main():
    paifu, source, lib, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    sheet = os.path.join(source, "samples", "pantheon-ema-sheet.txt")
    mixed = os.path.join(source, "tests", "data", "tournament-mixed")

    # ---- 1. the sheet, deal by deal ----
    first = open(sheet, encoding="utf-8").readline().split()
    recorded = [int(w.split(":")[1]) for w in first]
    rc, out, err = run(paifu, "report", "--rules", "ema", "--format", "json", sheet)
    check("report of the sheet runs", rc in (0, 1), err)
    doc = json.loads(out)
    g = doc["games"][0]
    labels = []
    for row in g["deals"]:
        if not labels or labels[-1][0] != row["deal"]:
            labels.append((row["deal"], row["round"]))
    check("true labels", [l for _, l in labels] == ["E1-0", "E1-1", "E2-0", "E3-0", "E4-1"],
          str(labels))
    check("dealers rotate", [r["dealer"] for r in g["deals"]] == [0, 0, 0, 1, 2, 3],
          str([r["dealer"] for r in g["deals"]]))
    wins_and_draws = [r for r in g["deals"] if r["outcome"] in ("ron", "tsumo", "exhaustive draw")]
    check("every win and paid draw has its deltas", all("deltas" in r for r in wins_and_draws))
    check("deltas marked computed on a sheet",
          all("deltas" in r.get("computed", []) for r in wins_and_draws))
    check("scores after the last deal = the sheet's final points",
          g["deals"][-1]["scores"] == recorded, f'{g["deals"][-1]["scores"]} {recorded}')
    check("each row's scores are the previous ones plus its deltas", all(
        [a + d for a, d in zip(prev["scores"], row["deltas"])] == row["scores"]
        for prev, row in zip(g["deals"], g["deals"][1:]) if row["deal"] == prev["deal"]))
    check("chart ends at the final points", g["chart"][-1] == recorded, str(g["chart"][-1]))

    # ---- 2. info, export, stats and Python read the same values ----
    rc, out, err = run(paifu, "info", "--rules", "ema", "--format", "json", sheet)
    info = json.loads(out)[0]["games"][0]
    check("info labels = report labels", [d["label"] for d in info["deal_list"]] ==
          [l for _, l in labels], str([d["label"] for d in info["deal_list"]]))
    # the report's deltas are the whole change of a row (riichi deposits included, given apart
    # in "deposits"); info, export and Python give the payments: the deltas less the deposits.
    # The row of the sticks left at the end ("end") is the report's own.
    def paid(r):
        d = r.get("deltas")
        return d and [a - b for a, b in zip(d, r.get("deposits", [0] * len(d)))]
    per_deal = {}
    for r in g["deals"]:
        if r["round"] == "end":
            continue
        acc = per_deal.setdefault(r["deal"], [0] * len(r["scores"]))
        for s, v in enumerate(paid(r) or [0] * 4):
            acc[s] += v
    check("info deltas = report deltas per deal",
          [d["deltas"] for d in info["deal_list"]] == [per_deal[k] for k in sorted(per_deal)])
    check("info scores after = report's",
          info["deal_list"][-1]["scores_after"] == g["deals"][-1]["scores"])
    out_dir = os.path.join(work, "export-sheet")
    rc, out, err = run(paifu, "export", "-q", "--rules", "ema", "--format", "csv", "-o", out_dir,
                       sheet)
    check("export runs", rc == 0, err)
    deals = list(csv.DictReader(open(os.path.join(out_dir, "deals.csv"), encoding="utf-8")))
    check("export deal labels = report's", [d["label"] for d in deals] ==
          [l for _, l in labels], str([d["label"] for d in deals]))
    check("export deal deltas = report's", [[int(d["delta_%d" % s]) for s in range(4)]
                                            for d in deals] ==
          [per_deal[k] for k in sorted(per_deal)])
    players = list(csv.DictReader(open(os.path.join(out_dir, "players.csv"), encoding="utf-8")))
    check("export final points and scores = report's",
          [int(p["points"]) for p in players] == [p["points"] for p in g["players"]] and
          [int(p["final"]) for p in players] == [p["score"] for p in g["players"]])
    rc, out, err = run(paifu, "stats", "-q", "--rules", "ema", "--format", "json", sheet)
    st = {p["name"]: p for p in json.loads(out)["players"]}
    check("stats places = report places",
          [st[p["name"]]["avg_place"] for p in g["players"]] == [p["place"] for p in g["players"]])
    won = {}
    for r in g["deals"]:
        if r["outcome"] in ("ron", "tsumo"):
            won.setdefault(r["seat"], []).append(r["points"])
    check("stats average win = the report's hand values",
          all(st[g["players"][s]["name"]]["avg_win"] == sum(v) / len(v) for s, v in won.items()),
          str(won))
    env = dict(os.environ, PAIFU_LIBRARY=lib,
               PYTHONPATH=os.path.join(source, "python") + os.pathsep +
               os.environ.get("PYTHONPATH", ""))
    code = ("import json, sys, paifu\n"
            "g = paifu.read_game(sys.argv[1])\n"
            "v = g.settled('ema')\n"
            "print(json.dumps({'labels': [d.label for d in g.deals],\n"
            "  'table': paifu.deals_table(sys.argv[1])['label'],\n"
            "  'rows': [r['deltas'] for d in v['deals'] for r in d['rows']],\n"
            "  'points': v['result']['points']}))\n")
    rc, out, err = run(sys.executable, "-c", code, sheet, env=env)
    check("python runs", rc == 0, err[-300:])
    if rc == 0:
        py = json.loads(out)
        want = [l for _, l in labels]
        check("python Deal labels = report's", py["labels"] == want, str(py["labels"]))
        check("python deals_table labels = report's", py["table"] == want, str(py["table"]))
        check("python settled deltas = report's",
              py["rows"] == [paid(r) for r in g["deals"] if r["round"] != "end"],
              str(py["rows"]))
        check("python final points = report's", py["points"] == recorded)

    # ---- 3. the mixed folder: no game lost, no rule sets mixed, no seats merged ----
    rc, out, err = run(paifu, "report", "--format", "json", mixed)
    mix = json.loads(out)
    tables = mix["standings_tables"]
    unranked = {u["game"]: u["reason"] for u in mix["unranked"]}
    for game in mix["games"]:
        t = game.get("standings_table")
        if t:
            rows = {r["player"] for r in tables[t - 1]["rows"]}
            check(f'game {game["game"]} ranked in table {t} with all its players',
                  {p["name"] for p in game["players"]} <= rows)
            check(f'game {game["game"]}: its table is its rule set and players',
                  tables[t - 1]["rule_set"] == game["rules"]["preset"] and
                  tables[t - 1]["players"] == len(game["players"]))
        else:
            check(f'game {game["game"]} listed with a reason', bool(unranked.get(game["game"])))
    check("the 3-player game has a table of its own",
          any(t["players"] == 3 for t in tables) and
          all(t["players"] in (3, 4) for t in tables))
    check("games sum up", sum(t["games"] for t in tables) + len(unranked) == len(mix["games"]))
    mjai = [x for x in mix["games"] if x["file"].endswith("mjai-unnamed-seats.jsonl")][0]
    names = [p["name"] for p in mjai["players"]]
    check("four unnamed seats are four players", len(set(names)) == 4 and all(names), str(names))
    t = tables[mjai["standings_table"] - 1]
    check("four rows of one game each in the standings",
          sum(1 for r in t["rows"] if r["player"] in names and r["games"] == 1) == 4)
    computed = [x for x in mix["games"] if x["file"].endswith("tenhou6-no-final-points.json")][0]
    check("a game without final points takes the walk's, marked",
          computed.get("points_computed") is True and "result_note" in computed and
          [p["points"] for p in computed["players"]] == [20000, 40000, 21000, 19000])
    rc, out, err = run(paifu, "stats", "-q", "--format", "json", mixed)
    stats = {p["name"]: p for p in json.loads(out)["players"]}
    check("stats: four unnamed seats, four players",
          all(n in stats and stats[n]["games"] == 1 for n in names) and "" not in stats,
          str(sorted(stats)))
    out_dir = os.path.join(work, "export-mixed")
    rc, out, err = run(paifu, "export", "-q", "--format", "csv", "-o", out_dir,
                       "--player-names", f'{mjai["game"]}:0=Bot Zero', mixed)
    rows = list(csv.DictReader(open(os.path.join(out_dir, "players.csv"), encoding="utf-8")))
    mine = [r["name"] for r in rows if int(r["game_id"]) == mjai["game"]]
    check("export: --player-names names a seat, the others stay apart",
          mine[0] == "Bot Zero" and len(set(mine)) == 4 and all(mine), str(mine))

    # ---- 4. a finding on a sheet names its player ----
    text = open(sheet, encoding="utf-8").read().replace("4han 20fu", "3han 20fu")
    bad = os.path.join(work, "sheet-wrong-han.txt")
    open(bad, "w", encoding="utf-8").write(text)
    rc, out, err = run(paifu, "report", "--rules", "ema", "--format", "json", bad)
    fs = json.loads(out)["games"][0]["findings"]
    check("a sheet finding is made", any(f["code"] == "sheet.han" for f in fs), str(fs)[:300])
    check("a sheet finding names its player",
          all(f["players"] and f["players"][0]["name"] == "dana"
              for f in fs if f["code"] == "sheet.han"), str(fs)[:300])
    rc, out, err = run(paifu, "report", "--rules", "ema", bad)
    check('no "expected -" in the text report', "expected -" not in out)

    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
