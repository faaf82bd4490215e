#!/usr/bin/env python3
"""A tournament's report as its referee checks it, over every tile log and score sheet of the
corpus (issue 35's acceptance): ../shared/corpus when it is there, else samples/.

    report_tournament_test.py PAIFU SOURCE_DIR WORK_DIR [CORPUS_DIR]

`paifu report` is run under no --rules and under --rules ema, rrc and ema2012, in HTML,
Markdown, text, CSV and JSON, and each output is read back as what it holds (its tables' cells):

- every deal row adds up: the scores before it (the row before, or the deal's start) + its
  Δ = the scores after it, riichi deposits and the sticks left at the end included;
- under --rules X: one standings table per number of players, every game with final points in
  one (or listed with its reason), and every game's score there X's computation from its final
  points, with return points, oka and uma taken from the rule document
  (../shared/rules/riichi-rulesets.md), not from paifu; each standings total the sum of them;
- without --rules: no two tables of the same way of scoring and players;
- each player once per table; the player sections (HTML, Markdown) say the rank, games and
  total of the tables; no player named "NoName" (Tenhou's name of a seat without an account);
- every finding names the players it concerns (those on the file or the table aside) and its
  message holds no snake_case word (a code or a rule parameter), the players' names aside
  (report.finding_words checks the same of validate's findings under every preset).

MCR logs are in the run without --rules (a riichi rule set refuses them). It prints the counts
it checked.
"""
import bisect
import csv
import html
import io
import itertools
import json
import os
import re
import subprocess
import sys
import unicodedata

PAIFU, SOURCE, WORK = sys.argv[1:4]
os.makedirs(WORK, exist_ok=True)
# the build's corpus (PAIFU_CORPUS_DIR: a build configured without it passes a path that does
# not exist, and the test reads samples/, as a checkout without the corpus does)
CORPUS = sys.argv[4] if len(sys.argv) > 4 else os.path.join(SOURCE, "..", "shared", "corpus")
FAILS = []
COUNT = {}


def check(what, ok, detail=""):
    if not ok:
        FAILS.append(f"{what}: {str(detail)[:400]}")
        if len(FAILS) <= 40:
            print(f"FAIL {what}: {str(detail)[:400]}")
    return ok


def count(what, n=1):
    COUNT[what] = COUNT.get(what, 0) + n


# The rule documents' values (shared/rules/riichi-rulesets.md §1 table, rows "Starting points",
# "Return points", "Oka", "Uma", "Score ties"): RRC 2024 §3.12 (30000 returned, oka 0, uma
# 15/5); the EMA column of RRC 2024 Table 3 (the same); EMA 2012 §3.6.1 (uma 30/10; it states
# no return, paifu returns the 30000 start as RRC 2024 §3.12 does). Tied players split the uma
# of their places (RRC 2024 §3.12; EMA 2012 §3.6.1). The documents are of 4-player games: a
# 3-player game takes the uma of the first three places.
RULES = {
    "rrc": {"return": 30000, "oka": 0, "uma": [15000, 5000, -5000, -15000]},
    "ema": {"return": 30000, "oka": 0, "uma": [15000, 5000, -5000, -15000]},
    "ema2012": {"return": 30000, "oka": 0, "uma": [30000, 10000, -10000, -30000]},
}


def expected_scores(points, rule, penalties):
    n = len(points)
    order = sorted(range(n), key=lambda s: -points[s])
    uma = [0] * n
    oka = [0] * n
    i = 0
    while i < n:
        j = i + 1
        while j < n and points[order[j]] == points[order[i]]:
            j += 1
        share = sum(rule["uma"][i:j]) // (j - i)
        for k in range(i, j):
            uma[order[k]] = share
            if i == 0:
                oka[order[k]] = rule["oka"] // (j - i)
        i = j
    return [points[s] - rule["return"] + uma[s] + oka[s] - penalties[s] for s in range(n)]


def run(*args):
    p = subprocess.run([PAIFU, *args], capture_output=True)
    try:
        out = p.stdout.decode("utf-8")
    except UnicodeDecodeError as e:  # a name cut into bytes
        check(f"{' '.join(args[:5])}: the output is UTF-8", False,
              p.stdout[max(0, e.start - 200):e.start + 20])
        out = p.stdout.decode("utf-8", "replace")
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


