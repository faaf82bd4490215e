#!/usr/bin/env python3
"""The HTML report of a small tournament, rendered by headless Chromium.

usage: report_html_test.py PAIFU SAMPLES_DIR WORK_DIR

Writes WORK_DIR/report.html (paifu report --format html over tournament.py's logs), takes a
screenshot WORK_DIR/report.png, and checks the live DOM: a copy of the report with a small
script at its end is loaded, the script reads the DOM after layout (standings rows, names, SVG
charts, a finding's players and values), clicks the first finding's link to its game and
records where the page went; Chromium's --dump-dom gives the script's results back.
Exit 77 (skipped) when Chromium is not installed.
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tournament  # noqa: E402

PROBE = r"""<script>
(function () {
  var r = {};
  var q = function (s) { return Array.prototype.slice.call(document.querySelectorAll(s)); };
  r.standings = q('#standings tbody tr').map(function (tr) {
    return tr.querySelector('th').textContent; });
  r.games = q('section.game').length;
  r.charts = q('section.game svg.chart').map(function (s) {
    return [s.closest('section').id, s.querySelectorAll('polyline').length,
            Math.round(s.getBoundingClientRect().width)]; });
  r.findings = q('article.finding').map(function (a) {
    var dd = function (c) { var e = a.querySelector('dd.' + c); return e ? e.textContent : ''; };
    return {id: a.id, players: dd('players'), expected: dd('expected'), recorded: dd('recorded'),
            state: a.querySelectorAll('table.state tbody tr').length}; });
  var link = document.querySelector('#findings tbody td a[href^="#game-"]');
  r.link = link ? link.getAttribute('href') : null;
  var before = window.scrollY;
  if (link) link.click();
  r.hash = location.hash;
  var target = r.hash ? document.getElementById(r.hash.slice(1)) : null;
  r.target = target ? target.tagName + '#' + target.id : null;
  r.target_top = target ? Math.round(target.getBoundingClientRect().top) : null;
  r.scrolled = window.scrollY - before;
  r.scripts = q('script').length;
  r.external = q('[src], link[href]').length;
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


def main():
    paifu, samples, work = sys.argv[1:4]
    browser = chromium()
    if not browser:
        print("SKIPPED: Chromium is not installed (Debian: apt-get install chromium)")
        return 77
    logs = os.path.join(work, "logs")
    sys.argv = ["tournament.py", samples, logs]
    tournament.main()
    report = os.path.join(work, "report.html")
    p = subprocess.run([paifu, "report", "--format", "html", "-o", report, logs],
                       capture_output=True, text=True)
    if p.returncode != 1:
        print(f"FAIL: paifu report exit {p.returncode}: {p.stderr}")
        return 1
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--disable-extensions", "--user-data-dir=" +
             os.path.join(work, "chromium-profile")]
    shot = os.path.join(work, "report.png")
    subprocess.run([browser, *flags, "--window-size=1000,1400", "--screenshot=" + shot,
                    "file://" + os.path.abspath(report)], capture_output=True, timeout=120)
    probe = os.path.join(work, "report-probe.html")
    text = open(report, encoding="utf-8").read()
    open(probe, "w", encoding="utf-8").write(text.replace("</body>", PROBE + "</body>"))
    dom = subprocess.run([browser, *flags, "--window-size=1000,1400", "--dump-dom",
                          "file://" + os.path.abspath(probe)],
                         capture_output=True, timeout=120).stdout.decode("utf-8")
    parser = Pre()
    parser.feed(dom)
    if not parser.text:
        print("FAIL: Chromium's DOM has no probe results:\n" + dom[:2000])
        return 1
    r = json.loads(parser.text)
    failures = []

    def check(what, ok):
        if not ok:
            failures.append(what)
            print(f"FAIL: {what}")

    print(json.dumps(r, ensure_ascii=False)[:3000])
    check("the screenshot was saved", os.path.getsize(shot) > 10000)
    check("the report itself has no script and loads nothing", r["scripts"] == 1 and
          r["external"] == 0)
    check("standings rows: the players of the games with final points",
          len(r["standings"]) == 8 and "Boris" in r["standings"] and "合成データ" in r["standings"])
    check("five games", r["games"] == 5)
    check("one chart per game, a line per player, laid out",
          len(r["charts"]) == 5 and len({c[0] for c in r["charts"]}) == 5 and
          all(c[1] == 4 and c[2] > 200 for c in r["charts"]))
    delta = [f for f in r["findings"] if "Boris" in f["players"] and "Dana" in f["players"]]
    check("a finding names Boris and Dana with its values",
          delta and delta[0]["expected"] == "0,6200,0,-5200" and
          delta[0]["recorded"] == "0,4900,0,-3900")
    tile = [f for f in r["findings"] if "李明" in f["players"]]
    check("the tile-log finding shows the table of four players", tile and tile[0]["state"] == 4)
    check("the first finding links to its game", r["link"] and r["link"].startswith("#game-"))
    check("the link works: the page went to the game's section",
          r["hash"] == r["link"] and r["target"] == "SECTION#" + r["link"][1:] and
          r["scrolled"] > 0 and abs(r["target_top"]) <= 2)
    print(f"report_html_test: screenshot {shot}; {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
