#!/usr/bin/env python3
"""Lay out logs the way other tools write them, for tests/tools/layouts_tests.sh.

Each layout restates, in this file's own code, what the cited source does (facts, not code):

  mortal OUTDIR MJAI_LOG
      Mortal's arena log directory (Equim-chan/Mortal libriichi/src/arena/one_vs_three.rs @
      05d4e41d13e863876a03c3f3ff3450a8b17f7795, two_vs_two.rs alike): one file per game named
      "{seed0}_{seed1}_{split}.json.gz" (split a..d), the game's mjai events as
      GameResult::dump_json_log writes them (libriichi/src/arena/result.rs @
      0d7077678c8253992415ec810dff12191286ba0a: start_game with names and seed, every event,
      end_game, each one compact JSON ended by "\\n"), gzip-compressed at the best level
      (flate2 Compression::best, level 9). The seed comes from the log's start_game. Four
      splits of the same game: a..d, as the 1-vs-3 arena names the four seatings.
  mjai-app OUTDIR MJAI_LOG
      mjai.app's Simulator logs directory (smly/mjai.app python/mjai/game.py @
      1ad3bb0be06bfc0f3dc70af2866868a2ee78ca87): the match's gzip'd log (src/arena/
      single_match.rs @ 263d46cf0d4362307446d0cbd7d02e27b803a862, as Mortal's) is reloaded and
      written as "{run}.mjai.jsonl" (json.dumps with separators (",", ":"), lines joined by
      "\\n", no final newline); merge_logs() then writes "mjai_log.json": the start_game
      line, every other line of the runs but their end_game, and '{"type":"end_game"}' with no
      final newline; "errors.json" (the runs' error reports, json.dump indent 4: [{}] for a
      clean run), "player_logs.{0..3}.{stderr,stdout}.txt" (the bots' container output) and
      "summary.json" (per kyoku the start and end scores, kyoku count and ranks).
  tenhou-raw OUT.zip
      Tenhou's yearly raw archive as houou-logs imports it (Apricot-S/houou-logs
      src/houou_logs/import_.py @ 09747be4a7749eaf6aca343d30ffbabb233d1b9a and log_id.py @
      17943a32e65c07087a900cd7b9a73d677171fbd1): a zip of "YEAR/sccYYYYMMDD.html.gz" pages
      (gzip'd Shift_JIS HTML from 2013, plain before), a line per game "HH:MM | ... log=ID ...".
      It lists log ids and holds no log: every member is skipped as no log.
"""
import gzip
import json
import os
import sys
import zipfile


def events(path):
    text = open(path, "rb").read()
    if text[:2] == b"\x1f\x8b":
        text = gzip.decompress(text)
    return [json.loads(l) for l in text.decode("utf-8").splitlines() if l.strip()]


def compact(ev):
    return json.dumps(ev, separators=(",", ":"), ensure_ascii=False)


def mortal(out, log):
    os.makedirs(out, exist_ok=True)
    evs = events(log)
    start = evs[0]
    assert start["type"] == "start_game", start
    seed = start.get("seed") or [0, 0]
    # dump_json_log: start_game {names, seed}, the deals' events, end_game
    body = [e for e in evs if e["type"] not in ("start_game", "end_game")]
    text = compact({"type": "start_game", "names": start["names"], "seed": seed}) + "\n"
    text += "".join(compact(e) + "\n" for e in body)
    text += compact({"type": "end_game"}) + "\n"
    names = []
    for split in "abcd":
        name = "%d_%d_%s.json.gz" % (seed[0], seed[1], split)
        with open(os.path.join(out, name), "wb") as f:
            f.write(gzip.compress(text.encode("utf-8"), 9))
        names.append(name)
    print("\n".join(names))


def summary(lines):
    """mjai.app's _summarize_mjai_log, restated: per kyoku its start and end scores."""
    kyoku, deltas, start, info = [], [0, 0, 0, 0], [25000] * 4, {}
    for line in lines:
        ev = json.loads(line)
        if ev["type"] == "reach_accepted":
            deltas[ev["actor"]] = -1000
        if "deltas" in ev:
            deltas = [a + b for a, b in zip(deltas, ev["deltas"])]
        if ev["type"] == "start_kyoku":
            deltas, start = [0, 0, 0, 0], ev["scores"]
            info = {k: ev[k] for k in ("bakaze", "kyoku", "honba", "kyotaku", "oya")}
        if ev["type"] == "end_kyoku":
            kyoku.append({"start_kyoku_scores": start,
                          "end_kyoku_scores": [a + b for a, b in zip(start, deltas)],
                          "kyoku_info": info, "error_info": None})
    last = kyoku[-1]["end_kyoku_scores"]
    keyed = sorted((-s - (0.3, 0.2, 0.1, 0)[i], i) for i, s in enumerate(last))
    rank = [0] * 4
    for r, (_, i) in enumerate(keyed):
        rank[i] = r + 1
    return {"kyoku": kyoku, "kyoku_count": len(kyoku), "rank": rank}


def mjai_app(out, log):
    os.makedirs(out, exist_ok=True)
    evs = events(log)
    # the run's file: reloaded from the match's gzip and dumped compactly, "\n"-joined
    run = "\n".join(json.dumps(e, separators=(",", ":")) for e in evs)
    lines = [l + "\n" for l in run.split("\n")]
    lines[-1] = lines[-1][:-1]
    start, body = "", []
    for line in lines:
        if line.startswith('{"type":"end_game"}'):
            continue
        if line.startswith('{"type":"start_game"'):
            start = line
            continue
        body.append(line)
    with open(os.path.join(out, "mjai_log.json"), "w") as f:
        f.write("".join([start] + body + ['{"type":"end_game"}']))
    with open(os.path.join(out, "errors.json"), "w") as f:
        json.dump([{}], f, indent=4)
    for p in range(4):
        for kind in ("stderr", "stdout"):
            with open(os.path.join(out, "player_logs.%d.%s.txt" % (p, kind)), "w") as f:
                f.write("" if kind == "stderr" else "bot %d ready\n" % p)
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary(open(os.path.join(out, "mjai_log.json")).read().splitlines()), f)
    print("mjai_log.json")


def tenhou_raw(out):
    day1 = ("00:08 | 19 | \u56db\u9cf3\u5357\u55b0\u8d64\u2212 | <a href=\"http://tenhou.net/0/"
            "?log=2023010100gm-00a9-0000-0a1b2c3d\">\u724c\u8b5c</a> | A(+50.0) B(+10.0) "
            "C(-20.0) D(-40.0)<br>\r\n")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("2023/scc20230101.html.gz", gzip.compress(day1.encode("shift_jis")))
        z.writestr("2023/scc20230102.html.gz",
                   gzip.compress(day1.replace("0101", "0102").encode("shift_jis")))
    print("2023/scc20230101.html.gz\n2023/scc20230102.html.gz")


def main(argv):
    if len(argv) == 3 and argv[0] == "mortal":
        mortal(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "mjai-app":
        mjai_app(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "tenhou-raw":
        tenhou_raw(argv[1])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
