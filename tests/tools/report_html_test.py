#!/usr/bin/env python3
"""The HTML report of a mixed tournament, rendered and printed by headless Chromium.

usage: report_html_test.py PAIFU SAMPLES_DIR DATA_DIR WORK_DIR

The tournament: tournament.py's five logs and its mixed() set (a Pantheon text sheet, paifu JSON
sheets under two more rule sets, a tenhou.net/6 game without final points, an mjai game with
four unnamed seats, a 3-player sheet, a wrong fu, players named "=1+2" and "@SUM(A1)").
`paifu report --title` writes WORK_DIR/report.html from WORK_DIR with the logs' folder given
as an absolute path; WORK_DIR/report.png is a screenshot at a desktop width (the README's
picture). A copy of the report with a small script at its end is loaded and the script reads
the DOM after layout (Chromium's --dump-dom gives its results back); the report is printed to
PDF at A4 (--print-to-pdf, --no-pdf-header-footer) and pdftotext (poppler-utils) reads it back:
every column header of every table is on the pages and no word lies outside its page.
Exit 77 (skipped) when Chromium or pdftotext is not installed.

Checks that need the settled view of issue 26 (the "settle" work: sheet labels and dealers, a
score change on every win and paid draw, running scores that end at the final points, every game
in a standings table or listed with its reason, unnamed seats as players of their own, one rule
set per standings table) are marked TODO(settle): they are reported as PENDING and do not fail
until `paifu report --help` offers --player-names (part of that work) or PAIFU_SETTLED=1.
"""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tournament  # noqa: E402

TITLE = "Spring cup 2025 — table audit"

PROBE = r"""<script>
(function () {
  var r = {};
  var q = function (s, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(s)); };
  var text = function (e) { return e ? e.textContent.trim() : ''; };
  r.title = document.title;
  r.h1 = text(document.querySelector('h1'));
  r.scripts = q('script').length;
  r.external = q('[src], link[href]').length;
  r.body = document.body.innerText;
  r.tables = q('table').map(function (t) {
    return {id: t.id, cls: t.className, caption: text(t.querySelector('caption')),
            heads: q('thead th', t).map(text),
            rows: q('tbody tr', t).length}; });
  r.standings = q('table[id^="standings"]').map(function (t) {
    return {id: t.id, caption: text(t.querySelector('caption')),
            heads: q('thead th', t).map(text),
            rows: q('tbody tr', t).map(function (tr) {
              var a = tr.querySelector('th a, th');
              var cells = q('td, th', tr).map(text);
              return {name: text(tr.querySelector('th')),
                      href: tr.querySelector('th a') ? tr.querySelector('th a').getAttribute('href') : null,
                      cells: cells}; })}; });
  r.standings_links = q('#standings-section a[href^="#game-"]').map(function (a) {
    return a.getAttribute('href'); });
  r.players = q('section.player').map(function (s) {
    return {id: s.id, name: text(s.querySelector('h3')),
            games: q('tbody tr', s).map(function (tr) {
              return q('td', tr).map(text); })}; });
  r.games = q('section.game').map(function (s) {
    var res = s.querySelector('table[id$="-results"]');
    var deals = s.querySelector('table[id$="-deals"]');
    return {
      id: s.id, heading: text(s.querySelector('h2')), meta: text(s.querySelector('p.meta')),
      results: res ? q('tbody tr', res).map(function (tr) { return q('td', tr).map(text); }) : [],
      deal_heads: deals ? q('thead th', deals).map(text) : [],
      deals: deals ? q('tbody tr', deals).map(function (tr) {
        var flag = tr.querySelector('a.flag');
        return {id: tr.id, cls: tr.className, flag: flag ? flag.getAttribute('href') : null,
                cells: q('td', tr).map(function (td) {
                  var c = td.cloneNode(true);
                  q('a.flag', c).forEach(function (a) { a.remove(); });
                  return text(c); })}; }) : [],
      charts: q('svg.chart', s).map(function (c) {
        return [c.querySelectorAll('polyline').length,
                Math.round(c.getBoundingClientRect().width)]; }),
      findings: q('article.finding', s).map(function (a) {
        var dd = function (c) { return text(a.querySelector('dd.' + c)); };
        var deal = a.querySelector('a[href*="-deal-"]');
        return {id: a.id, code: text(a.querySelector('code')), players: dd('players'),
                expected: dd('expected'), recorded: dd('recorded'), fu: dd('fu'),
                deal: deal ? deal.getAttribute('href') : null,
                state: q('table.state tbody tr', a).length}; })}; });
  var link = document.querySelector('#findings tbody td a[href^="#game-"]');
  r.link = link ? link.getAttribute('href') : null;
  var before = window.scrollY;
  if (link) link.click();
  r.hash = location.hash;
  var target = r.hash ? document.getElementById(r.hash.slice(1)) : null;
  r.target = target ? target.tagName + '#' + target.id : null;
  r.target_top = target ? Math.round(target.getBoundingClientRect().top) : null;
  r.scrolled = window.scrollY - before;
  var pre = document.createElement('pre');
  pre.id = 'paifu-test';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
})();
</script>"""


