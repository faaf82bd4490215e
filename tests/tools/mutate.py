#!/usr/bin/python3
"""Mutation testing for paifu: how many small bugs in lib/ and formats/ does the suite catch?

Makes N random single-token mutants of the C sources under lib/ and formats/ with a fixed seed,
builds each in a copy of the tree and runs the tests; a mutant is *killed* when a test fails (or
hangs past the timeout), *survives* when every test passes, and is *stillborn* when it does not
compile (-Werror) and so does not count. Kinds of mutant:
  cmp    a comparison flipped or shifted   (== <-> !=, < <-> <=, > <-> >=)
  const  an integer constant off by one    (n -> n+1, or n-1)
  bool   a boolean flipped                 (true <-> false, && <-> ||)
  stmt   an expression statement removed   (`x = y;`, `f(a);`, `n++;` -> `;`)

Usage (from the top of a worktree; the mutants are made in a copy, never in the tree itself):
  /usr/bin/python3 tests/tools/mutate.py -n 150 --seed 1 --work /tmp/paifu-mut
  /usr/bin/python3 tests/tools/mutate.py -n 40 --seed 1 --list       # only list the mutants

Each mutant is tested in two stages: first every test that does not need the corpus
(`ctest -LE 'corpus|install'`), then, if it survived, the corpus tests (`ctest -L corpus`), both
with --stop-on-failure. So one run yields two scores: without the corpus (stage 1 alone, which is
what a checkout without ../shared/corpus runs, since every test that reads the corpus carries
the `corpus` label) and with it (stages 1 and 2). --no-corpus skips stage 2.
The report (stdout, and REPORT.tsv in the work folder) gives the scores and every survivor with
its file, line, the original and the mutated text. The same seed gives the same mutants for the
same sources.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>\b(?:0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b)
  | (?P<word>\b[A-Za-z_][A-Za-z_0-9]*\b)
  | (?P<op>->|<<=|>>=|<<|>>|==|!=|<=|>=|&&|\|\||\+\+|--|[<>])
""", re.S | re.X)

CMP = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}
BOOL = {"true": "false", "false": "true", "&&": "||", "||": "&&"}
STMT = re.compile(r"^(\s*)([A-Za-z_][A-Za-z_0-9]*(?:(?:\[[^\]]*\]|\.|->)[A-Za-z_0-9]*)*\s*"
                  r"(?:[-+*/|&^]?=[^=].*|\+\+|--|\(.*\))\s*;)\s*$")
DECL = re.compile(r"^\s*(?:const\s+|static\s+|unsigned\s+|struct\s+|enum\s+)*"
                  r"[A-Za-z_][A-Za-z_0-9]*\s*\**\s+\**[A-Za-z_]")


def sources(top):
    out = []
    for base in ("lib", "formats"):
        for root, _dirs, files in os.walk(os.path.join(top, base)):
            out += [os.path.relpath(os.path.join(root, f), top) for f in files if f.endswith(".c")]
    return sorted(out)


def sites(top, rel):
    """Every mutable token of one file: (offset, length, kind, replacement)."""
    text = open(os.path.join(top, rel), encoding="utf-8").read()
    found = []
    # lines that are preprocessor directives (with continuations) or inside a static table
    # initialiser of plain data are still mutated; only directives are skipped
    skip = []
    for m in re.finditer(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", text, re.M):
        skip.append((m.start(), m.end()))

    def skipped(pos):
        return any(a <= pos < b for a, b in skip)

    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        tok = m.group(kind)
        if kind in ("comment", "string") or skipped(m.start()):
            continue
        if kind == "op" and tok in CMP:
            found.append((m.start(), len(tok), "cmp", CMP[tok]))
        elif kind == "op" and tok in BOOL:
            found.append((m.start(), len(tok), "bool", BOOL[tok]))
        elif kind == "word" and tok in BOOL:
            found.append((m.start(), len(tok), "bool", BOOL[tok]))
        elif kind == "number":
            digits = re.match(r"0[xX][0-9a-fA-F]+|[0-9]+", tok).group(0)
            value = int(digits, 0)
            suffix = tok[len(digits):]
            new = value + 1 if value == 0 or (m.start() % 2 == 0) else value - 1
            found.append((m.start(), len(tok), "const", str(new) + suffix))
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        m = STMT.match(body)
        if m and not DECL.match(body) and not skipped(pos) \
                and not re.match(r"\s*(return|case|default|goto|break|continue)\b", body):
            found.append((pos + len(m.group(1)), len(m.group(2)), "stmt", ";"))
        pos += len(line)
    return text, found


def sync(top, tree):
    """Make TREE a copy of TOP, rewriting only the files whose content differs (so that a build
    folder kept from an earlier run rebuilds what changed, and only that: a file left mutated by
    a killed run differs from its original and is rebuilt too)."""
    skip = shutil.ignore_patterns(".git", "build*", ".cache")
    wanted = set()
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in skip(root, dirs)]
        rel = os.path.relpath(root, top)
        os.makedirs(os.path.join(tree, rel), exist_ok=True)
        for f in files:
            src, dst = os.path.join(root, f), os.path.join(tree, rel, f)
            wanted.add(os.path.normpath(dst))
            data = open(src, "rb").read()
            if not os.path.exists(dst) or open(dst, "rb").read() != data:
                open(dst, "wb").write(data)
                shutil.copymode(src, dst)
    for root, dirs, files in os.walk(tree):
        for f in files:
            if os.path.normpath(os.path.join(root, f)) not in wanted:
                os.remove(os.path.join(root, f))


