#!/usr/bin/env bash
# Issue 27 (command-line half) and issue 28's last point: nothing disappears (damaged logs are
# unreadable with their reader's error, skipped files named), the progress line (recorded under
# script), output without noise (--severity, --ignore, --only, -q, --summary, the rule-set
# note), the command-line slips, and every output line escaping what came from outside.
# usage: cli_issue27.sh PAIFU SOURCE_DIR WORK_DIR PYTHON [CORPUS_DIR]
set -u
paifu=$1 src=$2 work=$3 py=$4 corpus=${5:-}
samples=$src/samples
seeds=$src/tests/fuzz/corpus/read # one small log of every format paifu reads
rm -rf "$work" && mkdir -p "$work"
failures=0 pass=0
ok() { pass=$((pass + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then ok; else fail "$1: got '$3', expected '$2'"; fi
}
contains() { # contains NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then ok; else
        fail "$1: '$3' not in $2:"; sed 's/^/    /' "$2" | head -20; fi
}
lacks() { # lacks NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then fail "$1: '$3' in $2"; else ok; fi
}
sample=$samples/handmade-rrc-one-deal.paifu.json

# ---- nothing disappears: damaged copies of a log of every format, and files that are no log ----
mkdir -p "$work/damaged"
"$py" - "$samples" "$seeds" "$work/damaged" <<'EOF'
import glob, gzip, os, sys
samples, seeds, out = sys.argv[1:4]
logs = [f for f in sorted(glob.glob(samples + "/*") + glob.glob(seeds + "/*"))
        if not f.endswith(".md")]
for f in logs:
    name, data = os.path.basename(f), open(f, "rb").read()
    for frac in (0.2, 0.5, 0.9):  # cut inside a line, never at its end
        n = int(len(data) * frac)
        while n < len(data) - 1 and data[n - 1:n] in (b"\n", b" ", b"\r"):
            n += 1
        open("%s/%s.cut%d" % (out, name, frac * 100), "wb").write(data[:n])
        open("%s/%s.cut%d.gz" % (out, name, frac * 100), "wb").write(gzip.compress(data[:n]))
    z = gzip.compress(data)
    open("%s/%s.gzcut.gz" % (out, name), "wb").write(z[:len(z) // 2])  # the gzip itself cut
EOF
head -c 20 "$samples/pantheon-ema-sheet.txt" >"$work/damaged/pantheon-first-line.txt" # 2 pairs
mkdir -p "$work/damaged/notes"
echo "notes about these logs" >"$work/damaged/notes/README.txt"
: >"$work/damaged/notes/empty.json"
printf '\211PNG\r\n\032\n0000' >"$work/damaged/notes/image.png"
echo '{"a": [1, 2, 3]}' >"$work/damaged/notes/data.json"
n_damaged=$(find "$work/damaged" -type f ! -path '*/notes/*' | wc -l)
"$paifu" validate --format json "$work/damaged" >"$work/damaged.json" 2>"$work/damaged.err"
check "damaged: exit status" 2 $?
"$py" - "$work/damaged.json" "$n_damaged" >"$work/damaged.check" 2>&1 <<'EOF' || fail "damaged: $(cat "$work/damaged.check")"
import json, sys
d = json.load(open(sys.argv[1]))
files = d["files"]
assert len(files) == int(sys.argv[2]), ("every damaged copy is an input", len(files), sys.argv[2])
truncated = 0
for f in files:
    e = f.get("error")
    if not e and f.get("format") == "tenhou-xml":
        # a tile log cut between tags or inside one is read up to its last whole tag (issue
        # 36): log.truncated at the last event read
        cut = [x for x in f["findings"] if x["code"] == "log.truncated"]
        assert cut and cut[0]["where"].get("line"), ("a cut mjlog without log.truncated", f)
        truncated += 1
        continue
    assert e, ("a damaged copy that read", f["file"])
    w, m = e["where"], e["message"]
    assert "unrecognised" not in m and "not a log" not in m, (f["file"], m)
    # its place: a line (and column), an offset, or the byte the gzip stream ends at
    assert w.get("line") or w.get("offset") or "cut after compressed byte" in m, \
        ("no place", f["file"], e)
skipped = {s["file"].rsplit("/", 1)[1]: s["reason"] for s in d["skipped"]}
assert skipped == {"README.txt": "not a log", "empty.json": "empty", "image.png": "not a log",
                   "data.json": "not a log"}, skipped
assert d["summary"]["skipped"] == 4 and d["summary"]["errors"] == len(files) - truncated, \
    d["summary"]
EOF
ok
"$paifu" validate -v "$work/damaged/notes" >"$work/v.out" 2>"$work/v.err"; check "skipped only: exit status" 0 $?
for f in README.txt:"not a log" empty.json:empty image.png:"not a log" data.json:"not a log"; do
    contains "-v names $f" "$work/v.err" "notes/${f%%:*}: skipped: ${f#*:}"
done
"$paifu" validate "$work/damaged/notes" >"$work/v.out" 2>"$work/v.err"
lacks "no -v: skipped files not named" "$work/v.err" "skipped"
contains "summary counts them" "$work/v.out" "4 skipped: 3 not a log, 1 empty"
"$paifu" validate --format jsonl "$work/damaged/notes" >"$work/v.jsonl" 2>/dev/null
contains "jsonl names them" "$work/v.jsonl" '{"type": "skipped", "file": "'"$work"'/damaged/notes/empty.json", "reason": "empty"}'
# detection gives the reader's own error: the same as --from names the format
cut=$work/damaged/majsoul-riichi-tsumo.json.cut50
"$paifu" validate "$cut" >/dev/null 2>"$work/detect.err"; check "cut majsoul: exit" 2 $?
"$paifu" validate --from majsoul "$cut" >/dev/null 2>"$work/from.err"
check "cut majsoul: the error --from gives" "$(cat "$work/from.err")" "$(cat "$work/detect.err")"
: >"$work/empty.mjlog"
"$paifu" validate "$work/empty.mjlog" >/dev/null 2>"$work/empty.err"; check "empty operand: exit" 2 $?
contains "empty operand" "$work/empty.err" "empty: the input holds no bytes"
# the report names them too (JSON, HTML)
"$paifu" report --format json "$work/damaged/notes" "$sample" >"$work/audit.json" 2>/dev/null
"$py" -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert sorted(s['file'].rsplit('/', 1)[1] for s in d['skipped']) == ['README.txt', 'data.json', 'empty.json', 'image.png'], d['skipped']
" "$work/audit.json" && ok || fail "report json: skipped"
"$paifu" report --format html "$work/damaged/notes" "$sample" >"$work/audit.html" 2>/dev/null
contains "report html: skipped" "$work/audit.html" "4 files skipped"
contains "report html: named" "$work/audit.html" "notes/image.png (not a log)"

# ---- output without noise ----
# a score sheet with an error (game.final_points) and a warning (sheet.totals), under --rules
printf 'a:28700 b:33300 c:30000 d:28000\nron b from c 2han 30fu (tanyao pinfu)\nron c from d 1han 30fu (yakuhai1)\ndraw tempai c riichi c\nron b from a 1han 30fu\n' >"$work/sheet.txt"
run() { # run NAME STATUS FINDINGS ARGS...: validate's exit status and its count of findings
    local name=$1 want=$2 n=$3; shift 3
    "$paifu" validate --rules rrc "$@" "$work/sheet.txt" >"$work/f.out" 2>&1
    check "$name: exit status" "$want" $?
    contains "$name: count" "$work/f.out" ": $n finding"
}
run "no filter" 1 2
contains "no filter: the error" "$work/f.out" "error: game.final_points"
contains "no filter: the warning" "$work/f.out" "warning: sheet.totals"
run "--severity error" 1 1 --severity error
lacks "--severity error: no warning" "$work/f.out" "sheet.totals"
run "--severity warning" 1 2 --severity warning
run "--ignore the error" 1 1 --ignore game.final_points
lacks "--ignore: the code left out" "$work/f.out" "game.final_points"
run "--ignore both" 0 0 --ignore game.final_points,sheet.totals
run "--only the warning" 1 1 --only sheet.totals
lacks "--only: the other code" "$work/f.out" "game.final_points"
run "--only the warning, errors only" 0 0 --only sheet.totals --severity error
"$paifu" validate --ignore score.nosuch "$sample" >/dev/null 2>"$work/f.err"; check "--ignore unknown code" 2 $?
contains "--ignore unknown code: says what is allowed" "$work/f.err" "score.fu"
for fmt in json jsonl; do
    "$paifu" validate --rules rrc --format $fmt --severity error "$work/sheet.txt" >"$work/f.$fmt" 2>/dev/null
    check "--severity error --format $fmt: exit" 1 $?
    lacks "--severity error --format $fmt" "$work/f.$fmt" "sheet.totals"
    contains "--severity error --format $fmt: the error" "$work/f.$fmt" "game.final_points"
done
"$paifu" report --format json --rules rrc --only sheet.totals "$work/sheet.txt" >"$work/f.audit" 2>/dev/null
check "report --only: exit" 1 $?
lacks "report --only" "$work/f.audit" "game.final_points"
"$paifu" report --rules rrc --ignore game.final_points,sheet.totals "$work/sheet.txt" >/dev/null 2>&1
check "report --ignore both: exit" 0 $?
# -q: the findings stay, the summary and the notes go; JSON and JSON lines are the same
"$paifu" validate -q "$work/sheet.txt" >"$work/q.out" 2>&1; check "-q: exit" 1 $?
contains "-q keeps findings" "$work/q.out" "game.final_points"
lacks "-q drops the summary" "$work/q.out" "1 file (0 unreadable)"
lacks "-q drops the note" "$work/q.out" "note:"
check "-q: lines" 2 "$(wc -l <"$work/q.out")"
for fmt in json jsonl; do
    "$paifu" validate --format $fmt "$work/sheet.txt" "$samples" >"$work/loud.$fmt" 2>/dev/null
    "$paifu" validate -q --format $fmt "$work/sheet.txt" "$samples" >"$work/quiet.$fmt" 2>/dev/null
    cmp -s "$work/loud.$fmt" "$work/quiet.$fmt" && ok || fail "--format $fmt differs with -q"
    contains "--format $fmt -q lists findings" "$work/quiet.$fmt" "game.final_points"
done
"$paifu" validate --summary "$work/sheet.txt" >"$work/s.out" 2>&1; check "--summary: exit" 1 $?
check "--summary: one line" 1 "$(wc -l <"$work/s.out")"
contains "--summary: the summary" "$work/s.out" "1 file (0 unreadable), 1 game"
# the rule-set note: only where the rule set was assumed (a score sheet names none), or -v
"$paifu" validate "$work/sheet.txt" >"$work/n.out" 2>&1
contains "note where assumed" "$work/n.out" "note: game 1 checked under rrc"
"$paifu" validate "$samples/session-rrc.paifu.json" >"$work/n.out" 2>&1
lacks "no note where the log names its rules" "$work/n.out" "note:"
"$paifu" validate -v "$samples/session-rrc.paifu.json" >"$work/n.out" 2>&1
contains "-v: every note" "$work/n.out" "note: game 1 checked under rrc"
if [ -n "$corpus" ] && [ -d "$corpus" ]; then # the corpus: every note says why
    "$paifu" validate -j 2 "$corpus" >"$work/corpus.out" 2>/dev/null
    grep "note:" "$work/corpus.out" | grep -v "assumed" >"$work/corpus.named"
    check "corpus: notes where the log names its rule set" 0 "$(wc -l <"$work/corpus.named")"
fi

# ---- the command-line slips ----
"$paifu" validate --bogus "$sample" >/dev/null 2>"$work/c.err"; check "unknown option: exit" 2 $?
contains "unknown option names the command" "$work/c.err" "paifu validate: unknown option '--bogus'"
"$paifu" convert --to >/dev/null 2>"$work/c.err"; check "missing value: exit" 2 $?
contains "missing value names the command" "$work/c.err" "paifu convert: option '--to' needs a value"
"$paifu" validate --rules ema2024 "$sample" >/dev/null 2>"$work/c.err"; check "--rules ema2024: exit" 2 $?
contains "--rules ema2024 names the option" "$work/c.err" "paifu validate: --rules ema2024: unknown rule set"
contains "--rules ema2024 says what is allowed" "$work/c.err" "known: rrc, ema"
lacks "--rules ema2024 is no file" "$work/c.err" "paifu: -:"
"$paifu" validate --rule nosuch=1 "$sample" >/dev/null 2>"$work/c.err"; check "--rule nosuch: exit" 2 $?
contains "--rule nosuch" "$work/c.err" "paifu validate: --rule nosuch=1: unknown rule parameter"
lacks "--rule nosuch: no rules --list" "$work/c.err" "rules --list"
hint=$(grep -o "paifu rules [a-z]*" "$work/c.err" | head -1)
"$paifu" ${hint#paifu } >/dev/null 2>&1; check "the command the hint names ($hint) runs" 0 $?
"$paifu" validate --rule kiriage=maybe "$sample" >/dev/null 2>"$work/c.err"; check "--rule bad value: exit" 2 $?
contains "--rule bad value: what is allowed" "$work/c.err" "expected true or false"
"$paifu" report --sanction Nobody=0.25 "$samples/session-jhc2016.paifu.json" >/dev/null 2>"$work/c.err"
check "--sanction for no player: exit" 2 $?
contains "--sanction for no player" "$work/c.err" "no player of the games is named 'Nobody'"
for cmd in validate report; do
    "$paifu" $cmd --max-findings 0 "$sample" >/dev/null 2>"$work/c.err"; check "$cmd --max-findings 0: exit" 2 $?
    contains "$cmd --max-findings 0" "$work/c.err" "1 or more"
done
"$paifu" convert --to mjlog "$samples/synthetic-tenhou.mjlog" >"$work/c.mjlog" 2>"$work/c.err"
check "convert --to mjlog: exit" 0 $?
"$paifu" convert --to tenhou-xml "$samples/synthetic-tenhou.mjlog" >"$work/c.xml" 2>/dev/null
cmp -s "$work/c.mjlog" "$work/c.xml" && ok || fail "--to mjlog is not --to tenhou-xml"
# -o: a folder exactly when it ends in '/' or is one, for every command, made when missing
mkdir -p "$work/o"
"$paifu" convert --to paifu -o "$work/o/file" "$sample" "$samples/session-rrc.paifu.json" >/dev/null 2>&1
check "convert -o file (a new name, no '/'): exit" 0 $?
[ -f "$work/o/file" ] && ok || fail "convert -o file: not one file"
"$paifu" convert --to paifu -o "$work/o/new/deep/" "$sample" >/dev/null 2>&1; check "convert -o new/: exit" 0 $?
ls "$work/o/new/deep/"handmade-rrc-one-deal*.paifu.json >/dev/null 2>&1 && ok || fail "convert -o new/: $(find "$work/o/new")"
"$paifu" report -o "$work/o/rep/" "$sample" >/dev/null 2>&1; check "report -o dir/: exit" 0 $?
[ -f "$work/o/rep/report.txt" ] && ok || fail "report -o dir/: $(find "$work/o/rep")"
"$paifu" report --format html -o "$work/o/rep" "$sample" >/dev/null 2>&1 # an existing folder
[ -f "$work/o/rep/report.html" ] && ok || fail "report -o existing folder: $(find "$work/o/rep")"
"$paifu" report --format json -o "$work/o/rep.json" "$sample" >/dev/null 2>&1
[ -f "$work/o/rep.json" ] && ok || fail "report -o file"
"$paifu" export -o "$work/o/exp/" "$sample" >/dev/null 2>&1; check "export -o dir/: exit" 0 $?
[ -f "$work/o/exp/paifu.db" ] && ok || fail "export -o dir/: $(find "$work/o/exp")"
# --gzip on standard output: one gzip stream, the same bytes inflated
"$paifu" convert --to paifu "$sample" "$samples/session-rrc.paifu.json" >"$work/plain.json" 2>/dev/null
"$paifu" convert --to paifu --gzip "$sample" "$samples/session-rrc.paifu.json" >"$work/z.json.gz" 2>/dev/null
check "convert --gzip to stdout: exit" 0 $?
gzip -dc "$work/z.json.gz" >"$work/z.json" && cmp -s "$work/z.json" "$work/plain.json" && ok || fail "--gzip stdout: not the plain output gzip'd"
"$paifu" validate "$work/z.json.gz" >/dev/null 2>&1; check "--gzip stdout reads back" 0 $?

# ---- every output line escapes what came from outside (issue 28) ----
mkdir -p "$work/esc"
forged=$(printf 'x\nforged.mjlog:1:1: error: score.fu: FAKE\033[31m\377')
# the player name and a metadata value hold a newline and an escape sequence (a JSON log can
# hold no byte that is not UTF-8: the file name carries that); the deal's start scores changed,
# so that a finding names the players
"$py" - "$sample" "$work/esc/$forged" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["players"][0] = "An\nna\x1b[2J"
d["source"] = {"format": "paifu", "meta": {"tenhou.ref": "ref\n\x1b[31mX"}}
d["deals"][0]["scores"][3] = 31000
json.dump(d, open(sys.argv[2], "w"))
EOF
"$paifu" validate "$work/esc" >"$work/e.out" 2>&1; check "escaped: exit" 1 $?
"$paifu" validate -v "$work/esc" "$work/damaged/notes" "$work/esc/nosuch$'\033'" >>"$work/e.out" 2>&1
"$paifu" report "$work/esc" >>"$work/e.out" 2>&1
"$paifu" info "$work/esc" >>"$work/e.out" 2>&1
"$paifu" convert --to mjai "$work/esc" >/dev/null 2>>"$work/e.out"
LC_ALL=C grep -c $'\033' "$work/e.out" >"$work/n"; check "text: no ESC byte" 0 "$(cat "$work/n")"
LC_ALL=C grep -c $'\377' "$work/e.out" >"$work/n"; check "text: no byte that is not UTF-8" 0 "$(cat "$work/n")"
LC_ALL=C grep -c '^forged' "$work/e.out" >"$work/n"; check "text: no forged line" 0 "$(cat "$work/n")"
contains "text: the name shown escaped" "$work/e.out" 'x\nforged.mjlog:1:1: error: score.fu: FAKE\x1b[31m\xff'
contains "text: the player shown escaped" "$work/e.out" 'An\nna\x1b[2J'
for fmt in json jsonl; do
    "$paifu" validate --format $fmt "$work/esc" >"$work/e.$fmt" 2>/dev/null
    "$py" - "$work/e.$fmt" "$fmt" <<'EOF' && ok || fail "--format $fmt: not valid JSON with the values kept"
import json, sys
text = open(sys.argv[1], "rb").read().decode("utf-8")  # valid UTF-8
docs = [json.loads(l) for l in text.splitlines()] if sys.argv[2] == "jsonl" else [json.loads(text)]
flat = json.dumps(docs, ensure_ascii=False)
assert "\x1b" not in text
assert "An\\nna\\u001b[2J" in flat or "An\\nna\x1b[2J" in flat, flat[:400]
if sys.argv[2] == "jsonl":
    assert any(d.get("ref") == "ref\n\x1b[31mX" for d in docs), "the metadata value kept"
assert "forged.mjlog:1:1: error: score.fu: FAKE\\u001b[31m\ufffd" in flat, flat[:300]
EOF
done
"$paifu" report --format html "$work/esc" >"$work/e.html" 2>/dev/null
LC_ALL=C grep -c $'\033' "$work/e.html" >"$work/n"; check "html: no ESC byte" 0 "$(cat "$work/n")"
"$paifu" report --format markdown "$work/esc" >"$work/e.md" 2>/dev/null
LC_ALL=C grep -c $'\033' "$work/e.md" >"$work/n"; check "markdown: no ESC byte" 0 "$(cat "$work/n")"
"$paifu" report --format csv --table findings "$work/esc" >"$work/e.csv" 2>/dev/null
"$py" - "$work/e.csv" <<'EOF' && ok || fail "csv: the name is not one quoted field"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8", errors="replace")))
assert all(len(r) == len(rows[0]) for r in rows), [len(r) for r in rows]
assert any("An\nna" in c for r in rows for c in r), rows
EOF

# ---- the progress line, recorded under script: on screen most of the run, at most 10 draws a
# second, at -j 1 and -j 2, "walking" before the total is known ----
if command -v script >/dev/null 2>&1; then
    mkdir -p "$work/many"
    for i in $(seq 1 250); do
        mkdir -p "$work/many/d$i"
        cp "$samples"/*.json "$samples"/*.mjlog "$samples"/*.txt "$samples"/*.jsonl "$work/many/d$i/"
    done
    n_many=$(find "$work/many" -type f | wc -l)
    for j in 1 2; do
        script -q -T "$work/timing$j" -c "'$paifu' validate -j $j '$work/many' >/dev/null" \
            "$work/rec$j" </dev/null >/dev/null 2>&1
        "$py" - "$work/rec$j" "$work/timing$j" "$n_many" <<'EOF' >"$work/p$j.txt" 2>&1 && ok || fail "progress -j $j: $(cat "$work/p$j.txt")"
import re, sys
rec = open(sys.argv[1], "rb").read()
rec = rec[rec.index(b"\n") + 1:]  # script's header line
t, pos, events = 0.0, 0, []  # (time, kind): a draw of the line, or the line taken off
for line in open(sys.argv[2]):
    delay, n = line.split()
    t += float(delay)
    chunk = rec[pos:pos + int(n)]
    pos += int(n)
    for m in re.finditer(rb"\r(\x1b\[K)?(paifu: [^\r\n\x1b]*)?", chunk):
        events.append((t, "draw" if m.group(2) else "off"))
draws = [e for e in events if e[1] == "draw"]
assert draws, "no progress line"
start, end = draws[0][0], t
# on screen: from each draw to the next time it is taken off
on, shown_since = 0.0, None
for when, kind in events:
    if kind == "draw" and shown_since is None:
        shown_since = when
    elif kind == "off" and shown_since is not None:
        on += when - shown_since
        shown_since = None
span = events[-1][0] - start
most = max(sum(1 for d in draws if w <= d[0] < w + 1.0) for w, _ in draws)
print("run %.2f s, line on screen %.2f s of %.2f s, %d draws, at most %d in a second"
      % (end, on, span, len(draws), most))
assert span > 0 and on / span >= 0.5, "on screen less than half the run"
assert most <= 10, "more than 10 draws in a second"
text = rec.decode("utf-8", "replace")
total = "{:,}".format(int(sys.argv[3]))
assert "walking: " in text or "/%s files" % total in text, "neither walking nor the total"
for d in re.findall(r"paifu: walking: [^\r\x1b]*", text):
    assert " left" not in d and "/" not in d.split(",")[0], ("a total while walking", d)
# the total once known, unless the run ended before the line was drawn again (at most 10 draws a
# second: a run of 3,250 small files takes 0.1 s on a quiet machine, and its one draw is walking)
assert re.search(r"paifu: [0-9,]+/%s files" % total, text) or end - start < 0.5, \
    ("the total once known", total)
EOF
        cat "$work/p$j.txt"
    done
    script -q -c "'$paifu' validate -q '$work/many/d1' >/dev/null" "$work/recq" </dev/null >/dev/null 2>&1
    lacks "no progress line with -q" "$work/recq" "games/s"
    "$paifu" validate "$work/many/d1" >/dev/null 2>"$work/pipe.err"
    lacks "no progress line on a pipe" "$work/pipe.err" "games/s"
fi

echo "cli_issue27: $pass passed, $failures failed"
[ "$failures" -eq 0 ]