def inputs():
    """The corpus's folders of tile logs and sheets (riichi: its MCR folder apart)."""
    if os.path.isdir(CORPUS):
        dirs = sorted(os.path.join(CORPUS, d) for d in os.listdir(CORPUS)
                      if os.path.isdir(os.path.join(CORPUS, d)))
        return [d for d in dirs if os.path.basename(d) != "mcr"], \
               [d for d in dirs if os.path.basename(d) == "mcr"], "corpus"
    samples = os.path.join(SOURCE, "samples")
    riichi, mcr = [], []
    for f in sorted(os.listdir(samples)):
        path = os.path.join(samples, f)
        if f.endswith(".md") or os.path.isdir(path):
            continue
        rc, out, _ = run("info", "--format", "json", path)
        fam = "riichi"
        try:
            fam = json.loads(out)[0]["games"][0].get("family", "riichi")
        except (ValueError, IndexError, KeyError, TypeError):
            pass
        (mcr if fam == "mcr" or "mcr" in f or "botzone" in f else riichi).append(path)
    return riichi, mcr, "samples"


# ---- numbers and tables as the outputs write them ----

def num(text):
    """A cell's number in points: "25,000", "+4,900", "-1000", "±0.0" / "+24.0" (thousands)."""
    t = text.strip().replace(",", "").replace("±", "").replace("−", "-")
    if t == "":
        return None
    if "." in t:
        return round(float(t) * 1000)
    return int(t)


_WIDTH = {}


def width(s):
    """Columns a string takes in a terminal: 2 for a wide or full-width character."""
    n = 0
    for c in s:
        w = _WIDTH.get(c)
        if w is None:
            w = _WIDTH[c] = 2 if unicodedata.east_asian_width(c) in "WF" else 1
        n += w
    return n


def text_tables(out):
    """The text writer's tables: a header, a line of dashes giving the columns, the rows."""
    lines = out.split("\n")
    tables = []
    for i, ln in enumerate(lines):
        if i == 0 or not ln.startswith("-") or set(ln) - {"-", " "}:
            continue
        spans = [(m.start(), m.end()) for m in re.finditer(r"-+", ln)]
        # a cell runs from its column's first dash to the next column's (the first from 0)
        cuts = [0] + [a for a, _ in spans[1:]] + [None]

        def cells(row):
            if not row.isascii():  # columns counted in terminal widths, not characters
                # a character starting at or past a cut's column belongs to the next cell
                start = [0, *itertools.accumulate(width(c) for c in row)]
                bounds = [0] + [bisect.bisect_left(start, k, 0, len(row)) for k in cuts[1:-1]] \
                    + [None]
            else:
                bounds = cuts
            # the text writer escapes a backslash (cli_textf)
            return [row[bounds[k]:bounds[k + 1]].strip().replace("\\\\", "\\")
                    for k in range(len(spans))]
        head = cells(lines[i - 1])
        rows = []
        for row in lines[i + 1:]:
            if not row.strip():
                break
            rows.append(cells(row))
        tables.append((head, rows))
    return tables


MD_BAR = re.compile(r"(?<!\\)\|")
MD_LINK = re.compile(r"^\[(.*)\]\(#[^)]*\)$")
MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def md_cells(row):
    parts = MD_BAR.split(row.strip())[1:-1]
    # a link's text; a punctuation character escaped by a backslash
    out = []
    for p in parts:
        p = p.strip()
        if p.startswith("["):
            p = MD_LINK.sub(r"\1", p)
        out.append(MD_ESCAPE.sub(r"\1", p) if "\\" in p else p)
    return out


def md_tables(out):
    lines = out.split("\n")
    tables = []
    for i, ln in enumerate(lines):
        if i and re.match(r"^\|(-*:?-+:?\|)+$", ln.strip()):
            head = md_cells(lines[i - 1])
            rows = []
            for row in lines[i + 1:]:
                if not row.startswith("|"):
                    break
                rows.append(md_cells(row))
            tables.append((head, rows))
    return tables


HTML_TAG = re.compile(r"<[^>]*>")


def html_text(fragment):
    if "<" in fragment:
        fragment = HTML_TAG.sub("", fragment)
    return (html.unescape(fragment) if "&" in fragment else fragment).strip()
HTML_CELL = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>", re.S)
HTML_ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)


