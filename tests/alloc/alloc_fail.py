#!/usr/bin/python3
"""Allocation-failure injection over the samples: every failure must end in a clean error.

Usage: alloc_fail.py PAIFU_ALLOCFAIL SOURCE_DIR [SCENARIO...]

PAIFU_ALLOCFAIL is the CLI built with tests/alloc/alloc_fail.c (PAIFU_ALLOC_FAIL=N fails the N-th
malloc/calloc/realloc/strdup/strndup call paifu's own code makes). Each scenario below is one
command over the samples (read + verify, convert, report, export, stats). It is run once without
a failure, which gives its output and the number K of calls, then once for each N of 1..K:
every N when K is at most PER_SCENARIO (20), else the first 8 and an even spread of the rest,
20 runs in all (PAIFU_ALLOC_ALL=1 runs every N; the spread keeps the test well under a minute in
CI's sanitizer build, where every arena allocation is a call of its own). A run passes when it
  - exits with status 2 (an input error) and a message on stderr, or
  - gives exactly the output (status, stdout, files written) of the run without the failure
    (the failed call was one paifu can do without);
and fails when it is killed by a signal, reports a sanitizer error (ASan, UBSan, LeakSanitizer:
CI runs this test in build-asan with detect_leaks=1), hangs, or exits 0 or 1 with another output
(a silent loss). Every failure is listed with its command and N, so that it can be replayed:
  PAIFU_ALLOC_FAIL=N build/tests/paifu_allocfail ARGS...
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

PER_SCENARIO = 20
HEAD = 8


def scenarios(src):
    s = os.path.join(src, "samples")
    f = os.path.join(src, "tests", "fuzz", "corpus", "read")
    return [
        ("validate-mjlog", ["validate", "-j", "1", s + "/synthetic-tenhou.mjlog"]),
        ("validate-paifu-json", ["validate", "-j", "1", "--format", "json",
                                 s + "/session-rrc.paifu.json", s + "/mcr-east-round.paifu.json",
                                 s + "/handmade-rrc-one-deal.paifu.json"]),
        ("validate-mjai", ["validate", "-j", "1", s + "/riichienv-selfplay.mjai.jsonl"]),
        ("validate-pantheon", ["validate", "-j", "1", "--format", "jsonl",
                               s + "/pantheon-ema-sheet.txt", f + "/pantheon-two-games.txt"]),
        ("validate-majsoul-tenhou6", ["validate", "-j", "1", f + "/majsoul-riichi-tsumo.json",
                                      f + "/tenhou6-pon-ron-kan-draw.json"]),
        ("validate-botzone", ["validate", "-j", "1", f + "/botzone-hu.json", f + "/botzone-hu.txt"]),
        ("convert-tenhou6", ["convert", "--to", "tenhou6", "-o", "out.json",
                             s + "/synthetic-tenhou.mjlog"]),
        ("convert-mjlog", ["convert", "--to", "tenhou-xml", s + "/synthetic-tenhou.mjlog"]),
        ("convert-mjai-gzip", ["convert", "--to", "mjai", "--gzip", "-o", ".",
                               f + "/majsoul-riichi-tsumo.json"]),
        ("convert-paifu", ["convert", "--to", "paifu", "--fill", f + "/tenhou6-pon-ron-kan-draw.json",
                           f + "/botzone-hu.txt"]),
        ("report-html", ["report", "--format", "html", s + "/session-rrc.paifu.json",
                         s + "/session-ema.paifu.json", s + "/tournament-standings.paifu.json"]),
        ("report-json", ["report", "--format", "json", f + "/tenhou6-pon-ron-kan-draw.json"]),
        ("export-jsonl", ["export", "-f", "jsonl", "-o", "-", f + "/tenhou6-pon-ron-kan-draw.json",
                          s + "/session-jhc2016.paifu.json"]),
        ("stats", ["stats", "-f", "json", s + "/session-majsoul.paifu.json",
                   f + "/majsoul-riichi-tsumo.json"]),
    ]


SANITIZER = re.compile(r"Sanitizer|runtime error:")


def run(exe, args, n, count=False):
    """(status, stdout, {file: bytes}, stderr) of one run in a fresh folder."""
    d = tempfile.mkdtemp(prefix="paifu-alloc-")
    env = dict(os.environ)
    env.pop("PAIFU_ALLOC_COUNT", None)
    env["PAIFU_ALLOC_FAIL"] = str(n)
    if count:
        env["PAIFU_ALLOC_COUNT"] = "1"
    try:
        p = subprocess.run([exe] + args, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env, timeout=120)
        rc, out, err = p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out, err = "timeout", b"", ""
    files = {}
    for root, _dirs, names in os.walk(d):
        for name in names:
            path = os.path.join(root, name)
            files[os.path.relpath(path, d)] = open(path, "rb").read()
    shutil.rmtree(d, ignore_errors=True)
    return rc, out, files, err


def choose(k):
    if os.environ.get("PAIFU_ALLOC_ALL") or k <= PER_SCENARIO:
        return list(range(1, k + 1))
    rest = PER_SCENARIO - HEAD
    step = (k - HEAD) / rest
    return list(range(1, HEAD + 1)) + sorted({HEAD + 1 + int(i * step) for i in range(rest)})


def main():
    exe, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = set(sys.argv[3:])
    bad = []
    total = 0
    pool = concurrent.futures.ThreadPoolExecutor(2)
    for name, args in scenarios(src):
        if only and name not in only:
            continue
        rc, out, files, err = run(exe, args, 0, count=True)
        m = re.search(r"paifu-alloc: (\d+) calls", err)
        if rc not in (0, 1) or not m:
            bad.append("%s: the run without a failure exits %s: %s" % (name, rc, err[-500:]))
            continue
        k = int(m.group(1))
        ns = choose(k)
        total += len(ns)
        kinds = {"error": 0, "same": 0}

        def one(n):
            return n, run(exe, args, n)

        for n, (rc2, out2, files2, err2) in pool.map(one, ns):
            replay = "PAIFU_ALLOC_FAIL=%d %s %s" % (n, exe, " ".join(args))
            if rc2 == "timeout":
                bad.append("%s: N=%d hangs\n  %s" % (name, n, replay))
            elif rc2 < 0 or rc2 >= 128 or SANITIZER.search(err2):
                bad.append("%s: N=%d crashes (status %d)\n  %s\n%s"
                           % (name, n, rc2, replay, err2[-1500:]))
            elif (rc2, out2, files2) == (rc, out, files):
                kinds["same"] += 1
            elif rc2 == 2 and err2.strip():
                kinds["error"] += 1
            else:
                bad.append("%s: N=%d exits %d with another output and %s\n  %s"
                           % (name, n, rc2, "the message: " + err2.strip()[-300:]
                              if err2.strip() else "no message", replay))
        print("%-26s %6d calls, %3d failed one at a time: %3d clean errors, %3d the same output"
              % (name, k, len(ns), kinds["error"], kinds["same"]), flush=True)
    for b in bad:
        print("FAIL " + b)
    print("%d runs, %d failures" % (total, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