class Pre(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.inside, self.text = False, ""

    def handle_starttag(self, tag, attrs):
        self.inside = tag == "pre" and ("id", "paifu-test") in attrs

    def handle_endtag(self, tag):
        self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.text += data


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


failures = []
pending = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(what)
        print(f"FAIL: {what}{': ' + str(detail)[:600] if detail else ''}")
    return ok


def num(s):
    """A number as the report prints it for reading ("33,000", "+1000", "-9.2", "±0.0")."""
    s = s.replace(",", "").replace("±", "").replace("+", "").replace("\u2212", "-")
    return float(s)


def main():
    paifu, samples, data, work = sys.argv[1:5]
    browser = chromium()
    if not browser:
        print("SKIPPED: Chromium is not installed (Debian: apt-get install chromium)")
        return 77
    if not shutil.which("pdftotext"):
        print("SKIPPED: pdftotext is not installed (Debian: apt-get install poppler-utils)")
        return 77
    help_text = subprocess.run([paifu, "report", "--help"], capture_output=True,
                               text=True).stdout
    settled = "--player-names" in help_text or os.environ.get("PAIFU_SETTLED") == "1"

    def settle_check(what, ok, detail=""):
        """TODO(settle): a check of the settled view (issue 26); PENDING until it is merged."""
        if settled:
            return check(what, ok, detail)
        if not ok:
            pending.append(what)
            print(f"PENDING (TODO settle): {what}{': ' + str(detail)[:300] if detail else ''}")
        return ok

    work = os.path.abspath(work)
    logs = os.path.join(work, "logs")
    shutil.rmtree(logs, ignore_errors=True)
    tournament.main.__globals__["sys"].argv = ["tournament.py", samples, logs]
    tournament.main()
    tournament.mixed(samples, data, logs, paifu)
    n_files = len(os.listdir(logs))

    report = os.path.join(work, "report.html")
    p = subprocess.run([paifu, "report", "--title", TITLE, "--format", "html", "-o", report,
                        logs], capture_output=True, text=True, cwd=work)
    if p.returncode != 1:
        print(f"FAIL: paifu report exit {p.returncode}: {p.stderr}")
        return 1
    text = open(report, encoding="utf-8").read()
    check("no absolute path anywhere in the report", work not in text and
          "/logs/" not in text.replace("logs/", "", 0) and not re.search(r'["> (]/\w', text),
          re.findall(r'.{30}/(?:tmp|work|home)/.{30}', text)[:3])
    # the same from another folder: the files named from the folder given
    outside = tempfile.mkdtemp()
    p2 = subprocess.run([paifu, "report", "--format", "json", logs], capture_output=True,
                        text=True, cwd=outside)
    shutil.rmtree(outside)
    files = [g["file"] for g in json.loads(p2.stdout)["games"]]
    check("run from elsewhere: files relative to the folder given",
          all(not f.startswith("/") for f in files) and
          "pantheon-ema-sheet.txt" in files and work not in p2.stdout, files)

    profile = tempfile.mkdtemp()
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--hide-scrollbars",
             "--no-first-run", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile]
    shot = os.path.join(work, "report.png")
    subprocess.run([browser, *flags, "--window-size=1280,1600", "--screenshot=" + shot,
                    "file://" + report], capture_output=True, timeout=180)
    pdf = os.path.join(work, "report.pdf")
    subprocess.run([browser, *flags, "--no-pdf-header-footer", "--print-to-pdf=" + pdf,
                    "file://" + report], capture_output=True, timeout=180)
    probe = os.path.join(work, "report-probe.html")
    open(probe, "w", encoding="utf-8").write(text.replace("</body>", PROBE + "</body>"))
    dom = subprocess.run([browser, *flags, "--window-size=1280,1600", "--dump-dom",
                          "file://" + probe], capture_output=True, timeout=180).stdout.decode()
    shutil.rmtree(profile, ignore_errors=True)
    parser = Pre()
    parser.feed(dom)
    if not parser.text:
        print("FAIL: Chromium's DOM has no probe results:\n" + dom[:2000])
        return 1
    r = json.loads(parser.text)
    open(os.path.join(work, "probe.json"), "w", encoding="utf-8").write(
        json.dumps(r, ensure_ascii=False, indent=1))

    check("the screenshot was saved", os.path.getsize(shot) > 10000)
    # the report's own scripts are the deal viewer's (its data and its code, written for the
    # page: cli/report_viewer.c); beside them only this probe; nothing is loaded from anywhere
    check("the report has only the deal viewer's scripts and loads nothing",
          r["scripts"] == 3 and r["external"] == 0, (r["scripts"], r["external"]))
    check("the title in <title> and <h1>", r["title"] == TITLE and r["h1"] == TITLE,
          (r["title"], r["h1"]))
    games = r["games"]
    check("one section per game", len(games) == n_files, len(games))
    by_file = {}
    for g in games:
        m = re.search(r"File (\S+), game", g["meta"])
        check(f"{g['id']}: the file as a relative path in its header", m and
              m.group(1).startswith("logs/"), g["meta"])
        if m:
            by_file[os.path.basename(m.group(1))] = g
    check("one chart per game, a line per player, laid out",
          all(len(g["charts"]) == 1 and g["charts"][0][1] > 200 for g in games),
          [g["charts"] for g in games])

    # games headed by their players (names from the logs)
    logs_names = {
        "session-jhc2016.paifu.json": ["Anna", "Boris", "Chen", "Dana"],
        "sanma-sheet.paifu.json": ["Oleg", "Polina", "Roman"],
        "injection.paifu.json": ["=1+2", "Boris", "@SUM(A1)", "Dana"],
        "pantheon-ema-sheet.txt": ["anna", "boris", "chen", "dana"],
        "tenhou6-no-sc.json": ["Tanaka", "Suzuki", "Kato", "Ito"],
    }
    for f, names in logs_names.items():
        g = by_file.get(f)
        check(f"{f}: headed by its players", g and
              g["heading"].split(": ", 1)[1].startswith(", ".join(names)), g and g["heading"])
    check("a game's heading carries the date and table its log gives",
          by_file.get("sanma-sheet.paifu.json") and by_file["sanma-sheet.paifu.json"][
              "heading"].endswith("Oleg, Polina, Roman · 2025-04-12 · table 3"),
          by_file.get("sanma-sheet.paifu.json", {}).get("heading"))
    check("the 3-player game's charts have three lines",
          by_file.get("sanma-sheet.paifu.json") and
          by_file["sanma-sheet.paifu.json"]["charts"][0][0] == 3)

    # yaku in plain words: Pantheon's tokens (riichi tanyao, yakuhai1 honitsu, ... dora 2)
    sheet = by_file.get("pantheon-ema-sheet.txt")
    if check("the Pantheon sheet is in the report", sheet):
        yi = sheet["deal_heads"].index("Yaku")
        yaku = [d["cells"][yi] for d in sheet["deals"]]
        check("yaku in plain words (samples/pantheon-ema-sheet.txt's deals)",
              yaku[0] == "Riichi, Tan'yao" and "Hon'itsu" in yaku[1] and
              "Menzen tsumo" in yaku[3] and "Dora 2" in yaku[-1], yaku)
    check("no yaku code name anywhere", not re.search(
        r"menzen_tsumo|seat_wind_|round_wind_|ura_dora|aka_dora|\btanyao\b", r["body"]))

    # findings: a marked deal row links to the finding, the finding links back to the row
    n_findings = 0
    for g in games:
        rows = {d["id"]: d for d in g["deals"] if d["id"]}
        flagged_ids = {d["id"] for d in g["deals"] if "flagged" in d["cls"] and d["id"]}
        for k, f in enumerate(g["findings"]):
            n_findings += 1
            if not f["deal"]:
                continue
            row = rows.get(f["deal"][1:])
            check(f"{f['id']}: links to its deal's row", row is not None, f["deal"])
            check(f"{f['id']}: that row is marked", row and "flagged" in row["cls"], row)
            firsts = [x for x in g["findings"] if x["deal"] == f["deal"]]
            check(f"{f['id']}: the row links to the deal's first finding", row and
                  row["flag"] == "#" + firsts[0]["id"], row and row["flag"])
        linked = {x["deal"][1:] for x in g["findings"] if x["deal"]}
        check(f"{g['id']}: only rows with a finding are marked", flagged_ids <= linked,
              flagged_ids - linked)
    check("findings in the tournament", n_findings >= 3, n_findings)
    delta = [f for g in games for f in g["findings"] if f["code"] == "score.delta" and
             "Boris" in f["players"] and "Dana" in f["players"]]
    check("the score.delta finding names Boris and Dana with its values",
          delta and delta[0]["expected"] == "0,6200,0,-5200" and
          delta[0]["recorded"] == "0,4900,0,-3900", delta[:1])
    tile = [f for g in games for f in g["findings"] if "李明" in f["players"]]
    check("the tile-log finding shows the table of four players", tile and tile[0]["state"] == 4)
    # the fu breakdown: its terms add up to the unrounded sum, which rounds up to the next 10
    # (shared/rules/yaku.md section 5) and that is the expected fu
    fu = [f for g in games for f in g["findings"] if f["code"] == "score.fu"]
    if check("a score.fu finding with its fu breakdown", fu and fu[0]["fu"], fu[:1]):
        m = re.match(r"(.*) = (\d+)(?:, rounded up to (\d+))?$", fu[0]["fu"])
        terms = [int(t.split()[0]) for t in m.group(1).split(" + ")] if m else []
        raw = int(m.group(2)) if m else -1
        rounded = int(m.group(3) or m.group(2)) if m else -1
        check("the fu terms add up, rounded up to 10, to the expected fu",
              m and terms[0] in (20, 25) and sum(terms) == raw and
              rounded == -(-raw // 10) * 10 and str(rounded) == fu[0]["expected"] and
              fu[0]["recorded"] == "110", fu[0])
    check("the first finding's link goes to its game",
          r["link"] and r["hash"] == r["link"] and r["target"] == "SECTION#" + r["link"][1:] and
          r["scrolled"] > 0 and abs(r["target_top"]) <= 2, (r["link"], r["hash"], r["target"]))

    # standings rows link to the players' own sections: their games, place, score, findings
    players = {p["id"]: p for p in r["players"]}
    ranked = [row for t in r["standings"] for row in t["rows"]]
    check("standings rows", len(ranked) >= 8, len(ranked))
    for t in r["standings"]:
        gi = t["heads"].index("Games")
        for row in t["rows"]:
            target = players.get((row["href"] or "#")[1:])
            check(f"standings row {row['name']}: links to the player's section",
                  target and target["name"] == row["name"], row)
            check(f"standings row {row['name']}: the section lists the games counted",
                  target and len(target["games"]) >= int(row["cells"][gi]), row)
    seated = {}
    for g in games:
        for res in g["results"]:
            seated.setdefault(res[1], []).append(g["id"])
    for name, ids in seated.items():
        mine = [p for p in r["players"] if p["name"] == name]
        check(f"player {name}: a section with every game played", len(mine) == 1 and
              sorted("game-" + row[0] for row in mine[0]["games"]) == sorted(ids),
              mine[:1])

    # TODO(settle): the settled view of every deal (issue 26, the "settle" work)
    if sheet:
        ri, di = sheet["deal_heads"].index("Round"), sheet["deal_heads"].index("Dealer")
        labels = [d["cells"][ri] for d in sheet["deals"]]
        dealers = [d["cells"][di] for d in sheet["deals"]]
        # samples/pantheon-ema-sheet.txt: six outcomes over five deals; the dealer's own win
        # keeps the deal, any other passes it (RRC 2024 §3.8), so neither the labels nor the
        # dealers can all be the first deal's
        settle_check("sheet deals carry their own labels and dealers (not all E1-0 anna)",
                     len(set(labels)) > 1 and len(set(dealers)) > 1, list(zip(labels, dealers)))
    sheets = [by_file[f] for f in ("pantheon-ema-sheet.txt", "session-ema.paifu.json",
                                   "session-jhc2016.paifu.json", "sanma-sheet.paifu.json",
                                   "injection.paifu.json") if f in by_file]
    for g in games:
        heads = g["deal_heads"]
        deltas = [i for i, h in enumerate(heads) if h.startswith("Δ")]
        oi = heads.index("Outcome") if "Outcome" in heads else -1
        for d in g["deals"]:
            c = d["cells"]
            if oi >= 0 and (c[oi] in ("ron", "tsumo", "discard", "self-drawn") or
                            c[oi].startswith("exhaustive draw") and "tenpai" in c[-1] and
                            "tenpai: none" not in c[-1]):
                settle_check(f"{g['id']}: a score change on every win and paid draw",
                             all(c[i] != "" for i in deltas), c)
        # a score sheet's running scores after the last deal are its recorded final points
        after = [i for i, h in enumerate(heads) if h.endswith(" after")]
        if g in sheets and g["deals"] and g["results"] and all(res[2] for res in g["results"]):
            last = [num(g["deals"][-1]["cells"][i]) for i in after]
            final = [num(res[2]) for res in g["results"]]
            settle_check(f"{g['id']}: the scores after the last deal are the final points",
                         last == final, (last, final))
    listed = set(r["standings_links"])
    for g in games:
        names = [res[1] for res in g["results"]]
        in_table = any(all(n in [row["name"] for row in t["rows"]] for n in names)
                       for t in r["standings"])
        settle_check(f"{g['id']}: in a standings table or listed with its reason",
                     in_table or "#" + g["id"] in listed, names)
    unnamed = by_file.get("unnamed.mjai.jsonl")
    if unnamed:
        names = [res[1] for res in unnamed["results"]]
        settle_check("the unnamed seats are four players of their own",
                     len(set(names)) == 4 and all(
                         len([p for p in r["players"] if p["name"] == n]) == 1 and
                         len([p for p in r["players"] if p["name"] == n][0]["games"]) == 1
                         for n in names), names)
    # a table per way of scoring, titled as a person names its rule set (no parameter list):
    # no two tables alike, no snake_case key in a title
    captions = [t["caption"] for t in r["standings"]]
    settle_check("every standings table titled apart", len(set(captions)) == len(captions),
                 captions)
    for c in captions:
        settle_check(f"standings title {c!r} names no parameter", not re.search(r"\w_\w|=", c),
                     c)

    # printed at A4: every column header of every table on the pages, nothing off the page
    check("the PDF was printed", os.path.exists(pdf) and os.path.getsize(pdf) > 10000)
    layout = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                            text=True).stdout
    bbox = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True,
                          text=True).stdout
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S)
    sizes = {(round(float(w)), round(float(h))) for w, h, _ in pages}
    check("A4 pages (portrait and landscape)", sizes <= {(595, 842), (842, 595)} and
          (842, 595) in sizes, sizes)
    off = []
    for w, h, body in pages:
        for x0, x1, word in re.findall(r'xMin="([\d.-]+)" yMin="[\d.-]+" xMax="([\d.-]+)" '
                                       r'yMax="[\d.-]+">([^<]*)<', body):
            if float(x0) < 0 or float(x1) > float(w) + 0.5:
                off.append(word)
    check("no word outside its page (no column cut)", not off, off[:10])
    lines = layout.splitlines()
    pos = 0
    for t in r["tables"]:
        if not t["heads"] or not t["rows"]:
            continue
        cap = " ".join(t["caption"].split()[:5])
        found = -1
        for i in range(pos, len(lines)):
            if cap in " ".join(lines[i].split()):
                found = i
                break
        if not check(f"printed: the caption of table {t['id'] or t['cls']}", found >= 0, cap):
            continue
        pos = found + 1
        window = " ".join(lines[found + 1:found + 8])
        flat = "".join(window.split())
        for h in t["heads"]:
            ok = all(w in window or all(ch in flat for ch in w) for w in h.split())
            check(f"printed: table {t['id'] or t['cls']} shows its column '{h}'", ok, window[:300])
    print(f"report_html_test: screenshot {shot}, PDF {pdf}; {len(failures)} failure(s), "
          f"{len(pending)} pending check(s) of the settled view")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
