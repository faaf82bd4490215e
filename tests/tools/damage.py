#!/usr/bin/env python3
"""Damaged copies of real logs of every format (issue 36), each run through paifu alone and
inside a folder.

usage: damage.py PAIFU WORKDIR SAMPLES_DIR [CORPUS_DIR] [--sanitized] [--every N]

--every N takes every Nth log of each format's corpus folder instead of the sample below (a
wider sweep run by hand; CI runs the sample, under a minute on 2 cores).

For a bounded sample of logs per format (the corpus's when CORPUS_DIR is given and holds them,
else samples/), the copies are: cut inside a tag, a string and a word, after a complete line and
after a deal; with a UTF-8 byte order mark, CRLF line ends, as UTF-16, with NUL padding; a typo
on the first and on a middle line; a renamed key; a missing bracket; two lines swapped; a cut
gzip. The damage is deterministic (positions are fractions of the file, no randomness).

Each copy is run as `validate --format json COPY`, `validate --format json DIR` (the copy alone
in a folder) and `validate -v COPY`, and must be one of:
  same     read exactly as the original (exit status, counts, findings, and the games as
           `paifu info --format json` shows them: players, rules, every deal and outcome);
  refused  exit 2 with an error naming the file and a place (line, byte offset or JSON path);
  finding  exit 1 with every finding the original lacks placed (a line, a deal or an event);
never "not a log" in the folder, never a different outcome in the folder than alone, never exit
0 with fewer games, deals or events than the original, never a crash, more than 5 s or more
than 256 MB (wait4's rusage; not checked under the sanitizers, whose memory is theirs). It
prints the counts per format and kind, and the failures; the exit status is 1 on any failure.
"""
import collections
import concurrent.futures
import gzip
import json
import os
import shutil
import subprocess
import sys
import time

TIME_LIMIT = 5.0
MEMORY_LIMIT_KB = 256 * 1024

# format -> (corpus globs (relative to CORPUS_DIR), samples, files per format)
SOURCES = {
    "tenhou-xml": (["tenhou-xml/MahjongRepository--tenhou-python-bot/2.xml",
                    "tenhou-xml/MahjongRepository--tenhou-python-bot/13.xml",
                    "tenhou-xml/Agony5757--mahjong/2020010100gm-00a9-0000-0b366d75.xml"],
                   ["synthetic-tenhou.mjlog"]),
    "tenhou6": (["tenhou6/zhengye1--paipuconverter/_39_______5.txt.json",
                 "tenhou6/Equim-chan--mjai-reviewer/confusing_nakis_7.json"], []),
    "mjai": (["mjai/smly--RiichiEnv/tests_data/126_204_0_mjai.jsonl",
              "mjai/critter-mj--akochan/haifu_log_sample.json"],
             ["riichienv-selfplay.mjai.jsonl"]),
    "majsoul": (["majsoul/GrandDawn--majsoul-replay-editor/paipu_record.json"], []),
    "mcr-botzone": (["mcr/SuuTTT--IJCAI-mahjong/6a20675158ebe27b197de0fe_lite.json"], []),
    "mcr-botzone-text": (["mcr/lawlorentz--Chinese-Standard-Mahjong-DRL/"
                          "match-61602cb45ddc087351c0435d.txt"], []),
    "pantheon": (["pantheon-results/MahjongPantheon--pantheon/Mimir_tests_models_testdata/"
                  "games-01.txt"], ["pantheon-ema-sheet.txt"]),
    "paifu": ([], ["session-ema.paifu.json", "handmade-rrc-one-deal.paifu.json"]),
}

# the key a format's detection leans on, renamed by "rename_key"
KEYS = {"tenhou-xml": b"seed=", "tenhou6": b'"log"', "mjai": b'"type"',
        "majsoul": b'"head"', "mcr-botzone": b'"logs"', "paifu": b'"paifu"',
        "pantheon": b"han", "mcr-botzone-text": b"Wind"}


def at(data, frac):
    return min(len(data) - 1, max(0, int(len(data) * frac)))


