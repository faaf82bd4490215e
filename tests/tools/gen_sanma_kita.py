#!/usr/bin/env python3
"""gen_sanma_kita.py: write a hand-made 3-player deal with kita as paifu JSON (stdlib only).

usage: gen_sanma_kita.py OUT.paifu.json

Tenhou logs may not be copied into paifu, so the deal viewer's 3-player test game is made here:
the 108 tiles of sanma (1m and 9m, pinzu, souzu and honours, four each, one red 5p and one red
5s) shuffled by a fixed random.Random; thirteen tiles dealt to each of three seats; every seat
in turn draws a live tile and discards it (tsumogiri), except that a North (4z) in the hand is
set aside as kita first and replaced from the dead wall; the live wall (108 - 14 dead - 39
dealt = 55 draws, replacements included) runs out and the deal ends in an exhaustive draw
with every hand noten (the dealer passes: E2-1 follows).
Written under tenhou with Tenhou's sanma parameters. Two deals: the second with other seeds.
"""
import json
import random
import sys

NAMES = ["Aiko", "Bao", "Chiara"]


def tiles():
    out = []
    for t in ["1m", "9m"] + [f"{n}p" for n in range(1, 10)] + [f"{n}s" for n in range(1, 10)] + \
            [f"{n}z" for n in range(1, 8)]:
        out += [t] * 4
    out[out.index("5p")] = "0p"
    out[out.index("5s")] = "0s"
    return out


def key(t):
    order = "mpsz"
    n = 5 if t[0] == "0" else int(t[0])
    return (order.index(t[1]), n, t[0] == "0")


def deal(seed, round_, dealer, scores):
    wall = tiles()
    random.Random(seed).shuffle(wall)
    hands = [sorted(wall[13 * s:13 * s + 13], key=key) for s in range(3)]
    rest = wall[39:]
    dead, live = rest[-14:], rest[:-14]
    dora = dead[4]
    replacements = dead[:4]
    events = []
    draws_left = len(live)  # 55: replacements come out of it too (the dead wall is replenished)
    seat = dealer
    held = [list(h) for h in hands]
    li = 0
    ri = 0
    while draws_left > 0:
        t = live[li]
        li += 1
        draws_left -= 1
        events.append({"type": "draw", "seat": seat, "tile": t})
        held[seat].append(t)
        while "4z" in held[seat] and draws_left > 0 and ri < len(replacements):
            held[seat].remove("4z")
            events.append({"type": "kita", "seat": seat, "tile": "4z"})
            r = replacements[ri]
            ri += 1
            draws_left -= 1
            events.append({"type": "draw", "seat": seat, "tile": r, "replacement": True})
            held[seat].append(r)
        last = held[seat][-1]
        held[seat].remove(last)
        events.append({"type": "discard", "seat": seat, "tile": last, "tsumogiri": True})
        seat = (seat + 1) % 3
    events.append({"type": "exhaustive_draw", "tenpai": [], "deltas": [0, 0, 0]})
    return {"round": round_, "dealer": dealer, "honba": 0, "riichi_sticks": 0, "scores": scores,
            "dora_indicator": dora, "hands": ["".join(h) for h in hands], "events": events}


def main():
    scores = [35000, 35000, 35000]
    game = {
        "paifu": 1,
        "rules": {"preset": "tenhou", "overrides": {
            "players": 3, "start_points": 35000, "return_points": 40000, "oka": 15000,
            "uma": [20000, 0, -20000, 0], "sanma_tsumo_loss": True, "kita": True,
            "noten_total": 2000, "honba_value": 200, "target_points": 40000,
            "riichi_min_wall": 3, "game_length": "east"}},
        "players": NAMES,
        "deals": [deal(7, "E1", 0, scores), deal(11, "E2", 1, scores)],
    }
    game["deals"][1]["honba"] = 1
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(game, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