def html_tables(out):
    """The HTML writer's tables (head and rows of cells, as text) and the player sections
    (heading, the line below it). The writer's own markup, read by pattern: it is regular."""
    tables, captions = [], []
    for part in out.split("<table")[1:]:
        part = part.split("</table>")[0]
        cap = re.search(r"<caption[^>]*>(.*?)</caption>", part, re.S)
        captions.append(html_text(cap.group(1)) if cap else "")
        rows = [[html_text(c) for c in HTML_CELL.findall(tr)] for tr in HTML_ROW.findall(part)]
        tables.append((rows[0] if rows else [], rows[1:]))
    sections = [(html_text(h), html_text(m)) for h, m in re.findall(
        r'<section class="player"[^>]*><h3>(.*?)</h3><p class="meta">(.*?)</p>', out, re.S)]
    # the standings, one <table> each, as the one grid the other writers give (--table
    # standings): the table's title (its caption) first
    rank = [(t, c) for t, c in zip(tables, captions) if t[0] and t[0][0] == "Rank"]
    if len(rank) > 1:
        head = ["Standings"] + rank[0][0][0]
        rows = [[c.removeprefix("Standings: ")] + r for (h, rs), c in rank for r in rs]
        tables.append((head, rows))
    return tables, sections


def csv_table(out):
    # a cell a spreadsheet would take for a formula is written after a "'" (report_csv.c)
    rows = [[c[1:] if c[:2] in ("'=", "'+", "'-", "'@") else c for c in row]
            for row in csv.reader(io.StringIO(out))]
    return (rows[0], rows[1:]) if rows else ([], [])


def tables_of(fmt, out):
    if fmt == "text":
        return text_tables(out)
    if fmt == "markdown":
        return md_tables(out)
    if fmt == "html":
        return html_tables(out)[0]
    return [csv_table(out)]


def the_table(fmt, out, first):
    """The one table of a --table run whose first column is FIRST."""
    got = [t for t in tables_of(fmt, out) if t[0] and t[0][0] == first]
    return got[0] if got else ([], [])


# ---- the checks ----

def check_deals(fmt, label, head, rows, restarts):
    """before + Δ = after on every row of the deals grid (Game, Deal, ..., Δ seat S, Seat S
    after); the rows of a game in order, a new deal starting from the previous row's scores
    when the walk went on from them, the sticks left at the end in the row "end"."""
    d_cols = [i for i, h in enumerate(head) if h.startswith("Δ seat ")]
    a_cols = [i for i, h in enumerate(head) if h.endswith(" after")]
    gcol, rcol = head.index("Game"), head.index("Round")
    check(f"{label} {fmt}: deals grid has its Δ and after columns", d_cols and a_cols, head)
    prev = {}
    for row in rows:
        game = row[gcol]
        after = [num(row[i]) for i in a_cols]
        while after and after[-1] is None:  # a 3-player game's empty fourth seat
            after.pop()
        delta = [num(row[i]) or 0 for i in d_cols]
        before = prev.get(game)
        prev[game] = after
        if before is None or None in after or len(before) != len(after):
            continue
        n = len(after)
        ok = all(b + d == a for b, d, a in zip(before[:n], delta[:n], after[:n]))
        if not ok:
            # a deal may start from other scores than the row before left only where the log
            # records them so, and the verifier says it (flow.scores: the log's start scores
            # are shown, a fact of the log), or a chombo's sticks are given back before the
            # redeal (JHC 2016 §8.1.2)
            ok = row[rcol] != "end" and game in restarts and \
                prev.get(("deal", game)) != row[head.index("Deal")]
            count(f"deal rows starting from the log's own start scores, flow.scores ({fmt})",
                  1 if ok else 0)
        prev[("deal", game)] = row[head.index("Deal")]
        check(f"{label} {fmt}: game {game} deal {row[head.index('Deal')]} {row[rcol]}: "
              f"before + Δ = after", ok, (before, delta, after))
        count(f"deal rows added up ({fmt})")


# findings on the file or the table itself, which concern no seat (finding_words_corpus.py)
TABLE_CODES = re.compile(r"^(log\.|wall\.|format\.|flow\.(dealer|honba|riichi_sticks|game_end)$|"
                         r"draw\.condition$)")
SNAKE = re.compile(r"(?<![A-Za-z0-9_.])[a-z]+_[a-z0-9_]+")


def check_json_findings(label, doc):
    """Every finding of the report names the players it concerns (the file's and the table's
    aside), and its message holds no snake_case word but the players' own names."""
    for g in doc["games"]:
        for f in g["findings"]:
            count("report findings checked")
            concerns = not (TABLE_CODES.match(f["code"]) or (
                f["code"] == "game.final_points" and f.get("expected", "").startswith("a sum")))
            check(f"{label}: game {g['game']}: {f['code']} names its players",
                  f["players"] or not concerns, f["message"])
            msg = f["message"]
            for p in g["players"]:
                if p["name"]:
                    msg = msg.replace(p["name"], "NAME")
            check(f"{label}: game {g['game']}: {f['code']}'s message has no code or parameter",
                  not SNAKE.search(msg), f["message"])