def line_of(text, off):
    return text.count("\n", 0, off) + 1


def run(cmd, cwd, timeout, log):
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        log.write(r.stdout.decode("utf-8", "replace")[-4000:])
        return r.returncode
    except subprocess.TimeoutExpired:
        log.write("\n[timeout after %d s]\n" % timeout)
        return "timeout"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=40, help="number of mutants (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")),
                    help="the tree to mutate (copied; default: this script's worktree)")
    ap.add_argument("--work", default="/tmp/paifu-mut", help="copy of the tree and its build")
    ap.add_argument("--corpus", default=None, help="PAIFU_CORPUS_DIR for the build")
    ap.add_argument("--no-corpus", action="store_true", help="run stage 1 only")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per test stage")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--skip", type=int, default=0, help="skip the first K mutants (resume)")
    ap.add_argument("--only", default="", help="comma-separated mutant numbers to run (e.g. the "
                    "survivors of an earlier run, again after new tests)")
    a = ap.parse_args()

    rng = random.Random(a.seed)
    allsites = []
    for rel in sources(a.top):
        text, found = sites(a.top, rel)
        allsites += [(rel,) + s for s in found]
    # mutants are drawn kind first (each kind equally likely), then a site of that kind
    bykind = {}
    for s in allsites:
        bykind.setdefault(s[3], []).append(s)
    kinds = sorted(bykind)
    chosen = []
    seen = set()
    while len(chosen) < a.n and len(seen) < len(allsites):
        s = rng.choice(bykind[rng.choice(kinds)])
        if s in seen:
            continue
        seen.add(s)
        chosen.append(s)

    texts = {}

    def describe(s):
        rel, off, ln, kind, new = s
        if rel not in texts:  # the sources the mutants were drawn from, read once
            texts[rel] = open(os.path.join(a.top, rel), encoding="utf-8").read()
        text = texts[rel]
        return "%s:%d\t%s\t%s -> %s" % (rel, line_of(text, off), kind,
                                       text[off:off + ln].strip()[:60], new)

    descs = [describe(s) for s in chosen]
    if a.list:
        for i, s in enumerate(chosen):
            print("%3d\t%s" % (i, describe(s)))
        return 0

    work = os.path.abspath(a.work)
    tree = os.path.join(work, "src")
    # Ninja when there is one: a mutant relinks every test program, and make's per-target
    # dependency scanning costs more than the relinking on a loaded machine
    ninja = shutil.which("ninja")
    build = os.path.join(work, "build-ninja" if ninja else "build")
    os.makedirs(work, exist_ok=True)
    sync(a.top, tree)
    # a run stopped by a signal still restores the file it mutated
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3))
    corpus = a.corpus
    if corpus is None:
        guess = os.path.abspath(os.path.join(a.top, "..", "shared", "corpus"))
        corpus = guess if os.path.exists(os.path.join(guess, "MANIFEST.tsv")) else "/nonexistent"
    if a.no_corpus:
        corpus = "/nonexistent"
    # The build reads the corpus through a link in the work folder: stage 1 runs with the link
    # removed, so it is exactly a checkout without the corpus (every test that reads it, labelled
    # or not, sees none: the corpus drivers skip, the Python, bulk and hostile-input tests check
    # only what they can without it); stage 2 puts the link back for the tests that read it.
    link = os.path.join(work, "corpus")

    def corpus_visible(on):
        if os.path.lexists(link):
            os.remove(link)
        if on and corpus != "/nonexistent":
            os.symlink(corpus, link)

    logpath = os.path.join(work, "LOG.txt")
    log = open(logpath, "a")
    # Debug keeps assert(); -O1 instead of -O0 -g makes the corpus tests several times faster
    cfg = ["cmake", "-S", tree, "-B", build] + (["-G", "Ninja"] if ninja else []) + [
           "-DCMAKE_BUILD_TYPE=Debug",
           "-DCMAKE_C_FLAGS_DEBUG=-O1", "-DPAIFU_CORPUS_DIR=" + link]
    corpus_visible(False)
    if run(cfg, work, 600, log) != 0 or \
            run(["cmake", "--build", build, "-j%d" % a.jobs], work, 1800, log) != 0:
        print("the unmutated tree does not build; see", logpath)
        return 2
    # layering.sh reads the sources' includes and install builds a consumer: neither can see a
    # mutant, so both are left out
    ctest = ["ctest", "--test-dir", build, "-j%d" % a.jobs, "--stop-on-failure", "--timeout", "400"]
    stage1 = ctest + ["-LE", "corpus|install", "-E", "layering"]
    # stage 2: the tests that read the corpus: its label, every test whose command or
    # environment names it, and the unit tests whose source reads PAIFU_CORPUS_DIR
    readers = set()
    shown = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                           stdout=subprocess.PIPE, check=True).stdout.decode("utf-8")
    import json
    for t in json.loads(shown)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        labels = props.get("LABELS", [])
        if "install" in labels:
            continue
        if "corpus" in labels or link in json.dumps(t.get("command", [])) or \
                link in json.dumps(props.get("ENVIRONMENT", [])):
            readers.add(t["name"])
    unit_dir = os.path.join(tree, "tests", "unit")
    for f in os.listdir(unit_dir):
        if f.startswith("test_") and f.endswith(".c") and \
                "PAIFU_CORPUS_DIR" in open(os.path.join(unit_dir, f), encoding="utf-8").read():
            readers.add("unit." + f[:-2])
    stage2 = ctest + ["-R", "^(%s)$" % "|".join(re.escape(n) for n in sorted(readers))]
    log.write("stage 2 tests: %s\n" % " ".join(sorted(readers)))
    corpus_visible(False)
    ok = run(stage1, work, a.timeout, log) == 0
    if ok and not a.no_corpus:
        corpus_visible(True)
        ok = run(stage2, work, a.timeout, log) == 0
    if not ok:
        print("the unmutated tree fails its tests; see", logpath)
        return 2
    # ctest starts the costliest tests first; with --stop-on-failure the quick ones should go
    # first, so the measured costs are inverted before every run
    costfile = os.path.join(build, "Testing", "Temporary", "CTestCostData.txt")
    costs = {}
    for line in open(costfile, encoding="utf-8"):
        f = line.split()
        if len(f) == 3:
            costs[f[0]] = float(f[2])

    def quick_first():
        with open(costfile, "w", encoding="utf-8") as out:
            for name, c in costs.items():
                out.write("%s 1 %.6f\n" % (name, 1.0 / (c + 0.01)))
            out.write("---\n")

    def stage(cmd, with_corpus):
        quick_first()
        corpus_visible(with_corpus)
        return run(cmd, work, a.timeout, log)

    report = open(os.path.join(work, "REPORT.tsv"), "a")
    counts = {"killed1": 0, "killed2": 0, "survived": 0, "stillborn": 0}
    survivors1, survivors = [], []
    for i, s in enumerate(chosen):
        if i < a.skip or (a.only and str(i) not in a.only.split(",")):
            continue
        rel, off, ln, kind, new = s
        path = os.path.join(tree, rel)
        orig = open(path, encoding="utf-8").read()
        mutated = orig[:off] + new + orig[off + ln:]
        desc = descs[i]
        log.write("\n==== mutant %d: %s\n" % (i, desc))
        t0 = time.time()
        try:
            open(path, "w", encoding="utf-8").write(mutated)
            rc = run(["cmake", "--build", build, "-j%d" % a.jobs], work, 900, log)
            if rc != 0:
                verdict = "stillborn"
            else:
                rc = stage(stage1, False)
                if rc != 0:
                    verdict = "killed1"
                elif a.no_corpus:
                    verdict = "survived"
                else:
                    rc = stage(stage2, True)
                    verdict = "killed2" if rc != 0 else "survived"
        finally:
            open(path, "w", encoding="utf-8").write(orig)
        counts[verdict] += 1
        if verdict in ("killed2", "survived"):
            survivors1.append(desc)
        if verdict == "survived":
            survivors.append(desc)
        line = "%d\t%s\t%s\t%.0fs" % (i, verdict, desc, time.time() - t0)
        print(line, flush=True)
        report.write(line + "\n")
        report.flush()
    # rebuild the clean tree so that the work folder is left as found
    run(["cmake", "--build", build, "-j%d" % a.jobs], work, 900, log)

    valid = counts["killed1"] + counts["killed2"] + counts["survived"]
    print("\nmutants: %d (stillborn, not counted: %d)" % (valid, counts["stillborn"]))
    if valid:
        print("score without the corpus: %d/%d killed (%.1f%%)"
              % (counts["killed1"], valid, 100.0 * counts["killed1"] / valid))
        if not a.no_corpus:
            k = counts["killed1"] + counts["killed2"]
            print("score with the corpus:    %d/%d killed (%.1f%%)" % (k, valid, 100.0 * k / valid))
    print("\nsurvivors%s:" % ("" if a.no_corpus else " (with the corpus)"))
    for d in survivors:
        print("  " + d)
    if not a.no_corpus:
        print("\nkilled only by the corpus tests:")
        for d in survivors1:
            if d not in survivors:
                print("  " + d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
