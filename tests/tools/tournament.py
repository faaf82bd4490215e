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
"""
import json
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


if __name__ == "__main__":
    main()
