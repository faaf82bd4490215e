#!/usr/bin/env python3
"""Findings a referee acts on, over every real log: the players they concern and their words.

usage: finding_words_corpus.py PAIFU SAMPLES_DIR CORPUS_DIR

Every tile log and score sheet of CORPUS_DIR (../shared/corpus; samples/ without it) is
validated with --format jsonl under the rule set each log names and under every riichi preset
(MCR logs under mcr). For every finding the test checks, from what the output holds:
- it names the players it concerns: its players list is not empty, except for the findings on
  the file or the table itself (the log's structure and end, the wall, the dealer, honba and
  sticks, an abortive draw's condition, the game's end where no seat decides it, final points
  that do not add up to the table's total);
- where its expected and recorded values are lists by seat, every seat whose value differs is
  among its players;
- its message holds no snake_case word (the players' own names aside) and quotes no rule
  parameter with a value ("open_pinfu_fu 0", "kiriage=true"): codes and parameters stay in the
  code and rule fields.
It prints the counts it checked.
"""
import json
import os
import re
import subprocess
import sys

TABLE_CODES = re.compile(r"^(log\.|wall\.|format\.|flow\.(dealer|honba|riichi_sticks|game_end)$|"
                         r"draw\.condition$)")
CHOMBO_CODES = {"win.no_yaku", "win.not_complete", "penalty.noten_riichi"}
RIICHI_PRESETS = ["rrc", "ema", "ema2012", "wrc", "jhc2016", "tenhou", "majsoul"]
SNAKE = re.compile(r"(?<![A-Za-z0-9_.])[a-z]+_[a-z0-9_]+")
NUMBER = re.compile(r"^[+\-]?(±)?\d+(\.\d+)?$")


def params(paifu):
    out = subprocess.run([paifu, "rules", "params"], capture_output=True, text=True).stdout
    return [m.group(1) for m in re.finditer(r"^([a-z][a-z0-9_]*) \(", out, re.M)]


def seat_list(text, players):
    parts = text.split(",") if text else []
    if len(parts) != players or not all(NUMBER.match(p) for p in parts):
        return None
    return parts


def main():
    paifu, samples, corpus = sys.argv[1:4]
    names = params(paifu)
    quoted = re.compile(r"\b(%s)\b\s*(=|\s)\s*(-?\d+|true|false)\b" % "|".join(map(re.escape, names)))
    has_corpus = os.path.isdir(corpus)
    if has_corpus:
        roots = [os.path.join(corpus, d) for d in sorted(os.listdir(corpus))
                 if os.path.isdir(os.path.join(corpus, d))]
    else:
        roots = [samples]
    failures = []
    counts = {"findings": 0, "with players": 0, "on the table or file": 0,
              "value lists checked": 0, "messages read": 0, "runs": 0,
              "chombo consequences said": 0, "no yaku for want of open tanyao, said": 0}

    def fail(what):
        if len(failures) < 40:
            print("FAIL: " + what)
        failures.append(what)

    for rules in [None] + RIICHI_PRESETS + ["mcr"]:
        cmd = [paifu, "validate", "--format", "jsonl"]
        if rules:
            cmd += ["--rules", rules]
        p = subprocess.run(cmd + roots, capture_output=True, text=True)
        counts["runs"] += 1
        games = {}
        for line in p.stdout.splitlines():
            rec = json.loads(line)
            if rec.get("type") == "game":
                games[(rec["file"], rec["game"])] = rec
        for line in p.stdout.splitlines():
            rec = json.loads(line)
            if rec.get("type") != "finding":
                continue
            f = rec["finding"]
            counts["findings"] += 1
            where = f"{rec['file']} game {rec.get('game')} under {rules or 'its own rules'}: {f['code']}"
            seats = {pl["seat"] for pl in f["players"]}
            if seats:
                counts["with players"] += 1
            elif TABLE_CODES.match(f["code"]) or (f["code"] == "game.final_points" and
                                                 f.get("expected", "").startswith("a sum of")):
                counts["on the table or file"] += 1
            else:
                fail(f"{where}: names no player: {f['message']!r}")
            # the seats whose values by seat differ are among its players
            players = len(games.get((rec["file"], rec.get("game")), {}).get("players", [])) or \
                (3 if len(f.get("expected", "").split(",")) == 3 else 4)
            e = seat_list(f.get("expected", ""), players)
            g = seat_list(f.get("recorded", ""), players)
            if e and g:
                counts["value lists checked"] += 1
                differ = {s for s in range(players) if e[s] != g[s]}
                if not differ <= seats:
                    fail(f"{where}: seats {sorted(differ - seats)} differ but are not named")
            # the words of the message
            counts["messages read"] += 1
            msg = f["message"]
            for pl in f["players"]:
                if pl.get("name"):
                    msg = msg.replace(pl["name"], "NAME")
            m = SNAKE.search(msg)
            if m:
                fail(f"{where}: a snake_case word in the message ({m.group(0)}): {f['message']!r}")
            # a false win and a noten riichi say what follows: the chombo under the rule set
            # (RRC 2024 §3.13), unless the message was cut at its field's 200 bytes
            if f["code"] in CHOMBO_CODES:
                if "chombo under these rules" in f["message"] or f["message"].endswith("\u2026"):
                    counts["chombo consequences said"] += 1
                else:
                    fail(f"{where}: does not say what follows (the chombo): {f['message']!r}")
            if (f["code"] == "win.no_yaku" and rules == "ema2012" and
                    "these rules count no open tanyao" in f["message"]):
                counts["no yaku for want of open tanyao, said"] += 1
            m = quoted.search(msg)
            if m:
                fail(f"{where}: a rule parameter quoted in the message ({m.group(0)}): "
                     f"{f['message']!r}")
    print("checked: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    if has_corpus and not counts["no yaku for want of open tanyao, said"]:
        fail("under ema2012 (tanyao closed only) no win.no_yaku of the corpus's open tanyao wins "
             "says that these rules count no open tanyao")
    if not counts["findings"]:
        fail("no finding at all: the inputs were not read")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
