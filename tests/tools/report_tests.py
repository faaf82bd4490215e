#!/usr/bin/env python3
"""paifu report and the names and rule sets of paifu validate, over a small tournament.

usage: report_tests.py PAIFU SAMPLES_DIR SCHEMAS_DIR WORK_DIR

Checks (each failure is printed; exit 1 when any):
  - CSV: every table loads with the csv module, header plus one row per standing player, per
    player of every game, per deal outcome, per finding (counts taken from the JSON report);
    every row as long as the header;
  - Markdown: each table has the same cells as its CSV table (Markdown's numbers formatted for
    reading: "26,000", "+6.0");
  - JSON: validates against schemas/audit.schema.json, and has no internal fields;
  - text: tables aligned by display width (CJK names two columns a character);
  - validate: each game's rule set in text and JSON, "assumed" for the log that names none;
    players' names in findings; games numbered the same in text and JSON.
"""
import csv
import io
import json
import os
import subprocess
import sys
import unicodedata

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tournament  # noqa: E402

failures = 0


def check(what, ok, detail=""):
    global failures
    if not ok:
        failures += 1
        print(f"FAIL: {what}{': ' + detail if detail else ''}")
    return ok


def run(paifu, *args):
    p = subprocess.run([paifu, *args], capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in s)


def plain(cell):
    """A number as CSV writes it, whether formatted for reading ("26,000", "+6.0", "±0.0") or
    not; any other cell as it is."""
    s = cell.replace(",", "").replace("+", "").replace("±", "")
    try:
        return repr(float(s)) if s and s[0] in "-0123456789" else cell
    except ValueError:
        return cell


