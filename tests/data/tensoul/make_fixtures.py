#!/usr/bin/env python3
"""Write the tensoul fixtures of this folder: tenhou.net/6 logs of MahjongSoul games as tensoul
writes them (github.com/Equim-chan/tensoul, convert.js at commit
03b222840ceae9c6741f99f0a1c47bcc1900c56a, its names from data.json at commit
62701d1220a12128394dac60d3c516e872bb707a).

Input: paifu's own tenhou.net/6 conversion of a game (paifu convert --to tenhou6), which gives
the round arrays (tiles, calls, kita "f44", deltas) in the form tensoul's kyoku.dump gives them.
This script rewrites what tensoul writes differently, as convert.js does it:
  - ver "2.3" (a string), ref the game's uuid, ratingc "PF4"/"PF3", lobby 0;
  - rule.disp: ["3" for 3 players, Japanese only] + room_name_jp|room_name_en of the match mode
    + [東喰|南喰, " East"|" South": modes 1 and 2 only] + ["赤": Japanese, ranked rooms];
    aka53 1, aka52 1 (2 with four red fives), aka51 1 for 4 players, 0 for 3;
  - dan, rate, sx, name padded to four seats ("", 0, "C", ""); sc an array of 8 filled with 0,
    then points and total_point/1000 per seat;
  - a win's score string: fu + "符"|"Fu" + han + "飜"|"Han" + points + "点" (+"∀"), or a limit
    name (満貫 ... / "Mangan " ...) + points + "点"; "和了" always in Japanese;
  - a yaku: cfg.fan.fan.map_[id].name_jp|name_en + "(" + val + "飜)" or "(役満)";
  - draws: [RUNES name, deltas] for an exhaustive draw (deltas always written), [name] else.
Usage: make_fixtures.py IN.json OUT.json ja|en ROOM_JP ROOM_EN MODE UUID [points,results...]
"""
import json
import re
import sys

# Tenhou's yaku names (paifu's writer) -> MahjongSoul fan (name_jp, name_en), data.json fan table
FANS = {
    "門前清自摸和": ("門前清自摸和", "Fully Concealed Hand"), "立直": ("立直", "Riichi"),
    "一発": ("一発", "Ippatsu"), "槍槓": ("槍槓", "Robbing a Kan"),
    "嶺上開花": ("嶺上開花", "After a Kan"), "海底摸月": ("海底摸月", "Under the Sea"),
    "河底撈魚": ("河底撈魚", "Under the River"), "平和": ("平和", "Pinfu"),
    "断幺九": ("断幺九", "All Simples"), "一盃口": ("一盃口", "Pure Double Sequence"),
    "役牌 白": ("役牌 白", "White Dragon"), "役牌 發": ("役牌 發", "Green Dragon"),
    "役牌 中": ("役牌 中", "Red Dragon"), "両立直": ("ダブル立直", "Double Riichi"),
    "七対子": ("七対子", "Seven Pairs"), "混全帯幺九": ("混全帯幺九", "Half Outside Hand"),
    "一気通貫": ("一気通貫", "Pure Straight"), "三色同順": ("三色同順", "Mixed Triple Sequence"),
    "三色同刻": ("三色同刻", "Triple Triplets"), "三槓子": ("三槓子", "Three Quads"),
    "対々和": ("対々和", "All Triplets"), "三暗刻": ("三暗刻", "Three Concealed Triplets"),
    "小三元": ("小三元", "Little Three Dragons"), "混老頭": ("混老頭", "All Terminals and Honors"),
    "二盃口": ("二盃口", "Twice Pure Double Sequence"), "純全帯幺九": ("純全帯幺九", "Fully Outside Hand"),
    "混一色": ("混一色", "Half Flush"), "清一色": ("清一色", "Full Flush"),
    "ドラ": ("ドラ", "Dora"), "赤ドラ": ("赤ドラ", "Red Five"), "裏ドラ": ("裏ドラ", "Ura Dora"),
    "抜きドラ": ("抜きドラ", "Kita"), "大三元": ("大三元", "Big Three Dragons"),
}
SEAT = ("役牌:自風牌", "Seat Wind")      # fan 10
ROUND = ("役牌:場風牌", "Prevalent Wind")  # fan 11
LIMITS = {"満貫": "Mangan ", "跳満": "Haneman ", "倍満": "Baiman ", "三倍満": "Sanbaiman ",
          "役満": "Yakuman ", "数え役満": "Counted Yakuman "}
DRAWS = {"流局": "Exhaustive Draw", "流し満貫": "Mangan at Draw", "九種九牌": "Nine Terminal Abortion",
         "四風連打": "Four Wind Abortion", "四家立直": "Four Riichi Abortion"}


def yaku(s, en):
    name, val = re.fullmatch(r"(.*)\((.*)\)", s).groups()
    if name.startswith("自風"):
        pair = SEAT
    elif name.startswith("場風"):
        pair = ROUND
    else:
        pair = FANS[name]
    return pair[1 if en else 0] + "(" + val + ")"


def score(s, en):
    if not en:
        return s
    m = re.fullmatch(r"(\d+)符(\d+)飜(.*)", s)
    if m:
        return m.group(1) + "Fu" + m.group(2) + "Han" + m.group(3)
    for jp in sorted(LIMITS, key=len, reverse=True):
        if s.startswith(jp):
            return LIMITS[jp] + s[len(jp):]
    raise ValueError(s)


def main():
    src, out, lang, room_jp, room_en, mode, uuid = sys.argv[1:8]
    en = lang == "en"
    sc = [float(x) for x in sys.argv[8].split(",")] if len(sys.argv) > 8 else None
    d = json.load(open(src, encoding="utf-8"))
    names = d["name"]
    players = sum(1 for n in names if n != "") if len(names) == 4 else len(names)
    players = 3 if all(len(r[4 + 3 * 3]) == 0 for r in d["log"]) else 4
    mode = int(mode)
    disp = ("3" if players == 3 and not en else "") + (room_en if en else room_jp)
    if mode in (1, 2):
        disp += (" East" if en else "東喰") if mode == 1 else (" South" if en else "南喰")
    if not en:
        disp += "赤"
    log = []
    for r in d["log"]:
        r = list(r)
        res = list(r[-1])
        if res[0] == "和了":
            for k in range(2, len(res), 2):
                det = list(res[k])
                det[3] = score(det[3], en)
                det[4:] = [yaku(y, en) for y in det[4:]]
                res[k] = det
        else:
            deltas = res[1] if len(res) > 1 else [0, 0, 0, 0]
            name = DRAWS[res[0]] if en else res[0]
            res = [name, deltas] if res[0] in ("流局", "流し満貫") else [name]
        r[-1] = res
        log.append(r)
    o = {"ver": "2.3", "ref": uuid, "log": log, "ratingc": "PF%d" % players,
         "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1 if players == 4 else 0},
         "lobby": 0,
         "dan": (["雀豪★2"] * players + [""] * (4 - players)) if not en
                else (["Master II"] * players + [""] * (4 - players)),
         "rate": [2000] * players + [0] * (4 - players), "sx": ["C"] * 4}
    o["sc"] = [0] * 8
    pts = d["sc"] if sc is None else sc
    for s in range(players):
        o["sc"][2 * s] = int(pts[2 * s])
        o["sc"][2 * s + 1] = pts[2 * s + 1]
    o["name"] = names[:players] + [""] * (4 - players)
    o["title"] = [disp, "2021/8/15 23:16:03"]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(o, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


main()
