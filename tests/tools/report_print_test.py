#!/usr/bin/env python3
"""A corpus tournament's HTML report on a screen, on A4 paper, to axe-core and in its viewer.

usage: report_print_test.py PAIFU SAMPLES_DIR CORPUS_DIR WORK_DIR AXE_JS

The tournament is made of real logs, as a referee's folder holds them: three Pantheon score
sheets, Tenhou XML games (one whose seats Tenhou left unnamed, one 3-player game), tenhou.net/6
games and an mjai game, from CORPUS_DIR (../shared/corpus); without the corpus, samples/'s logs.
`paifu report --title "Test Cup"` writes it as HTML with no --rules and under --rules ema.

For each report, headless Chromium:
- at 1280 px wide, reads every table's scrolling box: a deal table's scrollWidth equals its
  clientWidth (it fits without scrolling sideways);
- opens the deal viewer from every finding's link ("Show in the deal viewer") and reads the event
  it shows ("event N / M") and the finding it marks: the same number as the finding's "Where" in
  the report (one numbering, from 1);
- runs axe-core (AXE_JS, the npm package's axe.min.js, installed by the README's set-up command
  from tests/browser/package.json) over the page: no serious or critical violation;
- prints it to A4 (--print-to-pdf): pdftotext -bbox reads every word's box, which lies inside its
  page, and no number is cut at a thousands separator ("25," ending a line, "000" on the next);
  nothing printed says "view" (the viewer's controls do nothing on paper).
It prints the counts it checked. Exit 77 (skipped) without Chromium or pdftotext.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

CORPUS_LOGS = [  # (path in the corpus, name in the folder)
    ("pantheon-results/MahjongPantheon--pantheon/Mimir_tests_models_testdata/games-01.txt", "sheet-01.txt"),
    ("pantheon-results/MahjongPantheon--pantheon/Mimir_tests_models_testdata/games-02.txt", "sheet-02.txt"),
    ("pantheon-results/MahjongPantheon--pantheon/Mimir_tests_models_testdata/games-03.txt", "sheet-03.txt"),
    ("tenhou-xml/MahjongRepository--tenhou-python-bot/2.xml", "unnamed-seats.xml"),
    ("tenhou-xml/Agony5757--mahjong/2020010100gm-00b9-0000-18a1410f.xml", "sanma.xml"),
    ("tenhou-xml/mjx-project--mjx/mjconvert_mjconvert_tests_resources_mjlog/"
     "2019020120gm-0009-10011-215330df.mjlog", "mjx.mjlog"),
    ("tenhou6/Equim-chan--mjai-reviewer/ranked_game.json", "ranked.json"),
    ("tenhou6/Equim-chan--mjai-reviewer/complex_nakis_0.json", "nakis.json"),
    ("mjai/critter-mj--akochan/haifu_log_sample.json", "akochan.mjai.json"),
]
SAMPLE_LOGS = ["pantheon-ema-sheet.txt", "synthetic-tenhou.mjlog", "riichienv-selfplay.mjai.jsonl",
               "session-rrc.paifu.json"]

PROBE = r"""<script>
(function () {
  var q = function (s, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(s)); };
  var r = {width: document.documentElement.clientWidth, scroll: [], findings: []};
  q('.scroll').forEach(function (d) {
    var t = d.querySelector('table');
    r.scroll.push({id: t ? t.id : '', sw: d.scrollWidth, cw: d.clientWidth,
                   focusable: d.tabIndex >= 0, label: d.getAttribute('aria-labelledby')});
  });
  function go(hash) { location.hash = hash; window.dispatchEvent(new HashChangeEvent('hashchange')); }
  q('article.finding').forEach(function (card) {
    var where = q('dt', card).filter(function (dt) { return dt.textContent === 'Where'; })[0];
    var m = /event (\d+)/.exec(where ? where.nextElementSibling.textContent : '');
    var link = card.querySelector('a.vlink');
    var one = {id: card.id, event: m ? +m[1] : null, link: link ? link.getAttribute('href') : null};
    if (link) {
      go(link.getAttribute('href'));
      var pos = /event (\d+) \/ (\d+)/.exec(document.getElementById('v-pos').textContent);
      var here = document.querySelector('#v-findings li.here');
      one.shown = pos ? +pos[1] : null;
      one.here = here ? +here.getAttribute('data-event') : null;
      one.hereText = here ? here.textContent : '';
      one.code = card.querySelector('code') ? card.querySelector('code').textContent : '';
    }
    r.findings.push(one);
  });
  go('#');
  var pre = document.createElement('pre');
  pre.id = 'probe-out';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
})();
</script>"""

AXE_RUN = r"""<script>
axe.run(document, {resultTypes: ['violations']}).then(function (res) {
  var pre = document.createElement('pre');
  pre.id = 'axe-out';
  pre.textContent = JSON.stringify(res.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help, n: v.nodes.length,
            targets: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })}; }));
  document.body.appendChild(pre);
});
</script>"""

failures = []
counts = {}


def check(what, ok, detail=""):
    if not ok:
        failures.append(what)
        print(f"FAIL: {what}{': ' + str(detail)[:800] if detail else ''}")
    return ok


def count(what, n=1):
    counts[what] = counts.get(what, 0) + n


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def run_chromium(browser, url, *extra, timeout=300):
    with tempfile.TemporaryDirectory() as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile, *extra, url]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def with_script(page, script, out):
    text = open(page, encoding="utf-8").read()
    i = text.rindex("</body>")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text[:i] + script + text[i:])


def dumped(dom, element_id):
    m = re.search(r'<pre id="%s">(.*?)</pre>' % element_id, dom, re.S)
    if not m:
        return None
    s = m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(s.replace("&amp;", "&"))


def make_folder(samples, corpus, folder):
    os.makedirs(folder, exist_ok=True)
    have = []
    if os.path.isdir(corpus):
        for path, name in CORPUS_LOGS:
            src = os.path.join(corpus, path)
            if os.path.exists(src):
                shutil.copy(src, os.path.join(folder, name))
                have.append(name)
    if not have:
        for name in SAMPLE_LOGS:
            shutil.copy(os.path.join(samples, name), os.path.join(folder, name))
            have.append(name)
    return have


def pdf_words(pdf):
    """Every page's size and words (text, xMin, yMin, xMax, yMax) from pdftotext -bbox."""
    xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True,
                         check=True).stdout
    xml = re.sub(r"<!DOCTYPE[^>]*>", "", xml)
    xml = xml.replace("&nbsp;", " ")
    root = ET.fromstring(xml)
    pages = []
    for page in root.iter("{http://www.w3.org/1999/xhtml}page"):
        w, h = float(page.get("width")), float(page.get("height"))
        words = [(x.text or "", float(x.get("xMin")), float(x.get("yMin")), float(x.get("xMax")),
                  float(x.get("yMax"))) for x in page.iter("{http://www.w3.org/1999/xhtml}word")]
        pages.append((w, h, words))
    return pages