def check_json_deals(label, doc):
    for g in doc["games"]:
        deals = g["deals"]
        starts = iter(g["chart"])
        last_deal, before = None, None
        for r in deals:
            if r["deal"] != last_deal and r["round"] != "end":
                start = next(starts, None)
                before = start if start is not None else before
                last_deal = r["deal"]
            d = r.get("deltas", [0] * len(r["scores"]))
            if before is not None:
                check(f"{label} json: game {g['game']} {r['round']}: before + Δ = after",
                      [b + x for b, x in zip(before, d)] == r["scores"], (before, d, r["scores"]))
                count("deal rows added up (json, from each deal's start)")
            before = r["scores"]


def check_standings(fmt, label, head, rows, want):
    """The grid of every standings table (first column: the table's title) against WANT:
    {title: {player: (games, total in points)}}."""
    if not head:
        return
    tcol, pcol = 0, head.index("Player")
    gcol = head.index("Games")
    tots = [i for i, h in enumerate(head) if h.startswith("Total")]  # riichi's, MCR's
    seen = {}
    for row in rows:
        if len(want) == 1 and head[0] != "Standings":
            title = next(iter(want))
        else:
            title = row[tcol]
        key = (title, row[pcol])
        check(f"{label} {fmt}: {row[pcol]} once in {title}", key not in seen, row)
        seen[key] = True
        tot = [i for i in tots if row[i].strip()]
        mcr = tot and head[tot[0]] == "Total (points)"
        got = (int(row[gcol]), tot and (int(row[tot[0]].replace(",", "").replace("±", ""))
                                        if mcr else num(row[tot[0]])))
        exp = want.get(title, {}).get(row[pcol])
        ok = exp is not None and got[0] == exp[0] and abs(got[1] - exp[1]) <= 50
        check(f"{label} {fmt}: {title}: {row[pcol]}'s games and total", ok, (got, exp))
        count(f"standings rows read ({fmt})")
    check(f"{label} {fmt}: every standings row there",
          len(seen) == sum(len(v) for v in want.values()), (len(seen), len(want)))


def check_sections(fmt, label, sections, doc):
    """"Rank R of N in TITLE: G games, total X" of every player section = the tables."""
    by = {}
    for t in doc["standings_tables"]:
        for row in t["rows"]:
            by.setdefault(row["player"], []).append(
                (row["rank"], len(t["rows"]), t["title"], row["games"], row["total"]))
    for name, meta in sections:
        said = re.findall(r"Rank (\d+) of (\d+) in (.+?): (\d+) games?, total ([^;.]*(?:\.\d)?)",
                          meta)
        want = by.get(name, [])
        got = [(int(r), int(n), t, int(g), num(x)) for r, n, t, g, x in said]
        ok = len(got) == len(want) and all(
            a[:4] == b[:4] and abs(a[4] - b[4]) <= 50 for a, b in zip(got, want))
        check(f"{label} {fmt}: {name}'s section = the standings", ok, (meta, want))
        count(f"player sections read ({fmt})")


