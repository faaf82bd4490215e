/* The deal viewer (report_viewer.c). The states are lib's: each step patches the strings of the
   seats that changed; this script applies the patches and draws. It knows no rule. */
(function () {
  "use strict";
  var data = document.getElementById("viewer-data");
  var V = document.getElementById("viewer");
  if (!data || !V) return;
  var G = JSON.parse(data.textContent);
  var standalone = V.hasAttribute("data-standalone");
  var $ = function (id) { return document.getElementById(id); };
  var VERB = {a: "draws", b: "discards", c: "calls chi", d: "calls pon", e: "calls an open kan",
    f: "declares a closed kan", g: "declares an added kan", h: "sets aside kita",
    i: "sets aside a flower", j: "makes the riichi deposit", k: "dora indicator",
    l: "wins", m: "exhaustive draw", n: "abortive draw", o: "penalty",
    p: "disconnects", q: "reconnects"};
  var MELD = {c: "chi", d: "pon", e: "open kan", f: "closed kan", g: "added kan", h: "kita",
    i: "flower"};
  var CALLS = "cdefgh", TILE = /(\d[mpszf]|\?\?)([trc]*)/g;
  var cur = {g: null, d: null, s: null, i: 0, t: 0};

  function find(list, key, v) {
    for (var i = 0; i < list.length; i++) if (list[i][key] === v) return list[i];
    return null;
  }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c];
    });
  }
  /* The deal's steps as whole states (patches applied once, kept). */
  function states(d) {
    if (d.S) return d.S;
    var st = {e: "", h: ["", "", "", ""], r: ["", "", "", ""], m: ["", "", "", ""], w: -1,
      s: null, k: 0, q: 0, d: ""}, out = [];
    d.x.forEach(function (x) {
      var parts = x.split("|");
      var s = {e: parts[0], h: st.h.slice(), r: st.r.slice(), m: st.m.slice(), w: st.w,
        s: st.s, k: st.k, q: st.q, d: st.d};
      for (var j = 1; j < parts.length; j++) {
        var c = parts[j].charAt(0), v = parts[j].slice(1);
        if (c === "h" || c === "r") {
          var seat = +v.charAt(0), a = v.slice(1).split(","), keep = +a[0], tail = +a[1];
          var old = s[c][seat];
          s[c][seat] = old.slice(0, keep) + a.slice(2).join(",") + old.slice(old.length - tail);
        } else if (c === "m") s.m[+v.charAt(0)] = v.slice(1);
        else if (c === "w") s.w = +v;
        else if (c === "s") s.s = v.split(",").map(Number);
        else if (c === "k") s.k = +v;
        else if (c === "q") s.q = +v;
        else if (c === "d") s.d = v;
      }
      out.push(s);
      st = s;
    });
    d.S = out;
    return out;
  }
  /* A tile: its symbol drawn once in the page, used here; turned sideways (ROT: a riichi
     discard, a called tile) in a landscape box, so that it takes its width in the row. */
  function tile(t, cls, rot, label) {
    var id = t === "??" ? "tbk" : "t" + t;
    return '<svg class="tl' + (cls ? " " + cls : "") + (rot ? " rot" : "") + '" data-t="' + t +
      '" role="img" aria-label="' + (t === "??" ? "hidden tile" : t) + (label || "") + '"' +
      (rot ? ' viewBox="0 0 40 30"><use href="#' + id + '" width="30" height="40" transform="translate(40 0) rotate(90)"/>'
           : ' viewBox="0 0 30 40"><use href="#' + id + '"/>') + "</svg>";
  }
  function tiles(str, river) {
    var out = "", m;
    TILE.lastIndex = 0;
    while ((m = TILE.exec(str)) !== null) {
      var f = m[2], cls = [], label = "";
      if (river) {
        if (f.indexOf("t") >= 0) { cls.push("tg"); label += ", tsumogiri"; }
        if (f.indexOf("r") >= 0) { cls.push("ri"); label += ", riichi"; }
        if (f.indexOf("c") >= 0) { cls.push("cl"); label += ", called"; }
      }
      out += tile(m[1], cls.join(" "), f.indexOf("r") >= 0, label).replace("<svg", '<svg data-f="' + f + '"');
    }
    return out;
  }
  function name(p) { return cur.g.n[p] || "seat " + p; }
  function words(e) {
    if (!e) return "The deal as dealt";
    var c = e.charAt(0), seat = e.charAt(1), rest = e.slice(2), from = "";
    var lt = rest.indexOf("<");
    if (lt >= 0) { from = rest.slice(lt + 1); rest = rest.slice(0, lt); }
    var flags = "", t = rest.replace(/[tr]+$/, function (f) { flags = f; return ""; });
    var who = seat === "-" ? "" : name(+seat) + " ";
    var text = who + (VERB[c] || "event") + (t ? " " + t : "");
    if (c === "l" && from !== "") text += from === seat ? " by self-draw" : " on " + name(+from) + "'s discard";
    else if (from !== "") text += " from " + name(+from);
    if (flags.indexOf("t") >= 0) text += " (tsumogiri)";
    if (flags.indexOf("r") >= 0) text += ", declaring riichi";
    return text;
  }
  function melds(str, seat) {
    if (!str) return "";
    return str.split(" ").map(function (m) {
      var type = m.charAt(0), from = m.charAt(1), t = m.slice(2), html = "", k = 0, n = t.length / 2;
      var called = type !== "f" && type !== "h" && type !== "i" && from !== "-";
      for (var i = 0; i < t.length; i += 2, k++)
        html += tile(t.substr(i, 2), called && k === n - 1 ? "in" : "", called && k === n - 1,
          called && k === n - 1 ? ", called from " + name(+from) : "");
      var title = (MELD[type] || type) + (called ? " from " + name(+from) : "");
      return '<span class="meld" data-m="' + esc(m) + '" title="' + esc(title) + '">' + html +
        (called ? '<span class="from">' + esc(name(+from)) + "</span>" : "") + "</span>";
    }).join("");
  }
  function fmt(v) { return v.toLocaleString("en-US"); }

  function draw() {
    var S = states(cur.d), s = S[cur.i], g = cur.g, d = cur.d;
    $("v-title").textContent = (standalone ? "" : "Game " + g.g + " · ") + "Deal " + d.l;
    $("v-slider").max = S.length - 1;
    $("v-slider").value = cur.i;
    $("v-pos").textContent = "event " + cur.i + " / " + (S.length - 1);
    $("v-event").textContent = words(s.e);
    $("v-dora").innerHTML = tiles(s.d);
    $("v-wall").textContent = s.w < 0 ? "?" : s.w;
    $("v-sticks").textContent = s.k;
    var act = s.e ? s.e.charAt(1) : "-", html = "";
    for (var p = 0; p < g.p; p++) {
      html += '<div class="seat' + (String(p) === act ? " act" : "") + '" data-seat="' + p + '">' +
        '<div class="who"><b>' + esc(name(p)) + "</b>" + (p === d.k ? '<span class="lab">dealer</span>' : "") +
        ((s.q >> p) & 1 ? '<span class="rb">riichi</span>' : "") +
        '<span class="score" data-v="' + (s.s ? s.s[p] : "") + '">' + (s.s ? fmt(s.s[p]) : "") + "</span></div>" +
        '<div class="hand" aria-label="hand">' + tiles(s.h[p]) + "</div>" +
        '<div class="melds" aria-label="melds">' + melds(s.m[p], p) + "</div>" +
        '<div class="river" aria-label="discards">' + tiles(s.r[p], true) + "</div></div>";
    }
    $("v-seats").innerHTML = html;
    var fl = g.f.filter(function (f) { return f[0] === d.i; });
    $("v-findings").innerHTML = fl.length ? "<h3>Findings in this deal</h3><ul>" + fl.map(function (f) {
      var here = f[1] + 1 === cur.i; /* f[1]: the event's index, from 0 */
      return '<li class="' + (here ? "here" : "") + '" data-event="' + (f[1] + 1) + '"><a href="#view=g' + g.g +
        "d" + d.i + "e" + (f[1] + 1) + '">event ' + (f[1] + 1) + "</a> <code>" + esc(f[2]) + "</code> " + esc(f[3]) +
        (f[4] && !standalone ? ' <a href="#' + esc(f[4]) + '" data-close="1">in the report</a>' : "") + "</li>";
    }).join("") + "</ul>" : "";
    /* the address names the event shown, once stepping pauses (browsers throttle a flood of
       history updates) */
    clearTimeout(cur.t);
    cur.t = setTimeout(function () {
      if (!V.hidden && window.history && history.replaceState)
        history.replaceState(null, "", "#view=g" + g.g + "d" + d.i + "e" + cur.i);
    }, 400);
  }
  function jumps() {
    var S = states(cur.d), opts = '<option value="">Jump to…</option>';
    S.forEach(function (s, i) {
      var c = s.e.charAt(0);
      if (c === "l" || CALLS.indexOf(c) >= 0 || c === "m" || c === "n" || c === "o")
        opts += '<option value="' + i + '">' + (c === "l" ? "Win" : CALLS.indexOf(c) >= 0 ? "Call" : "End") +
          ": " + esc(words(s.e)) + "</option>";
    });
    cur.g.f.forEach(function (f) {
      if (f[0] === cur.d.i && f[1] >= 0)
        opts += '<option value="' + (f[1] + 1) + '">Finding: ' + esc(f[2]) + " at event " + (f[1] + 1) + "</option>";
    });
    $("v-jump").innerHTML = opts;
    var ds = "";
    cur.g.d.forEach(function (d) {
      ds += '<option value="' + d.i + '"' + (d === cur.d ? " selected" : "") + ">" + esc(d.l) + "</option>";
    });
    $("v-deal").innerHTML = ds;
  }
  function open(gn, dn, ev) {
    var g = find(G, "g", gn);
    if (!g || !g.d.length) return false;
    var d = (dn && find(g.d, "i", dn)) || g.d[0];
    var n = states(d).length;
    cur.g = g; cur.d = d;
    /* ev: the event's number as every output gives it, from 1 (0: the deal's start) */
    cur.i = ev === null || ev === undefined || isNaN(ev) ? 0 : Math.max(0, Math.min(n - 1, ev));
    V.hidden = false;
    document.body.classList.add("viewing");
    jumps();
    draw();
    return true;
  }
  function close() {
    if (standalone) return;
    var back = cur.g ? "#game-" + cur.g.g + "-deal-" + cur.d.i : "";
    V.hidden = true;
    clearTimeout(cur.t);
    document.body.classList.remove("viewing");
    if (history.replaceState) history.replaceState(null, "", back || "#");
    var el = back && document.getElementById(back.slice(1));
    if (el) el.scrollIntoView();
  }
  function go(i) {
    var n = states(cur.d).length;
    cur.i = Math.max(0, Math.min(n - 1, i));
    draw();
  }
  function fromHash() {
    var m = /^#view=g(\d+)(?:d(\d+))?(?:e(\d+))?$/.exec(location.hash);
    if (m) return open(+m[1], m[2] ? +m[2] : 0, m[3] !== undefined ? +m[3] : null);
    if (!standalone && !V.hidden) { V.hidden = true; document.body.classList.remove("viewing"); }
    return false;
  }
  $("v-first").onclick = function () { go(0); };
  $("v-prev").onclick = function () { go(cur.i - 1); };
  $("v-next").onclick = function () { go(cur.i + 1); };
  $("v-last").onclick = function () { go(1e9); };
  $("v-slider").oninput = function () { go(+this.value); };
  $("v-jump").onchange = function () { if (this.value !== "") go(+this.value); };
  $("v-deal").onchange = function () { open(cur.g.g, +this.value, null); };
  if ($("v-close")) $("v-close").onclick = close;
  V.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[data-close]");
    if (a) { V.hidden = true; document.body.classList.remove("viewing"); }
  });
  document.addEventListener("keydown", function (e) {
    if (V.hidden || !cur.d || e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && e.target.type === "range")) {
      if (e.key === "Escape") close();
      return;
    }
    if (e.key === "ArrowRight") go(cur.i + 1);
    else if (e.key === "ArrowLeft") go(cur.i - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(1e9);
    else if (e.key === "Escape") close();
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", fromHash);
  /* the report: a link from every finding with an event and from every deal's rows */
  G.forEach(function (g) {
    g.f.forEach(function (f) {
      var card = f[4] && document.getElementById(f[4]);
      if (card && find(g.d, "i", f[0]) && !card.querySelector("a.vlink"))
        card.querySelector("h4").insertAdjacentHTML("beforeend", ' <a class="vlink" href="#view=g' + g.g +
          "d" + f[0] + (f[1] >= 0 ? "e" + (f[1] + 1) : "") + '">Show in the deal viewer</a>');
    });
    var t = document.getElementById("game-" + g.g + "-deals");
    if (!t) return;
    var deal = 0;
    Array.prototype.forEach.call(t.tBodies[0] ? t.tBodies[0].rows : [], function (tr) {
      var m = /^game-\d+-deal-(\d+)$/.exec(tr.id || "");
      if (m) deal = +m[1];
      if (!deal || !find(g.d, "i", deal)) return;
      var href = "#view=g" + g.g + "d" + deal;
      if (m) tr.cells[0].insertAdjacentHTML("beforeend", ' <a class="vlink" href="' + href +
        '" aria-label="view deal">▶ view</a>');
      tr.style.cursor = "pointer";
      tr.addEventListener("click", function (e) {
        if (!(e.target.closest && e.target.closest("a"))) location.hash = href.slice(1);
      });
    });
  });
  if (!fromHash() && standalone && G.length) open(G[0].g, V.getAttribute("data-deal") ? +V.getAttribute("data-deal") : 0, null);
})();
