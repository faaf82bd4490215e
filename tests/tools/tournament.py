#!/usr/bin/env python3
"""Build a small tournament with findings from samples/, in several formats (Python 3 stdlib).

usage: tournament.py SAMPLES_DIR OUT_DIR

  rrc-bad-delta.paifu.json      session-rrc with Boris's first win recorded 1300 short
                                (a score.delta finding naming Boris and Dana)
  selfplay-bad.mjai.jsonl       the RiichiEnv mjai game with names (two CJK) and one discard of a
                                tile not in the hand (a tile-log finding with the table state)
  synthetic-tenhou.mjlog        Tenhou XML, clean
  session-ema.paifu.json        paifu JSON under ema, clean
  no-rules.paifu.json           the hand-made one-deal game with its rule set taken out: paifu
                                assumes rrc (a South game), so it ends too early (flow.game_end)

mixed(SAMPLES_DIR, DATA_DIR, OUT_DIR, PAIFU) adds, for the publishing tests (report_html_test.py,
report_csv_test.py), the kinds of log a referee mixes (DATA_DIR: tests/data/tournament-mixed):
  pantheon-ema-sheet.txt        a Pantheon text score sheet (samples/)
  session-jhc2016.paifu.json    a paifu JSON score sheet under another rule set (JHC 2016's
                                average-place standings)
  tenhou6-no-sc.json            samples/synthetic-tenhou.mjlog written as tenhou.net/6 by paifu
                                convert, other names, then "sc" (the final points) and the
                                carried rule set taken out, as a hand transcription leaves it
  unnamed.mjai.jsonl            the RiichiEnv mjai game with no "names" in start_game (the bot
                                log's own form: four unnamed seats)
  sanma-sheet.paifu.json        a 3-player score sheet under tenhou with Tenhou's sanma
                                parameters (DATA_DIR, written by hand)
  fu-110.paifu.json             the RiichiEnv mjai game written as paifu JSON by paifu convert,
                                named, with 110 fu recorded on seat 3's 1500-point ron off seat
                                1 (a score.fu finding with the replay's fu breakdown)
  injection.paifu.json          samples/session-wrc.paifu.json with two players renamed "=1+2"
                                and "@SUM(A1)" (CSV injection)
"""
import json
import subprocess
import os
import shutil
import sys

NAMES = ["佐藤 花子", "Ivan", "李明", "Zoë"]


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    text = open(os.path.join(src, "session-rrc.paifu.json"), encoding="utf-8").read()
    bad = text.replace('"deltas": [0, 6200, 0, -5200]', '"deltas": [0, 4900, 0, -3900]', 1)
    assert bad != text
    bad = bad.replace('"scores": [30000, 35200, 30000, 24800]',
                      '"scores": [30000, 33900, 30000, 26100]')
    open(os.path.join(out, "rrc-bad-delta.paifu.json"), "w", encoding="utf-8").write(bad)

    lines = []
    dahai = 0
    for line in open(os.path.join(src, "riichienv-selfplay.mjai.jsonl"), encoding="utf-8"):
        ev = json.loads(line)
        if ev["type"] == "start_game":
            ev["names"] = NAMES
        if ev["type"] == "dahai":
            dahai += 1
            if dahai == 15:  # 李明 (seat 2) discards a tile the hand does not hold
                ev["pai"] = "9m" if ev["pai"] != "9m" else "1p"
                ev["tsumogiri"] = False
        lines.append(json.dumps(ev, ensure_ascii=False, separators=(",", ":")))
    open(os.path.join(out, "selfplay-bad.mjai.jsonl"), "w", encoding="utf-8").write(
        "\n".join(lines) + "\n")

    for name in ("synthetic-tenhou.mjlog", "session-ema.paifu.json"):
        shutil.copy(os.path.join(src, name), os.path.join(out, name))

    game = json.load(open(os.path.join(src, "handmade-rrc-one-deal.paifu.json"), encoding="utf-8"))
    del game["rules"]
    json.dump(game, open(os.path.join(out, "no-rules.paifu.json"), "w", encoding="utf-8"),
              ensure_ascii=False, indent=1)


def mixed(src, data, out, paifu):
    os.makedirs(out, exist_ok=True)
    shutil.copy(os.path.join(src, "pantheon-ema-sheet.txt"), out)
    shutil.copy(os.path.join(src, "session-jhc2016.paifu.json"), out)
    shutil.copy(os.path.join(data, "sanma-sheet.paifu.json"), out)

    t6 = os.path.join(out, "tenhou6-no-sc.json")
    subprocess.run([paifu, "convert", "--to", "tenhou6", "-o", t6,
                    os.path.join(src, "synthetic-tenhou.mjlog")], check=True, capture_output=True)
    game = json.load(open(t6, encoding="utf-8"))
    assert "sc" in game
    del game["sc"]
    game.pop("paifu_rules", None)
    game["name"] = ["Tanaka", "Suzuki", "Kato", "Ito"]
    json.dump(game, open(t6, "w", encoding="utf-8"), ensure_ascii=False)

    lines = []
    for line in open(os.path.join(src, "riichienv-selfplay.mjai.jsonl"), encoding="utf-8"):
        ev = json.loads(line)
        if ev["type"] == "start_game":
            ev.pop("names", None)
        lines.append(json.dumps(ev, separators=(",", ":")))
    open(os.path.join(out, "unnamed.mjai.jsonl"), "w", encoding="utf-8").write(
        "\n".join(lines) + "\n")

    fu = os.path.join(out, "fu-110.paifu.json")
    subprocess.run([paifu, "convert", "--to", "paifu", "-o", fu,
                    os.path.join(src, "riichienv-selfplay.mjai.jsonl")], check=True,
                   capture_output=True)
    game = json.load(open(fu, encoding="utf-8"))
    game["players"] = ["Fumiko", "Gen", "Hiro", "Isamu"]
    wins = [e for d in game["deals"] for e in d["events"]
            if e.get("type") == "win" and e.get("deltas") == [0, -1500, 0, 1500]]
    assert len(wins) == 1
    wins[0]["fu"] = 110
    json.dump(game, open(fu, "w", encoding="utf-8"), ensure_ascii=False)

    game = json.load(open(os.path.join(src, "session-wrc.paifu.json"), encoding="utf-8"))
    game["players"][0] = "=1+2"
    game["players"][2] = "@SUM(A1)"
    json.dump(game, open(os.path.join(out, "injection.paifu.json"), "w", encoding="utf-8"),
              ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