def md_table(text):
    """The cells of the first pipe table in TEXT, header first, escapes and links undone."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells, cur, i = [], "", 1
        while i < len(line):
            c = line[i]
            if c == "\\" and i + 1 < len(line):
                cur += line[i + 1]
                i += 2
                continue
            if c == "|":
                cells.append(cur.strip())
                cur = ""
            else:
                cur += c
            i += 1
        rows.append(cells)
    rows = [r for r in rows if not all(set(c) <= set("-:") and c for c in r)]
    out = []
    for r in rows:
        row = []
        for c in r:
            if c.startswith("[") and "](" in c and c.endswith(")"):
                c = c[1:c.rindex("](")]
            row.append(c)
        out.append(row)
    return out


def main():
    paifu, samples, schemas, work = sys.argv[1:5]
    logs = os.path.join(work, "logs")
    tournament.main.__globals__["sys"].argv = ["tournament.py", samples, logs]
    tournament.main()

    rc, out, err = run(paifu, "report", "--format", "json", logs)
    check("report json exit status 1 (findings)", rc == 1, f"{rc} {err}")
    doc = json.loads(out)
    schema = json.load(open(os.path.join(schemas, "audit.schema.json"), encoding="utf-8"))
    store = {}
    for name in os.listdir(schemas):
        other = json.load(open(os.path.join(schemas, name), encoding="utf-8"))
        store[other["$id"]] = other
    v = jsonschema.Draft202012Validator(
        schema, resolver=jsonschema.RefResolver.from_schema(schema, store=store))
    errors = list(v.iter_errors(doc))
    check("report json validates against audit.schema.json", not errors,
          "; ".join(e.message[:200] for e in errors[:3]))
    check("report json has no internal fields", "place_sum" not in out and "x12" not in out)
    # the mixed tournament of the publishing tests (a title, a fu breakdown, sheets, sanma)
    mixed = os.path.join(work, "mixed")
    tournament.main.__globals__["sys"].argv = ["tournament.py", samples, mixed]
    tournament.main()
    tournament.mixed(samples, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                           "data", "tournament-mixed"), mixed, paifu)
    rc, mout, err = run(paifu, "report", "--title", "Cup", "--format", "json", mixed)
    mdoc = json.loads(mout)
    errors = list(v.iter_errors(mdoc))
    check("the mixed tournament's json validates against audit.schema.json", not errors,
          "; ".join(e.message[:200] for e in errors[:3]))
    check("json: the title and a fu breakdown", mdoc.get("title") == "Cup" and
          any(f.get("fu") for g in mdoc["games"] for f in g["findings"]))
    games = doc["games"]
    check("five games", len(games) == 5, str(len(games)))
    n_deals = sum(len(g["deals"]) for g in games)
    n_results = sum(len(g["players"]) for g in games)
    n_findings = sum(len(g["findings"]) for g in games)
    # one standings table per rule set and players; CSV and --table standings list them all
    n_standings = sum(len(t["rows"]) for t in doc["standings_tables"])
    check("findings found", n_findings >= 2, str(n_findings))
    tile = [f for g in games for f in g["findings"] if f.get("state")]
    check("a tile-log finding carries the table state", tile and tile[0]["players"][0]["name"]
          == "李明" and len(tile[0]["state"]["seats"]) == 4, json.dumps(tile[:1], ensure_ascii=False))

    want = {"standings": n_standings, "games": n_results, "deals": n_deals,
            "findings": n_findings}
    csv_dir = os.path.join(work, "csv")
    rc, out, err = run(paifu, "report", "--format", "csv", "-o", csv_dir, logs)
    check("report csv -o DIR", rc == 1, err)
    for table, rows in want.items():
        raw = open(os.path.join(csv_dir, table + ".csv"), "rb").read()
        check(f"csv {table}: CRLF line ends", raw.endswith(b"\r\n") and b"\n" not in
              raw.replace(b"\r\n", b"") or b'"' in raw)
        parsed = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
        check(f"csv {table}: rows", len(parsed) == rows + 1, f"{len(parsed) - 1} != {rows}")
        check(f"csv {table}: columns", all(len(r) == len(parsed[0]) for r in parsed),
              str({len(r) for r in parsed}))
        rc, one, err = run(paifu, "report", "--format", "csv", "--table", table, logs)
        check(f"csv --table {table} is the file's table", one.encode() == raw)
        rc, md, err = run(paifu, "report", "--format", "markdown", "--table", table, logs)
        check(f"markdown {table}: the same cells as csv (numbers formatted for reading)",
              [[plain(c) for c in r] for r in md_table(md)] ==
              [[plain(c) for c in r] for r in parsed], f"{md_table(md)[:2]} vs {parsed[:2]}")

    rc, full_md, err = run(paifu, "report", "--format", "markdown", logs)
    check("markdown report: one anchor per game",
          all(f'<a id="game-{g["game"]}"></a>' in full_md for g in games))

    # text: every column of every row sits between the dashes of its column in display
    # columns (a wide character takes two), and right-aligned numbers end at the column's end
    rc, text, err = run(paifu, "report", "--table", "games", logs)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    rule = lines[1]
    spans, i = [], 0
    while i < len(rule):
        if rule[i] == "-":
            j = i
            while j < len(rule) and rule[j] == "-":
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    # game, file, seat, player, final points, score, place; a game's penalties after uma (a
    # chombo of the samples) a column of their own before the place
    penalties = "Penalties after uma" in lines[0]
    check("games table: 7 columns (8 with penalties)", len(spans) == 7 + penalties, rule)
    cjk = 0
    for ln in [lines[0]] + lines[2:]:
        cells = []
        for c in ln:
            cells.append(c)
            if width(c) == 2:
                cells.append("")  # the second column of a wide character
        cjk += any(width(c) == 2 for c in ln)
        for k, (a, b) in enumerate(spans):
            if a > 0:
                check("a gap between columns", a - 1 >= len(cells) or cells[a - 1] == " ", repr(ln))
            if k in ((0, 2, 4, 5, 6, 7) if penalties else (0, 2, 4, 5, 6)) and \
                    ln is not lines[0] and b <= len(cells) and \
                    "".join(cells[a:b]).strip():
                # right-aligned columns (game, seat, points, score, place): filled to the end
                check("numbers end at their column's end", cells[b - 1] != " ", repr(ln))
        check("row within the table's width", len(cells) <= spans[-1][1], repr(ln))
    check("the games table shows CJK names", cjk >= 3, text)
    check("佐藤 花子 and 李明 listed", "佐藤 花子" in text and "李明" in text)

    # the whole text report of the bundled samples (seven rule sets: a standings table each):
    # every table under its heading after a blank line, no newline written as an escape
    rc, whole, err = run(paifu, "report", samples)
    heads = [i for i, ln in enumerate(whole.split("\n")) if ln.startswith("Standings: ")]
    check("text report: a standings heading per way of scoring", len(heads) >= 3, whole[:600])
    check("text report: a blank line before every standings heading but the first",
          all(whole.split("\n")[i - 1] == "" for i in heads[1:]), whole[:1200])
    check("text report: no newline written as an escape",
          "\\n" not in whole and "\\x0a" not in whole, whole[:1200])

    # stats keep apart the kinds of game (4-player riichi, 3-player riichi, MCR): each player's
    # games per kind counted from export's games and players rows, joined here
    rc, lines, err = run(paifu, "export", "-q", "-f", "jsonl", "-o", "-", samples)
    rows = [json.loads(ln) for ln in lines.splitlines() if ln.strip()]
    kind = {r["game_id"]: (r["players"], r["family"]) for r in rows if r["table"] == "games"}
    want = {}
    for r in rows:
        if r["table"] == "players":
            k = (r["name"],) + kind[r["game_id"]]
            want[k] = want.get(k, 0) + 1
    rc, out, err = run(paifu, "stats", "-q", "--format", "json", samples)
    got = {(p["name"], p["players"], p["family"]): p["games"] for p in json.loads(out)["players"]}
    check("stats: a row per player and kind of game, its games those of the export", got == want,
          str(sorted(set(got.items()) ^ set(want.items()))))
    check("stats: the samples' MCR game apart from the riichi games",
          any(k[2] == "mcr" for k in got) and any(k[2] == "riichi" for k in got), str(got))
    rc, text, err = run(paifu, "stats", "-q", samples)
    check("stats text: a table per kind of game",
          "4-player riichi games" in text and "MCR games" in text, text[:300])

    # a standings table says who named its rule set as its games say it: the samples' rrc table
    # holds games whose logs name rrc and games for which it was assumed
    rc, out, err = run(paifu, "report", "--format", "json", samples)
    rep = json.loads(out)
    origins = {}
    for g in rep["games"]:
        if g.get("standings_table"):
            origins.setdefault(g["standings_table"], set()).add(g["rules"]["origin"])
    for k, t in enumerate(rep["standings_tables"], 1):
        want = origins[k].pop() if len(origins[k]) == 1 else "mixed"
        check(f"standings table {k}: origin {want}", t["rules"]["origin"] == want and
              t["rules"]["assumed"] == (want == "assumed"), str(t["rules"]))
    check("the samples have a table of mixed origin",
          any(len(v) > 1 for v in origins.values()) or
          any(t["rules"]["origin"] == "mixed" for t in rep["standings_tables"]), str(origins))

    # the rule set a game is said to be checked under is the one it was checked under: the
    # synthetic Tenhou log (GO type 1: East-only, a fact; no date, so whether tenpai-yame
    # applies is not known, a setting of Tenhou's) under its own rules says both, under
    # --rules ema2012 only the fact, which is all that applies
    tenhou_log = os.path.join(samples, "synthetic-tenhou.mjlog")
    said = {}
    for opts in ([], ["--rules", "ema2012"]):
        rc, out, err = run(paifu, "validate", "--format", "json", *opts, tenhou_log)
        said[bool(opts)] = json.loads(out)["files"][0]["game_rules"][0]["rules"]["overrides"]
    check("own rules: the log's fact and setting",
          "game_length=east" in said[False] and "tenpaiyame_known=false" in said[False],
          str(said[False]))
    check("--rules ema2012: the fact only", said[True] == ["game_length=east"], str(said[True]))

    # validate: rule sets, names, numbering
    rc, vtext, err = run(paifu, "validate", logs)
    _, vvtext, _ = run(paifu, "validate", "-v", logs)
    rc2, vjson, err2 = run(paifu, "validate", "--format", "json", logs)
    rep = json.loads(vjson)
    for f in rep["files"]:
        base = os.path.basename(f["file"])
        rules = f["game_rules"]
        check(f"{base}: a rule set per game", len(rules) == f["games"] == 1)
        r = rules[0]["rules"]
        # a log that names no rule set: paifu's JSON without rules, and mjai, whose reader
        # assumes Tenhou's unless paifu's writer carried the rule set (paifu_rules)
        with open(f["file"], encoding="utf-8") as fh:
            carried = "paifu_rules" in fh.read()
        assumed = base == "no-rules.paifu.json" or (base.endswith(".mjai.jsonl") and not carried)
        check(f"{base}: assumed in JSON", r["assumed"] == assumed and
              r["origin"] == ("assumed" if assumed else "log"), json.dumps(r))
        check(f"{base}: document named", r["document"] and r["citation"], json.dumps(r))
        # the text note only where the rule set was assumed (issue 27), every game's with -v
        line = [ln for ln in vtext.splitlines() if ln.startswith(f["file"] + ": note: game 1 ")]
        check(f"{base}: a note in text exactly where assumed", bool(line) == assumed and
              (not line or (r["preset"] in line[0] and "assumed" in line[0])), str(line))
        line = [ln for ln in vvtext.splitlines() if ln.startswith(f["file"] + ": note: game 1 ")]
        check(f"{base}: rule set in text (-v)", line and r["preset"] in line[0] and
              (("assumed" in line[0]) == assumed), str(line))
    rc, chosen, err = run(paifu, "validate", "--format", "json", "--rules", "ema", "--rule",
                          "kiriage=true", os.path.join(logs, "no-rules.paifu.json"))
    r = json.loads(chosen)["files"][0]["game_rules"][0]["rules"]
    check("--rules: the caller's choice, not assumed", r["origin"] == "caller" and
          not r["assumed"] and r["preset"] == "ema" and r["overrides"] == ["kiriage=true"],
          json.dumps(r))
    ema = [f for f in rep["files"] if f["file"].endswith("session-ema.paifu.json")][0]
    check("ema's document", ema["game_rules"][0]["rules"]["citation"] == "RRC 2024 Table 3 (EMA)")
    found = [(f["file"], x) for f in rep["files"] for x in f["findings"]]
    delta = [x for _, x in found if x["code"] == "score.delta"]
    check("score.delta names Boris and Dana",
          delta and delta[0]["players"] == [{"seat": 1, "name": "Boris"},
                                            {"seat": 3, "name": "Dana"}], json.dumps(delta))
    check("score.delta cites a public document", delta and delta[0]["rule"].startswith("RRC 2024 §"))
    text_delta = [ln for ln in vtext.splitlines() if "score.delta" in ln]
    check("text finding names Boris and Dana", text_delta and
          "players Boris (seat 1) and Dana (seat 3)" in text_delta[0], str(text_delta))
    nothing_internal = all(".md" not in x.get("rule", "") and "seed" not in x.get("rule", "")
                           for _, x in found)
    check("no citation of an internal file", nothing_internal)
    for path, x in found:
        g = x["where"].get("game")
        same = [ln for ln in vtext.splitlines()
                if x["code"] in ln and f"[game {g}," in ln and ln.startswith(path)]
        check(f"game {g} numbered alike in text and JSON ({x['code']})", len(same) >= 1)
    print(f"report_tests: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