def find_from(data, frac, pred):
    """The first index at or after FRAC of DATA where PRED(byte) holds, or None."""
    for i in range(at(data, frac), len(data)):
        if pred(data[i]):
            return i
    return None


def is_letter(c):
    return 65 <= c <= 90 or 97 <= c <= 122


def lines(data):
    return data.split(b"\n")


def cut_tag(data, fmt):
    i = data.find(b"<", at(data, 0.6)) if fmt == "tenhou-xml" else data.find(b"{", at(data, 0.6))
    return data[:i + 4] if i > 0 else None


def cut_string(data, fmt):
    i = data.find(b'"', at(data, 0.55))
    return data[:i + 2] if i > 0 else None


def cut_word(data, fmt):
    i = find_from(data, 0.5, is_letter)
    if i is None:
        return None
    j = i
    while j < len(data) and is_letter(data[j]):
        j += 1
    return data[:i + max(1, (j - i) // 2)] if j - i >= 2 else None


def cut_line(data, fmt):
    i = data.find(b"\n", at(data, 0.5))
    return data[:i + 1] if 0 < i < len(data) - 2 else None


def cut_deal(data, fmt):
    if fmt == "tenhou-xml":
        for tag in (b"<AGARI", b"<RYUUKYOKU"):
            i = data.find(tag, at(data, 0.4))
            if i > 0:
                return data[:data.index(b"/>", i) + 2]
        return None
    if fmt == "mjai":
        i = data.find(b'"end_kyoku"', at(data, 0.4))
        return data[:data.index(b"\n", i) + 1] if i > 0 else None
    return cut_line(data, fmt)


def bom(data, fmt):
    return b"\xef\xbb\xbf" + data


def crlf(data, fmt):
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") if b"\n" in data else None


def utf16(data, fmt):
    return data.decode("utf-8").encode("utf-16")


def nul(data, fmt):
    return data + b"\0" * 512


def typo(data, start):
    """Two letters of the first word of three letters or more at or after START swapped."""
    i = start
    while i < len(data):
        if is_letter(data[i]):
            j = i
            while j < len(data) and is_letter(data[j]):
                j += 1
            if j - i >= 3 and data[i + 1] != data[i + 2]:
                return data[:i + 1] + bytes([data[i + 2], data[i + 1]]) + data[i + 3:]
            i = j
        i += 1
    return None


def typo_first(data, fmt):
    return typo(data, 0)


def typo_middle(data, fmt):
    ls = lines(data)
    if len(ls) >= 4:
        mid = len(ls) // 2
        return typo(data, len(b"\n".join(ls[:mid])) + 1)
    return typo(data, at(data, 0.5))


def rename_key(data, fmt):
    key = KEYS[fmt]
    i = data.find(key)
    if i < 0:
        return None
    k = i + 1 if key.startswith(b'"') else i
    return data[:k] + data[k + 1:k + 2] + data[k:k + 1] + data[k + 2:]


def missing_bracket(data, fmt):
    opener = b"<" if fmt == "tenhou-xml" else b"(" if fmt == "pantheon" else b"["
    i = data.find(opener, at(data, 0.5))
    if i < 0:
        i = data.find(b"{", at(data, 0.5))
    return data[:i] + data[i + 1:] if i > 0 else None


def swap_lines(data, fmt):
    ls = lines(data)
    if len([l for l in ls if l.strip()]) < 4:
        return None
    mid = len(ls) // 2
    ls[mid], ls[mid + 1] = ls[mid + 1], ls[mid]
    return b"\n".join(ls)


def cut_gzip(data, fmt):
    z = gzip.compress(data, mtime=0)
    return z[:len(z) // 2]


KINDS = [cut_tag, cut_string, cut_word, cut_line, cut_deal, bom, crlf, utf16, nul, typo_first,
         typo_middle, rename_key, missing_bracket, swap_lines, cut_gzip]


def run_measured(args):
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out_chunks, err_chunks = [], []
    import threading

    def pump(src, dst):
        dst.append(src.read())
    ts = [threading.Thread(target=pump, args=(p.stdout, out_chunks)),
          threading.Thread(target=pump, args=(p.stderr, err_chunks))]
    for t in ts:
        t.start()
    deadline = t0 + TIME_LIMIT * 4
    status, rusage = None, None
    while True:
        pid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            status, rusage = st, ru
            break
        if time.monotonic() > deadline:
            p.kill()
        time.sleep(0.005)
    for t in ts:
        t.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - t0
    return (p.returncode, b"".join(out_chunks).decode("utf-8", "replace"),
            b"".join(err_chunks).decode("utf-8", "replace"), elapsed, rusage.ru_maxrss)


def summary(report):
    s = report["summary"]
    return s["games"], s["deals"], s["events"]


def findings(report):
    out = collections.Counter()
    for f in report["files"]:
        for x in f.get("findings", []):
            w = x.get("where", {})
            out[(x["code"], w.get("deal"), w.get("event"))] += 1
    return out


def placed_error(report, name):
    for f in report["files"]:
        e = f.get("error")
        if e:
            w = e.get("where", {})
            if not os.path.basename(w.get("file", "")) == name:
                return False, "error names %r, not %r" % (w.get("file"), name)
            if not (w.get("line") or w.get("offset") or w.get("path")):
                return False, "error without a place: %s" % e.get("message")
            return True, ""
    return False, "exit 2 without an error in the report"


def judge(orig, rc, report, name):
    """'same', 'refused' or 'finding', or (None, why)."""
    if rc not in (0, 1, 2):
        return None, "exit status %d (a crash?)" % rc
    if report is None:
        return None, "no JSON report"
    if report["summary"].get("skipped"):
        return None, "skipped: not a log"
    o_rc, o_sum, o_find = orig[:3]
    if rc == 2:
        ok, why = placed_error(report, name)
        return ("refused", "") if ok else (None, why)
    got = summary(report)
    if rc == o_rc and got == o_sum and findings(report) == o_find:
        return "same", ""
    if rc == 0:
        return None, "exit 0 with %s games/deals/events, the original %s" % (got, o_sum)
    new = findings(report) - o_find
    if not new:
        return None, "exit 1 with fewer findings or counts %s than the original %s" % (got, o_sum)
    for f in report["files"]:
        for x in f.get("findings", []):
            w = x.get("where", {})
            key = (x["code"], w.get("deal"), w.get("event"))
            if key in new and not (w.get("line") or w.get("deal") or w.get("event") is not None):
                return None, "finding %s without a place" % x["code"]
    return "finding", ""


def games_of(paifu, path):
    """What `paifu info --format json` says PATH holds: its games (players, rules, every deal
    with its outcome and deltas), or None."""
    rc, out, err, _, _ = run_measured([paifu, "info", "--format", "json", path])
    try:
        return json.loads(out)[0].get("games")
    except (ValueError, IndexError, AttributeError):
        return None


def first_difference(a, b, where="games"):
    if type(a) != type(b):
        return "%s: %r, the original %r" % (where, str(a)[:60], str(b)[:60])
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), "%s.%s" % (where, k))
    if isinstance(a, list):
        if len(a) != len(b):
            return "%s: %d items, the original %d" % (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, "%s[%d]" % (where, i))
    return "%s: %r, the original %r" % (where, str(a)[:60], str(b)[:60])


def check_copy(paifu, work, fmt, src_name, kind, data, orig, sanitized):
    base = os.path.basename(src_name)
    name = "%s.%s%s" % (kind, base, ".gz" if kind == "cut_gzip" else "")
    d = os.path.join(work, "%s-%s-%s" % (fmt, base, kind))
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, name)
    with open(path, "wb") as f:
        f.write(data)
    problems = []
    verdicts = []
    for target in (path, d):
        rc, out, err, secs, peak = run_measured([paifu, "validate", "--format", "json", target])
        if secs > TIME_LIMIT:
            problems.append("%.1f s" % secs)
        if not sanitized and peak > MEMORY_LIMIT_KB:
            problems.append("%d MB" % (peak // 1024))
        try:
            report = json.loads(out)
        except ValueError:
            report = None
        v, why = judge(orig, rc, report, name)
        if v is None:
            problems.append("%s: %s%s" % ("folder" if target == d else "alone", why,
                                          (" (stderr: %s)" % err.strip()[:200]) if err else ""))
        verdicts.append(v)
    if verdicts[0] != verdicts[1] and None not in verdicts:
        problems.append("alone %s, in a folder %s" % tuple(verdicts))
    if verdicts[0] == "same" and len(orig) > 3:
        # the same counts and findings: the same games too (a key's slip must not drop what
        # it records, the players' names, a deal's deltas)
        got = games_of(paifu, path)
        if got != orig[3]:
            problems.append("read with the original's counts, but not its games: %s" %
                            first_difference(got, orig[3]))
    rc, out, err, secs, peak = run_measured([paifu, "validate", "-v", path])
    if rc not in (0, 1, 2):
        problems.append("-v: exit status %d" % rc)
    if secs > TIME_LIMIT:
        problems.append("-v: %.1f s" % secs)
    shutil.rmtree(d)
    return fmt, kind, verdicts[0], problems, path


def main(argv):
    sanitized = "--sanitized" in argv
    argv = [a for a in argv if a != "--sanitized"]
    every = 0
    if "--every" in argv:
        k = argv.index("--every")
        every = int(argv[k + 1])
        del argv[k:k + 2]
    if len(argv) < 4:
        print(__doc__)
        return 2
    paifu, work, samples = argv[1], argv[2], argv[3]
    corpus = argv[4] if len(argv) > 4 and argv[4] else None
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    logs = []
    for fmt, (in_corpus, in_samples) in SOURCES.items():
        found = [os.path.join(corpus, p) for p in in_corpus
                 if corpus and os.path.isfile(os.path.join(corpus, p))]
        if every and corpus:
            found = sorted(set(os.path.join(os.path.dirname(os.path.join(corpus, p)), f)
                               for p in in_corpus for f in os.listdir(
                                   os.path.dirname(os.path.join(corpus, p)))))
            found = [f for f in found if os.path.isfile(f)][::every]
        if not found:
            found = [os.path.join(samples, p) for p in in_samples
                     if os.path.isfile(os.path.join(samples, p))]
        logs += [(fmt, p) for p in found]
    jobs = []
    for fmt, p in logs:
        with open(p, "rb") as f:
            data = f.read()
        rc, out, err, _, _ = run_measured([paifu, "validate", "--format", "json", p])
        report = json.loads(out)
        if rc == 2 or report["files"][0].get("format") != fmt:
            if every:
                continue  # a folder's other files (a log of another format, a damaged one)
            print("damage: %s is not read as %s (exit %d): %s" % (p, fmt, rc, err.strip()))
            return 1
        orig = (rc, summary(report), findings(report), games_of(paifu, p))
        for kind in KINDS:
            copy = kind(data, fmt)
            if copy is not None and copy != data:
                jobs.append((fmt, p, kind.__name__, copy, orig))
    counts = collections.defaultdict(collections.Counter)
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futs = [pool.submit(check_copy, paifu, work, fmt, p, kind, copy, orig, sanitized)
                for fmt, p, kind, copy, orig in jobs]
        for fut in futs:
            fmt, kind, verdict, problems, path = fut.result()
            counts[fmt][(kind, verdict if not problems else "FAIL")] += 1
            if problems:
                failures.append("%s %s (%s): %s" % (fmt, kind, path, "; ".join(problems)))
    for fmt in SOURCES:
        if fmt not in counts:
            continue
        row = collections.Counter()
        for (kind, verdict), n in counts[fmt].items():
            row[verdict] += n
        detail = ", ".join("%s %s" % kv for kv in sorted(counts[fmt]))
        print("%-17s %3d copies: %s" % (fmt, sum(row.values()),
                                         ", ".join("%d %s" % (n, v) for v, n in sorted(row.items()))))
        print("  " + detail)
    for f in failures:
        print("FAIL " + f)
    print("damage: %d copies of %d logs, %d failures" % (len(jobs), len(logs), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
