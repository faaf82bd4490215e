#!/usr/bin/env python3
"""gen_dead_hands.py: write the dead-hand logs of tests/data/seed-rules/ (stdlib only).

usage: gen_dead_hands.py DIR

RRC 2024 §3.13 and Table 1 on dead hands, each log one deal under rrc that ends in an
exhaustive draw: B (seat 1) declares riichi on 234567m234p5678s (waiting on 5s and 8s) and A
(seat 0) holds 111m999m111p999p waiting on 1z. The live wall (136 - 14 dead - 52 dealt = 70
draws) is the other tiles in a fixed order, with no 1z, 5s or 8s in it, so that nobody can win;
every draw is discarded at once (tsumogiri) but where a log says otherwise.

  rrc-dead-riichi-tenpai-noten.paifu.json   the riichi hand is declared dead (a mistaken ron,
      not shown: Table 1 "Ошибочное объявление победы без открытия руки: Мертвая рука"), is
      still tenpai and pays as noten: A 3000 from the three others. No chombo (§3.13).
  rrc-dead-riichi-tenpai-paid.paifu.json    the same, with B paid as tenpai.
  rrc-riichi-changed-dead-chombo.paifu.json B discards from the hand instead of the drawn tile
      (Table 1 "Замена тайла в руке при риичи: Мертвая рука ... чомбо независимо от наличия
      темпая"), the dead hand is recorded, and so is the chombo at the draw.
  rrc-riichi-changed-dead-no-chombo.paifu.json  the same without the chombo.
"""
import json
import os
import sys

HANDS = ["111m999m111p999p1z", "234567m234p5678s", "111s999s22p33p44p2z",
         "222s333s444s2z3z4z6p"]
DORA = "3z"


def expand(s):
    out, digits = [], ""
    for ch in s:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def wall():
    count = {}
    for t in [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]:
        count[t] = 4
    for h in HANDS:
        for t in expand(h):
            count[t] -= 1
    count[DORA] -= 1
    left = []
    for t in sorted(count, key=lambda t: ("mpsz".index(t[1]), t[0])):
        if t in ("1z", "5s", "8s"):
            continue
        left += [t] * count[t]
    # a fixed interleaving: every seventh tile, so that the first go-around has no four winds
    order = [left[(i * 7) % len(left)] for i in range(len(left))]
    assert sorted(order) == sorted(left)
    return order[:70]


def deal(changed, chombo, b_paid):
    events, w = [], wall()
    turn = 0
    riichi_done = False
    for i, t in enumerate(w):
        seat = turn % 4
        events.append({"type": "draw", "seat": seat, "tile": t})
        discard = {"type": "discard", "seat": seat, "tile": t}
        if seat == 1 and not riichi_done:
            discard["riichi"] = True
            events.append(discard)
            events.append({"type": "riichi_accepted", "seat": 1})
            riichi_done = True
            turn += 1
            continue
        if seat == 1 and i == 21 and changed:
            # keeps the drawn tile, discards 2m from the hand
            events.append({"type": "discard", "seat": 1, "tile": "2m"})
            events.append({"type": "penalty", "seat": 1, "kind": "dead_hand",
                           "note": "discarded a tile of the hand instead of the drawn one in "
                                   "riichi"})
            turn += 1
            continue
        events.append(discard)
        if seat == 1 and i == 21 and not changed:
            events.append({"type": "penalty", "seat": 1, "kind": "dead_hand",
                           "note": "declared ron on a tile it does not win on, hand not shown"})
        turn += 1
    tenpai = [0, 1] if b_paid else [0]
    deltas = [1500, 1500, -1500, -1500] if b_paid else [3000, -1000, -1000, -1000]
    events.append({"type": "exhaustive_draw", "tenpai": tenpai, "deltas": deltas})
    if chombo:
        events.append({"type": "penalty", "seat": 1, "kind": "chombo",
                       "note": "hand changed in riichi: chombo at the draw"})
    return {"round": "E1", "dealer": 0, "honba": 0, "riichi_sticks": 0,
            "scores": [30000, 30000, 30000, 30000], "dora_indicator": DORA, "hands": HANDS,
            "events": events}


def write(path, d):
    lines = ["{", '  "paifu": 1,',
             '  "rules": {"preset": "rrc", "overrides": {"game_length": "single"}},',
             '  "players": ["A", "B", "C", "D"],', '  "deals": [', "    {"]
    keys = list(d)
    for k in keys:
        if k == "events":
            lines.append('      "events": [')
            ev = d["events"]
            for i, e in enumerate(ev):
                lines.append("        " + json.dumps(e, ensure_ascii=False) +
                             ("," if i < len(ev) - 1 else ""))
            lines.append("      ]")
        else:
            lines.append(f'      {json.dumps(k)}: {json.dumps(d[k])},')
    lines += ["    }", "  ]", "}"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    out = sys.argv[1]
    write(os.path.join(out, "rrc-dead-riichi-tenpai-noten.paifu.json"), deal(False, False, False))
    write(os.path.join(out, "rrc-dead-riichi-tenpai-paid.paifu.json"), deal(False, False, True))
    write(os.path.join(out, "rrc-riichi-changed-dead-chombo.paifu.json"), deal(True, True, False))
    write(os.path.join(out, "rrc-riichi-changed-dead-no-chombo.paifu.json"),
          deal(True, False, False))


if __name__ == "__main__":
    main()