def one_choice(label, rules, files):
    opts = ["--rules", rules] if rules else []
    rc, out, err = run("report", "--format", "json", *opts, *files)
    check(f"{label}: the JSON report runs", out.startswith("{"), err[-300:])
    doc = json.loads(out)
    tables = doc["standings_tables"]
    count("games reported", len(doc["games"]))
    # ---- standings: the tables and every game's score in them ----
    players_of = {}
    for t in tables:
        check(f"{label}: {t['title']} names no parameter", not re.search(r"\w_\w|=", t["title"]),
              t["title"])
        names = [r["player"] for r in t["rows"]]
        check(f"{label}: {t['title']}: each player once", len(names) == len(set(names)),
              sorted(n for n in names if names.count(n) > 1)[:5])
        players_of[t["title"]] = set(names)
    check(f"{label}: no two tables score alike",
          len({(t["players"], t["scoring"]) for t in tables}) == len(tables),
          [t["title"] for t in tables])
    check(f"{label}: no two tables titled alike", len({t["title"] for t in tables}) == len(tables),
          [t["title"] for t in tables])
    if rules:
        counts = [t["players"] for t in tables]
        check(f"{label}: one standings table per number of players",
              len(counts) == len(set(counts)), [t["title"] for t in tables])
    unranked = {u["game"] for u in doc["unranked"]}
    want = {}
    for g in doc["games"]:
        ps = g["players"]
        k = g.get("standings_table")
        check(f"{label}: game {g['game']} ({g['file']}) ranked or listed with its reason",
              k or g["game"] in unranked, g.get("unscored"))
        for p in ps:
            check(f"{label}: game {g['game']}: no NoName player", p["name"] != "NoName", p)
            count("seats checked for NoName")
        if not k:
            continue
        t = tables[k - 1]
        check(f"{label}: game {g['game']} in the table of its players",
              t["players"] == len(ps), (t["title"], len(ps)))
        if rules:
            points = [p["points"] for p in ps]
            pen = [p.get("penalty", 0) for p in ps]
            exp = expected_scores(points, RULES[rules], pen)
            check(f"{label}: game {g['game']} ({g['file']}): scores = {rules}'s from its "
                  f"final points", [p["score"] for p in ps] == exp,
                  ([p["score"] for p in ps], exp, points, pen))
            count(f"games scored from the rule document ({rules})")
            chombos = [0] * len(ps)
            for r in g["deals"]:
                if r["outcome"] == "chombo" and "seat" in r:
                    chombos[r["seat"]] += 1
            if rules == "rrc":  # RRC 2024 §9.4: a chombo is 20000 after uma
                check(f"{label}: game {g['game']}: chombo 20000 after uma",
                      all(pen[s] == 20000 * chombos[s] for s in range(len(ps))), (pen, chombos))
        for p in ps:
            w = want.setdefault(t["title"], {}).setdefault(p["name"], [0, 0])
            w[0] += 1
            w[1] += p["score"]
    for t in tables:
        got = {r["player"]: (r["games"], r["total"]) for r in t["rows"]}
        exp = {n: tuple(v) for n, v in want.get(t["title"], {}).items()}
        check(f"{label}: {t['title']}: the totals are its games' scores", got == exp,
              sorted(set(got.items()) ^ set(exp.items()))[:4])
        count("standings tables checked")
    check_json_deals(label, doc)
    check_json_findings(label, doc)
    restarts = {str(g["game"]) for g in doc["games"]
                if any(f["code"] in ("flow.scores", "penalty.chombo") for f in g["findings"])}
    # ---- every other output's grids ----
    for fmt in ("csv", "text", "markdown", "html"):
        rc, out, err = run("report", "--format", fmt, "--table", "deals", *opts, *files)
        head, rows = the_table(fmt, out, "Game")
        check(f"{label} {fmt}: the deals grid read", rows, out[:300])
        check_deals(fmt, label, head, rows, restarts)
        rc, out, err = run("report", "--format", fmt, "--table", "standings", *opts,
                           *files)
        first = "Standings" if len(tables) > 1 else "Rank"
        head, rows = the_table(fmt, out, first)
        check(f"{label} {fmt}: the standings grid read", rows or not tables, out[:300])
        check_standings(fmt, label, head, rows, {t: {n: tuple(v) for n, v in p.items()}
                                                 for t, p in want.items()})
        check(f"{label} {fmt}: no NoName player", not re.search(
            r"(^|[|,>]\s*)NoName\s*($|[|,<])", out, re.M), "")
    # ---- the player sections of the whole documents ----
    rc, out, err = run("report", "--format", "markdown", *opts, *files)
    sections = []
    for m in re.finditer(r'<a id="player-\d+"></a>\n\n### (.*)\n\n(.*)\n', out):
        sections.append((md_cells("| " + m.group(1) + " |")[0], m.group(2)))
    check(f"{label} markdown: player sections read", sections, out[-300:])
    check_sections("markdown", label, sections, doc)
    rc, out, err = run("report", "--format", "html", "--no-viewer", *opts, *files)
    _, hsections = html_tables(out)
    check(f"{label} html: player sections read", hsections, out[-300:])
    check_sections("html", label, hsections, doc)


def main():
    riichi, mcr, where = inputs()
    print(f"report_tournament_test: the {where}: {len(riichi)} riichi inputs, {len(mcr)} MCR")
    one_choice("no --rules", None, riichi + mcr)
    for rules in ("ema", "rrc", "ema2012"):
        one_choice(f"--rules {rules}", rules, riichi)
    for what, n in sorted(COUNT.items()):
        print(f"  {n:7d} {what}")
    if FAILS:
        print(f"report_tournament_test: {len(FAILS)} failure(s)")
        return 1
    print("report_tournament_test: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