def check_print(browser, page, tag):
    pdf = page[:-5] + ".pdf"
    run_chromium(browser, "file://" + page, "--no-pdf-header-footer", "--print-to-pdf=" + pdf)
    if not check(f"{tag}: printed to PDF", os.path.exists(pdf) and os.path.getsize(pdf) > 1000):
        return
    pages = pdf_words(pdf)
    count("pages printed", len(pages))
    outside, cut, view = [], [], []
    for n, (w, h, words) in enumerate(pages, 1):
        for i, (t, x0, y0, x1, y1) in enumerate(words):
            count("printed words")
            if x0 < -0.5 or y0 < -0.5 or x1 > w + 0.5 or y1 > h + 0.5:
                outside.append((n, t, x0, x1, w))
            # a number cut at a thousands separator: "25," and then "000" below it
            if re.fullmatch(r"[+\-\u2212±]?\d{1,3}(,\d{3})*,", t) and i + 1 < len(words) and \
                    re.match(r"\d{3}\b", words[i + 1][0]):
                cut.append((n, t, words[i + 1][0]))
            if t in ("view", "▶"):
                view.append((n, t))
    check(f"{tag}: every printed word's box inside its page", not outside, outside[:5])
    check(f"{tag}: no number cut at a thousands separator", not cut, cut[:5])
    check(f"{tag}: the viewer's controls are not printed", not view, view[:5])


