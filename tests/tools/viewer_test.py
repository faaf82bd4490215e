#!/usr/bin/env python3
"""The deal viewer of the HTML report in headless Chromium (Python 3 stdlib + Chromium).

usage: viewer_test.py PAIFU SAMPLES_DIR DATA_DIR OUT_DIR

Writes one report of four logs: samples/riichienv-selfplay.mjai.jsonl (4 players, a closed kan
and riichi), DATA_DIR/viewer/sanma-kita.paifu.json (3 players with kita, made by gen_sanma_kita.py), samples/
mcr-east-round.paifu.json (MCR with flowers) and tournament.py's selfplay-bad.mjai.jsonl (a
tile-log finding). A test copy of the page gets a script that steps the viewer through every
deal of every game with its own buttons (and the arrow keys, Home, End and the slider for a
few steps), reading the DOM at every event; Chromium's --dump-dom hands the readings back.
Every event's hands, melds, rivers, scores, wall and dora indicators are compared with the
library's table walk for that event, from `paifu view --format json` (not from the page).
The finding's "Show in the deal viewer" link must open the viewer at the finding's event (the
event of `paifu report --format json`). Exit 77 (skipped) without Chromium.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

PROBE = r"""
<script>
(function () {
  var out = {games: [], keys: null, finding: null};
  function q(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function read() {
    var seats = q('#v-seats .seat').map(function (s) {
      return {seat: +s.getAttribute('data-seat'),
        hand: q('.hand svg.tl', s).map(function (t) { return t.getAttribute('data-t'); }).join(''),
        melds: q('.melds .meld', s).map(function (m) { return m.getAttribute('data-m'); }).join(' '),
        river: q('.river svg.tl', s).map(function (t) { return t.getAttribute('data-t') + t.getAttribute('data-f'); }).join(''),
        score: s.querySelector('.score').getAttribute('data-v')};
    });
    return {seats: seats, wall: document.getElementById('v-wall').textContent,
      dora: q('#v-dora svg.tl').map(function (t) { return t.getAttribute('data-t'); }).join(''),
      event: document.getElementById('v-event').textContent,
      slider: +document.getElementById('v-slider').value,
      pos: document.getElementById('v-pos').textContent};
  }
  function go(hash) { location.hash = hash; window.dispatchEvent(new HashChangeEvent('hashchange')); }
  var data = JSON.parse(document.getElementById('viewer-data').textContent);
  data.forEach(function (g) {
    var game = {g: g.g, deals: []};
    g.d.forEach(function (d) {
      go('#view=g' + g.g + 'd' + d.i);
      var steps = [read()], n = +document.getElementById('v-slider').max;
      for (var i = 0; i < n; i++) { document.getElementById('v-next').click(); steps.push(read()); }
      game.deals.push({deal: d.i, label: d.l, steps: steps});
    });
    out.games.push(game);
  });
  /* the keyboard and the slider, on the first game's first deal */
  var g0 = data[0];
  go('#view=g' + g0.g + 'd' + g0.d[0].i);
  function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true})); return read().slider; }
  var s = document.getElementById('v-slider');
  out.keys = {right: key('ArrowRight'), right2: key('ArrowRight'), left: key('ArrowLeft'),
    end: key('End'), home: key('Home')};
  s.value = 7; s.dispatchEvent(new Event('input'));
  out.keys.slider = read().slider;
  out.keys.max = +s.max;
  key('Escape');
  out.keys.closed = document.getElementById('viewer').hidden;
  /* a finding's link */
  var link = document.querySelector('article.finding a.vlink');
  if (link) {
    var card = link.closest('article.finding');
    go(link.getAttribute('href'));
    var r = read();
    var here = document.querySelector('#v-findings li.here');
    out.finding = {card: card.id, href: link.getAttribute('href'), shown: r,
      here: here ? +here.getAttribute('data-event') : null,
      open: !document.getElementById('viewer').hidden};
  }
  /* every deal row opens its deal */
  out.rows = q('table[id$="-deals"] tr[id] a.vlink').map(function (a) { return a.getAttribute('href'); });
  var pre = document.createElement('pre');
  pre.id = 'viewer-test-out';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(what)
    return ok


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(browser, url, *extra):
    with tempfile.TemporaryDirectory() as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--user-data-dir=" + profile, *extra, url]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def main():
    paifu, samples, data, out = sys.argv[1:5]
    browser = chromium()
    if not browser:
        print("SKIPPED: Chromium is not installed")
        return 77
    os.makedirs(out, exist_ok=True)
    import tournament
    tdir = os.path.join(out, "t")
    old = sys.argv
    sys.argv = ["tournament.py", samples, tdir]
    tournament.main()
    sys.argv = old
    logs = [os.path.join(samples, "riichienv-selfplay.mjai.jsonl"),
            os.path.join(data, "viewer", "sanma-kita.paifu.json"),
            os.path.join(samples, "mcr-east-round.paifu.json"),
            os.path.join(tdir, "selfplay-bad.mjai.jsonl")]
    report = os.path.join(out, "viewer.html")
    subprocess.run([paifu, "report", "--format", "html", "-o", report, *logs], check=False)
    plain = os.path.join(out, "no-viewer.html")
    subprocess.run([paifu, "report", "--format", "html", "--no-viewer", "-o", plain, *logs],
                   check=False)
    page = open(report, encoding="utf-8").read()
    check("--no-viewer leaves the viewer out", "viewer-data" not in open(plain, encoding="utf-8").read()
          and "viewer-data" in page)
    check("the page loads nothing from the network",
          not re.search(r'(src|href)="(https?:)?//', page), re.findall(r'(?:src|href)="https?://[^"]*', page)[:3])
    test_page = os.path.join(out, "viewer-probe.html")
    with open(test_page, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", PROBE + "</body>"))
    r = run_chromium(browser, "file://" + os.path.abspath(test_page), "--dump-dom",
                     "--virtual-time-budget=5000")
    m = re.search(r'<pre id="viewer-test-out">(.*?)</pre>', r.stdout, re.S)
    if not check("the probe ran in Chromium", m, r.stderr[-2000:]):
        return 1
    got = json.loads(html.unescape(m.group(1)))
    # the library's states: paifu view --format json (lib's paifu_table_walk)
    kinds = {"kan": False, "riichi": False, "kita": False, "flower": False}
    for gi, log in enumerate(logs):
        ref = json.loads(subprocess.run([paifu, "view", "--format", "json", log], check=True,
                                        capture_output=True, text=True).stdout)
        game = got["games"][gi]
        check(f"{os.path.basename(log)}: every deal with tiles is in the viewer",
              [d["deal"] for d in game["deals"]] == [d["deal"] for d in ref["deals"]],
              ([d["deal"] for d in game["deals"]], [d["deal"] for d in ref["deals"]]))
        bad = []
        events = 0
        for gd, rd in zip(game["deals"], ref["deals"]):
            if len(gd["steps"]) != len(rd["steps"]):
                bad.append(f"deal {rd['label']}: {len(gd['steps'])} steps, the library {len(rd['steps'])}")
                continue
            for k, (gs, rs) in enumerate(zip(gd["steps"], rd["steps"])):
                events += 1
                players = len(gs["seats"])
                for s in gs["seats"]:
                    p = s["seat"]
                    want = (rs["hands"][p], rs["melds"][p], rs["rivers"][p],
                            str(rs["scores"][p]) if "scores" in rs else "")
                    have = (s["hand"], s["melds"], s["river"], s["score"])
                    if want != have:
                        bad.append(f"deal {rd['label']} event {k} seat {p}: page {have}, library {want}")
                    for meld in s["melds"].split():
                        kinds["kan"] |= meld[0] in "efg"
                        kinds["kita"] |= meld[0] == "h"
                        kinds["flower"] |= meld[0] == "i"
                    kinds["riichi"] |= "r" in s["river"].replace("?", "")
                if players != sum(1 for h in rs["hands"] if h or k):
                    pass
                if gs["wall"] != str(rs["wall"]) or gs["dora"] != rs["dora"]:
                    bad.append(f"deal {rd['label']} event {k}: wall/dora {gs['wall']}/{gs['dora']}, "
                               f"library {rs['wall']}/{rs['dora']}")
                if gs["slider"] != k:
                    bad.append(f"deal {rd['label']} event {k}: slider at {gs['slider']}")
        check(f"{os.path.basename(log)}: hands, melds, rivers, scores, wall and dora at all "
              f"{events} events equal the library's", not bad and events > 0, bad[:5])
    for kind, seen in kinds.items():
        check(f"a {kind} was stepped through", seen)
    sanma = got["games"][1]["deals"][0]["steps"][0]["seats"]
    check("the 3-player game shows three seats", len(sanma) == 3, len(sanma))
    keys = got["keys"]
    check("ArrowRight, ArrowLeft, End, Home and the slider move the viewer",
          (keys["right"], keys["right2"], keys["left"], keys["home"], keys["slider"]) == (1, 2, 1, 0, 7)
          and keys["end"] == keys["max"], keys)
    check("Escape closes the viewer", keys["closed"])
    # the finding: paifu report --format json gives its event
    rj = json.loads(subprocess.run([paifu, "report", "--format", "json", *logs],
                                   capture_output=True, text=True).stdout)
    findings = [(gi + 1, f) for gi, g in enumerate(rj["games"]) for f in g["findings"]
                if f.get("event") is not None and f.get("deal")]
    fnd = got["finding"]
    if check("a finding links to the viewer", fnd and findings, fnd):
        gno, f = findings[0]
        check("the link opens the viewer", fnd["open"])
        check("the finding's link names its game, deal and event",
              fnd["href"] == f"#view=g{gno}d{f['deal']}e{f['event']}", (fnd["href"], f))
        # one numbering, from 1: the report's event is the viewer's position
        check("the viewer shows the finding's event", fnd["shown"]["slider"] == f["event"] and
              fnd["here"] == f["event"], (fnd["shown"]["slider"], fnd["here"], f["event"]))
        who = f["state"]["event"].split(":")[0]
        check("the event in words names the player and the tile",
              who in fnd["shown"]["event"] and "9m" in fnd["shown"]["event"], fnd["shown"]["event"])
    check("every deal row links to its deal", len(got["rows"]) >= sum(len(g["deals"]) for g in got["games"]),
          got["rows"][:3])
    # screenshots at the finding, desktop and phone
    if fnd:
        for name, size in (("viewer-desktop.png", "1280,900"), ("viewer-phone.png", "390,844")):
            shot = os.path.join(out, name)
            run_chromium(browser, "file://" + os.path.abspath(report) + fnd["href"],
                         "--window-size=" + size, "--screenshot=" + shot, "--hide-scrollbars")
            check(f"screenshot {name}", os.path.exists(shot) and os.path.getsize(shot) > 10000)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