def main():
    paifu, samples, corpus, work, axe = sys.argv[1:6]
    browser = chromium()
    if not browser:
        print("SKIPPED: Chromium is not installed (Debian: apt-get install chromium)")
        return 77
    if not shutil.which("pdftotext"):
        print("SKIPPED: pdftotext is not installed (Debian: apt-get install poppler-utils)")
        return 77
    if not check("axe-core is installed (the README's set-up: npm ci --prefix tests/browser)",
                 os.path.exists(axe), axe):
        return 1
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    folder = os.path.join(work, "Test Cup")
    logs = make_folder(samples, corpus, folder)
    print(f"the tournament: {len(logs)} logs ({', '.join(logs)})")
    axe_src = open(axe, encoding="utf-8").read()
    for rules in (None, "ema"):
        tag = "report" + (f" --rules {rules}" if rules else "")
        page = os.path.join(work, f"report-{rules or 'own'}.html")
        cmd = [paifu, "report", "--title", "Test Cup", "--format", "html", "-o", page, folder]
        if rules:
            cmd[2:2] = ["--rules", rules]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if not check(f"{tag}: exit 0 or 1", p.returncode in (0, 1), p.stderr):
            continue
        count("reports")
        # the screen, 1280 px wide, and the viewer opened from every finding
        probe = page[:-5] + "-probe.html"
        with_script(page, PROBE, probe)
        r = run_chromium(browser, "file://" + probe, "--window-size=1280,900", "--dump-dom",
                         "--virtual-time-budget=10000")
        got = dumped(r.stdout, "probe-out")
        if not check(f"{tag}: the probe ran", got is not None, r.stderr[-500:]):
            continue
        deals = [s for s in got["scroll"] if s["id"].endswith("-deals")]
        count("deal tables at 1280 px", len(deals))
        check(f"{tag}: a deal table in the report", deals)
        wide = [s for s in deals if s["sw"] != s["cw"]]
        check(f"{tag}: at 1280 px every deal table fits (scrollWidth = clientWidth)", not wide, wide)
        named = [s for s in got["scroll"] if not (s["focusable"] and s["label"])]
        check(f"{tag}: every scrolling box is focusable and named", not named, named[:3])
        with_events = [f for f in got["findings"] if f["link"]]
        count("findings opened in the viewer", len(with_events))
        for f in with_events:
            if f["event"] is None:
                check(f"{tag}: {f['id']} opens the viewer at the deal's start",
                      f["shown"] == 0 and "e" not in f["link"].split("d")[-1], f)
                continue
            check(f"{tag}: {f['id']} ({f.get('code')}): the viewer shows the report's event",
                  f["shown"] == f["event"] and f["here"] == f["event"] and
                  f"event {f['event']}" in f["hereText"], f)
        # axe-core
        axe_page = page[:-5] + "-axe.html"
        with_script(page, "<script>" + axe_src.replace("</script", "<\\/script") + "</script>" +
                    AXE_RUN, axe_page)
        r = run_chromium(browser, "file://" + axe_page, "--window-size=1280,900", "--dump-dom",
                         "--virtual-time-budget=120000")
        violations = dumped(r.stdout, "axe-out")
        if check(f"{tag}: axe-core ran", violations is not None, r.stderr[-500:]):
            count("axe runs")
            for v in violations:
                print(f"  axe ({v['impact']}): {v['id']}: {v['help']} ({v['n']} nodes, "
                      f"e.g. {v['targets'][:2]})")
            bad = [v for v in violations if v["impact"] in ("serious", "critical")]
            check(f"{tag}: axe-core reports no serious or critical violation", not bad,
                  [(v["id"], v["n"]) for v in bad])
        # A4
        check_print(browser, page, tag)
        # the screenshot to look at
        run_chromium(browser, "file://" + page, "--window-size=1280,2400",
                     "--screenshot=" + page[:-5] + ".png")
    print("checked: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
