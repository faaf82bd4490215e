#!/usr/bin/python3
"""Mutation testing for paifu: how many small bugs in lib/ and formats/ does the suite catch?

Draws mutants of the C sources under lib/ and formats/ with a fixed seed (a file with a
probability in proportion to its size, then a kind, then a place of that kind in the file), each
a change of one token or one statement:
  cmp    a comparison flipped or shifted    (== <-> !=, < <-> <=, > <-> >=)
  arith  an arithmetic operator swapped     (+ <-> -, * <-> /, % -> /, += <-> -=, ++ <-> --,
                                             << <-> >>, binary & <-> |)
  const  an integer constant off by one     (n -> n+1, or n-1)
  bool   a boolean flipped                  (true <-> false, && <-> ||)
  neg    a condition negated                (if (c) -> if (!(c)), the same for while)
  drop   a condition dropped                (if (c) -> if (1))
  stmt   an expression statement removed    (`x = y;`, `f(a);`, `n++;` -> `;`)
  ret    a return value replaced            (return x; -> return 0; return 0; -> return -1;
                                             true <-> false)
  jump   a break and a continue swapped

A mutant is *killed* when a test fails (or runs past its timeout), *survives* when every test
that executes its line passes, is *not executed* when no test executes its line (it survives
without a test run: the cheapest tests to write), and is *stillborn* when its object does not
compile (-Werror): a stillborn mutant is not counted, the next one drawn takes its place.

How it is fast:
- once per set of sources, a build with gcc --coverage runs every test alone and keeps a map
  from each line of lib/ and formats/ to the tests that execute it (cached in the work folder
  under the hash of the sources: COVMAP-<hash>.json.gz). Tests run twice: every test with the
  corpus hidden (what a checkout without ../shared/corpus runs), then the tests that read the
  corpus with it visible. A line gcov does not count (a table, a declaration) takes the tests
  that execute its function, or else its file;
- a mutant is built with Ninja in its own tree: its object, then only the programs its tests
  run (the links); two mutants run at once in two trees (--jobs, default: the number of cores
  up to 2);
- only the tests that execute the mutated line run, quickest first, each with a timeout of
  --factor times its own baseline time (at least --min-timeout seconds), stopping at the first
  that fails. Stage 1 runs the tests that execute the line with the corpus hidden, stage 2 (for
  a mutant that survived stage 1) the corpus readers that execute it with the corpus visible.
  So one run gives both scores: without the corpus (stage 1) and with it (stages 1 and 2).

Usage (from a worktree; the mutants are made in copies in --work, never in the tree itself):
  nice /usr/bin/python3 tests/tools/mutate.py -n 300 --seed 1 --work /tmp/paifu-mut
  /usr/bin/python3 tests/tools/mutate.py -n 40 --seed 1 --list     # only list the mutants

The run is resumable: REPORT.tsv in the work folder gets one line per mutant as it finishes,
and a run started again with the same sources and seed (any -n) goes on where it stopped. The
report printed at the end (and by --report, without running anything) gives the scores, the
survivors and the not-executed mutants with file:line and the change, and the lines of lib/ and
formats/ that no test executes (all of them in NOT_EXECUTED.txt). Mutants judged equivalent are
listed with a reason in tests/tools/mutate_equivalent.tsv; the scores are also given without
them.
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- mutants

TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<float>\b[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?[fFlL]?|\.[0-9]+(?:[eE][-+]?[0-9]+)?[fFlL]?)
  | (?P<number>\b(?:0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b)
  | (?P<word>\b[A-Za-z_][A-Za-z_0-9]*\b)
  | (?P<op>->|<<=|>>=|\.\.\.|<<|>>|==|!=|<=|>=|&&|\|\||\+\+|--|[-+*/%&|^]=|[-+*/%&|^<>!~=?:;,.(){}\[\]])
""", re.S | re.X)

CMP = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}
BOOL = {"true": "false", "false": "true", "&&": "||", "||": "&&"}
ARITH = {"+": "-", "-": "+", "/": "*", "%": "/", "+=": "-=", "-=": "+=", "++": "--", "--": "++",
         "<<": ">>", ">>": "<<", "&": "|", "|": "&", "*=": "/=", "/=": "*="}
STMT = re.compile(r"^(\s*)([A-Za-z_][A-Za-z_0-9]*(?:(?:\[[^\]]*\]|\.|->)[A-Za-z_0-9]*)*\s*"
                  r"(?:[-+*/|&^]?=[^=].*|\+\+|--|\(.*\))\s*;)\s*$")
DECL = re.compile(r"^\s*(?:const\s+|static\s+|unsigned\s+|struct\s+|enum\s+)*"
                  r"[A-Za-z_][A-Za-z_0-9]*\s*\**\s+\**[A-Za-z_]")
VALUE_END = ("word", "number", "float")  # a token after which + - * & | are binary
KEYWORDS = {"return", "case", "sizeof", "if", "while", "for", "switch", "do", "else", "const",
            "static", "unsigned", "signed", "int", "char", "long", "short", "void", "double",
            "float", "struct", "enum", "union", "bool", "size_t", "uint8_t", "uint16_t",
            "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t", "int64_t", "goto",
            "volatile", "restrict", "inline", "typedef", "extern"}
KINDS = ("cmp", "arith", "const", "bool", "neg", "drop", "stmt", "ret", "jump")


def sources(top):
    out = []
    for base in ("lib", "formats"):
        for root, _dirs, files in os.walk(os.path.join(top, base)):
            out += [os.path.relpath(os.path.join(root, f), top) for f in files if f.endswith(".c")]
    return sorted(out)


def sites(text):
    """Every mutation of one file: (offset, length, kind, replacement), in text order."""
    found = []
    skip = [(m.start(), m.end())
            for m in re.finditer(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", text, re.M)]

    def skipped(pos):
        return any(a <= pos < b for a, b in skip)

    toks = [(m.lastgroup, m.group(m.lastgroup), m.start()) for m in TOKEN.finditer(text)
            if m.lastgroup not in ("comment",) and not skipped(m.start())]
    depth_stack = []  # open brackets: (token index)
    match = {}
    for i, (kind, tok, pos) in enumerate(toks):
        if tok in ("(", "[", "{"):
            depth_stack.append(i)
        elif tok in (")", "]", "}") and depth_stack:
            match[depth_stack.pop()] = i
    for i, (kind, tok, pos) in enumerate(toks):
        prev = toks[i - 1] if i else ("op", ";", 0)
        nxt = toks[i + 1] if i + 1 < len(toks) else ("op", ";", len(text))
        binary = (prev[0] in VALUE_END and prev[1] not in KEYWORDS) or prev[1] in (")", "]")
        if kind == "op" and tok in CMP:
            found.append((pos, len(tok), "cmp", CMP[tok]))
        elif tok in BOOL and kind in ("op", "word"):
            found.append((pos, len(tok), "bool", BOOL[tok]))
        elif kind == "op" and tok in ARITH:
            if tok in ("++", "--", "+=", "-=", "*=", "/=", "<<", ">>"):
                found.append((pos, len(tok), "arith", ARITH[tok]))
            elif binary and tok in ("+", "-", "/", "%", "&", "|"):
                found.append((pos, len(tok), "arith", ARITH[tok]))
        elif kind == "op" and tok == "*" and binary and nxt[0] in ("number", "word", "float") \
                and (prev[0] != "word" or nxt[0] == "number"):
            found.append((pos, 1, "arith", "/"))
        elif kind == "number":
            digits = re.match(r"0[xX][0-9a-fA-F]+|[0-9]+", tok).group(0)
            value = int(digits, 0)
            suffix = tok[len(digits):]
            new = value + 1 if value == 0 or (pos % 2 == 0) else value - 1
            shown = hex(new) if digits[:2] in ("0x", "0X") else str(new)
            found.append((pos, len(tok), "const", shown + suffix))
        elif kind == "word" and tok in ("if", "while") and nxt[1] == "(":
            j = i + 1
            end = match.get(j)
            if end is None:
                continue
            a, b = toks[j][2], toks[end][2] + 1
            cond = text[a + 1:b - 1]
            if tok == "while" and prev[1] == "}":
                pass  # do { } while (c): negated, not dropped (an endless loop)
            found.append((a, b - a, "neg", "(!(" + cond + "))"))
            if tok == "if":
                found.append((a, b - a, "drop", "(1)"))
        elif kind == "word" and tok == "return" and nxt[1] != ";":
            # up to the ';' at this bracket depth
            j, depth = i + 1, 0
            while j < len(toks):
                t = toks[j][1]
                if t in ("(", "[", "{"):
                    depth += 1
                elif t in (")", "]", "}"):
                    depth -= 1
                elif t == ";" and depth == 0:
                    break
                j += 1
            if j >= len(toks) or j == i + 1:
                continue
            a, b = toks[i + 1][2], toks[j][2]
            expr = text[a:b].strip()
            if expr in ("true", "false"):
                new = BOOL[expr]
            elif re.fullmatch(r"0[uUlL]*", expr) or expr == "NULL":
                new = "-1" if expr != "NULL" else None
            elif re.fullmatch(r"-?[0-9]+[uUlL]*|-?0[xX][0-9a-fA-F]+[uUlL]*", expr):
                new = "0"
            else:
                new = "0"
            if new is not None:
                found.append((a, b - a, "ret", new))
        elif kind == "word" and tok in ("break", "continue") and nxt[1] == ";":
            found.append((pos, len(tok), "jump", "continue" if tok == "break" else "break"))
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        m = STMT.match(body)
        if m and not DECL.match(body) and not skipped(pos) \
                and not re.match(r"\s*(return|case|default|goto|break|continue)\b", body):
            found.append((pos + len(m.group(1)), len(m.group(2)), "stmt", ";"))
        pos += len(line)
    found.sort()
    return found


def line_of(text, off):
    return text.count("\n", 0, off) + 1


def planted(top, specs):
    """The mutants given by --plant FILE:LINE:OLD:NEW (the first OLD on that line), in order."""
    for spec in specs:
        rel, line, old, new = spec.split(":", 3)
        text = open(os.path.join(top, rel), encoding="utf-8").read()
        start = 0
        for _ in range(int(line) - 1):
            start = text.index("\n", start) + 1
        off = text.index(old, start)
        if line_of(text, off) != int(line):
            raise SystemExit("--plant %s: %r is not on line %s" % (spec, old, line))
        yield {"rel": rel, "off": off, "len": len(old), "kind": "planted", "new": new,
               "orig": old, "lines": (int(line), line_of(text, off + len(old))),
               "desc": "%s:%s\tplanted\t%s -> %s" % (rel, line, short(old), short(new)),
               "text": text.splitlines()[int(line) - 1].strip()}


def draw(top, seed, files_re=None):
    """All mutants of the sources in the order the seed draws them (without repeats): a file with
    a probability in proportion to its size, then a kind among those the file has left, then a
    place of that kind. The sequence depends on the seed and the sources only, not on -n.
    FILES_RE (--files) keeps the sources whose path it matches."""
    rng = random.Random(seed)
    files = []
    for rel in sources(top):
        if files_re and not re.search(files_re, rel):
            continue
        text = open(os.path.join(top, rel), encoding="utf-8").read()
        bykind = {}
        for s in sites(text):
            bykind.setdefault(s[2], []).append(s)
        if bykind:
            files.append([rel, text, bykind])
    out = []
    while files:
        f = rng.choices(files, weights=[len(f[1]) for f in files])[0]
        rel, text, bykind = f
        kind = rng.choice(sorted(bykind))
        lst = bykind[kind]
        s = lst.pop(rng.randrange(len(lst)))
        if not lst:
            del bykind[kind]
        if not bykind:
            files.remove(f)
        off, ln, kind, new = s
        first = line_of(text, off)
        last = line_of(text, off + ln)
        orig = text[off:off + ln]
        desc = "%s:%d\t%s\t%s -> %s" % (rel, first, kind, short(orig), short(new))
        out.append({"rel": rel, "off": off, "len": ln, "kind": kind, "new": new, "orig": orig,
                    "lines": (first, last), "desc": desc,
                    "text": text.splitlines()[first - 1].strip()})
        yield out[-1]


def short(s, n=60):
    s = " ".join(s.split())
    return s if len(s) <= n else s[:n - 3] + "..."


# ---------------------------------------------------------------- trees and processes

def sync(top, tree):
    """Make TREE a copy of TOP, rewriting only the files whose content differs (so that a build
    folder kept from an earlier run rebuilds what changed, and only that: a file left mutated by
    a stopped run differs from its original and is rewritten)."""
    skip = shutil.ignore_patterns(".git", "build*", ".cache", "__pycache__")
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


def tree_hash(top):
    """The hash of every file the build and the tests read (the tree as sync copies it, but for
    this tool, its list of equivalents and the Markdown, which no build or test reads)."""
    h = hashlib.sha256()
    skip = shutil.ignore_patterns(".git", "build*", ".cache", "__pycache__")
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in skip(root, dirs))
        for f in sorted(files):
            p = os.path.join(root, f)
            if f.endswith(".md") or os.path.relpath(p, top) in (
                    "tests/tools/mutate.py", "tests/tools/mutate_equivalent.tsv"):
                continue
            h.update(os.path.relpath(p, top).encode() + b"\0")
            h.update(open(p, "rb").read())
    return h.hexdigest()[:16]


LOG_LOCK = threading.Lock()
KILLS = {}  # test -> mutants it killed in this run (the order tests are tried in)


def run(cmd, cwd, timeout, log, env=None):
    """Run CMD; returns its exit status, or "timeout" (its whole process group is killed)."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         env=env, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc = "timeout"
    if log:
        with LOG_LOCK:
            log.write("$ %s\n%s%s\n" % (" ".join(cmd), out.decode("utf-8", "replace")[-3000:],
                                        "[timeout after %d s]" % timeout if rc == "timeout" else ""))
            log.flush()
    return rc


def show_tests(build):
    shown = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                           stdout=subprocess.PIPE, check=True).stdout.decode("utf-8")
    out = []
    for t in json.loads(shown)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        out.append({"name": t["name"], "command": t.get("command", []), "props": props})
    return out


class Tree:
    """A copy of the sources and its Ninja build, configured to read the corpus through a link
    of its own (so that one tree can hide it while another shows it)."""

    def __init__(self, work, name, top, corpus, flags, log):
        self.dir = os.path.join(work, name)
        self.src = os.path.join(self.dir, "src")
        self.build = os.path.join(self.dir, "build")
        self.link = os.path.join(self.dir, "corpus")
        self.corpus = corpus
        self.flags = flags
        self.log = log
        os.makedirs(self.dir, exist_ok=True)
        sync(top, self.src)

    def corpus_visible(self, on):
        if os.path.lexists(self.link):
            os.remove(self.link)
        if on and self.corpus:
            os.symlink(self.corpus, self.link)

    def configure_and_build(self, jobs):
        # configured with the corpus visible, as a build beside the corpus is: a test the
        # corpus adds at configure time is registered (the project's tests look for the corpus
        # at run time, so that hiding it later is what a checkout without it sees)
        self.corpus_visible(True)
        cfg = ["cmake", "-S", self.src, "-B", self.build, "-G", "Ninja",
               "-DCMAKE_BUILD_TYPE=Debug", "-DPAIFU_CORPUS_DIR=" + self.link] + self.flags
        ok = run(cfg, self.dir, 900, self.log) == 0
        self.corpus_visible(False)
        if not ok:
            return False
        return run(["ninja", "-C", self.build, "-j%d" % jobs], self.dir, 3600, self.log) == 0

    def tests(self):
        return show_tests(self.build)

    def objects(self):
        """Source path (relative) -> its object's Ninja target, for lib/ and formats/."""
        out = subprocess.run(["ninja", "-C", self.build, "-t", "targets", "all"],
                             stdout=subprocess.PIPE, check=True).stdout.decode()
        objs = {}
        for line in out.splitlines():
            target = line.split(":")[0]
            m = re.match(r"(lib|formats)/CMakeFiles/paifu_(?:core|formats)\.dir/(.*)\.o$", target)
            if m:
                objs[m.group(1) + "/" + m.group(2)] = target
        return objs


# ---------------------------------------------------------------- the coverage map

def corpus_readers(tests, tree):
    """The tests that read the corpus: its label, a command or environment that names the
    corpus link, a unit test whose source reads PAIFU_CORPUS_DIR."""
    readers = set()
    unit_dir = os.path.join(tree.src, "tests", "unit")
    for t in tests:
        labels = t["props"].get("LABELS", [])
        if "corpus" in labels or tree.link in json.dumps(t["command"]) or \
                tree.link in json.dumps(t["props"].get("ENVIRONMENT", [])):
            readers.add(t["name"])
        m = re.match(r"unit\.(test_\w+)$", t["name"])
        if m:
            p = os.path.join(unit_dir, m.group(1) + ".c")
            if os.path.exists(p) and "PAIFU_CORPUS_DIR" in open(p, encoding="utf-8").read():
                readers.add(t["name"])
    return readers


# Tests that run programs of the build that their command does not name: a nested ctest or
# build. Before one of them runs, the whole build is brought up to the mutant's sources
# (ninja all), so that it never runs a program linked from other sources. Found by name (the
# reason is printed) and by a command or script that runs ctest or a build.
NESTED = {"doc.blocks": "runs the guides' commands, among them doc/development.md's ctest "
                        "commands, which run unit-test programs"}
NESTED_WORDS = re.compile(r"""["'\s(\[]ctest["'\s,)]|cmake\s+--build|["'\s]ninja["'\s,]""")


def nested(t, src):
    if t["name"] in NESTED:
        return NESTED[t["name"]]
    for w in t["command"]:
        if re.search(r"(^|/)(ctest|ninja|make)$", w) or (w == "--build" and "cmake" in " ".join(t["command"])):
            return "its command runs a build or ctest"
        if w.startswith(src + "/") and w.endswith((".py", ".sh")) and os.path.exists(w):
            text = open(w, encoding="utf-8", errors="replace").read()
            code = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))
            if NESTED_WORDS.search(code):
                return "its script %s runs ctest or a build" % os.path.relpath(w, src)
    return None


def excluded_why(t):
    if t["name"] in ("unit.layering", "unit.callgraph"):
        return "it reads the sources' includes and calls, not what the programs do"
    return "it builds against the installed library, which a mutant's tree does not install"


def excluded(t):
    """Tests that cannot see a mutant: layering and callgraph read the sources and objects,
    install builds a consumer of the installed library."""
    labels = t["props"].get("LABELS", [])
    return "install" in labels or t["name"] in ("unit.layering", "unit.callgraph") or \
        t["name"].endswith(".install")


def gcov_lines(prefix, cov, src):
    """Read the .gcda files a test left under PREFIX (GCOV_PREFIX): {file: (executed lines,
    counted lines, executed functions as (start, end))} for lib/ and formats/."""
    out = {}
    gcdas = []
    for root, _dirs, files in os.walk(prefix):
        for f in files:
            if f.endswith(".gcda") and ("paifu_core.dir" in root or "paifu_formats.dir" in root):
                g = os.path.join(root, f)
                orig = g[len(prefix):]  # the object folder's absolute path, as compiled
                gcno = orig[:-5] + ".gcno"
                link = g[:-5] + ".gcno"
                if not os.path.lexists(link):
                    os.symlink(gcno, link)
                gcdas.append(g)
    if not gcdas:
        return out
    r = subprocess.run(["gcov", "-j", "-t"] + gcdas, cwd=prefix, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    data = r.stdout.decode("utf-8", "replace")
    dec = json.JSONDecoder()
    i = 0
    while True:
        while i < len(data) and data[i] in " \r\n\t":
            i += 1
        if i >= len(data):
            break
        doc, i = dec.raw_decode(data, i)
        for f in doc.get("files", []):
            path = os.path.normpath(os.path.join(doc.get("current_working_directory", ""),
                                                 f["file"]))
            if not path.startswith(src + os.sep):
                continue
            rel = os.path.relpath(path, src)
            if not rel.endswith(".c") or not rel.startswith(("lib/", "formats/")):
                continue
            ex, counted, funcs, spans = out.setdefault(rel, (set(), set(), set(), set()))
            for ln in f.get("lines", []):
                counted.add(ln["line_number"])
                if ln["count"] > 0:
                    ex.add(ln["line_number"])
            for fn in f.get("functions", []):
                spans.add((fn["start_line"], fn["end_line"]))
                if fn.get("execution_count", 0) > 0:
                    funcs.add((fn["start_line"], fn["end_line"]))
    return out


def build_covmap(work, top, corpus, jobs, log, digest, tests_re=None):
    path = os.path.join(work, "COVMAP-%s.json.gz" % digest)
    if os.path.exists(path):
        return json.load(gzip.open(path, "rt"))
    print("coverage map: building with --coverage and running each test alone "
          "(once for these sources)...", flush=True)
    t0 = time.time()
    cov = Tree(work, "cov", top, corpus, ["-DCMAKE_C_FLAGS=--coverage",
                                          "-DCMAKE_EXE_LINKER_FLAGS=--coverage",
                                          "-DCMAKE_SHARED_LINKER_FLAGS=--coverage"], log)
    cov.corpus_visible(False)
    if not cov.configure_and_build(jobs):
        sys.exit("the coverage build failed; see %s" % log.name)
    tests = [t for t in cov.tests() if not excluded(t)
             and (not tests_re or re.search(tests_re, t["name"]))]
    readers = corpus_readers(tests, cov)
    names = [t["name"] for t in tests]
    number = {t["name"]: i + 1 for i, t in enumerate(cov.tests())}
    gcda_root = os.path.join(cov.dir, "gcda")
    # per mode, per file: line -> bit mask of tests; function (start, end) -> mask; and the lines
    # gcov counts at all
    maps = {"nocorpus": {}, "corpus": {}}
    counted = {}
    spans = {}
    failed = {"nocorpus": [], "corpus": []}
    times = {"nocorpus": {}, "corpus": {}}
    lock = threading.Lock()

    def one(mode, idx):
        name = names[idx]
        prefix = os.path.join(gcda_root, mode, str(idx))
        shutil.rmtree(prefix, ignore_errors=True)
        os.makedirs(prefix)
        env = dict(os.environ, GCOV_PREFIX=prefix, GCOV_PREFIX_STRIP="0")
        n = number[name]
        t1 = time.time()
        rc = run(["ctest", "--test-dir", cov.build, "-I", "%d,%d" % (n, n), "--timeout", "3000"],
                 cov.dir, 3600, log, env)
        dt = time.time() - t1
        got = gcov_lines(prefix, cov.build, cov.src)
        shutil.rmtree(prefix, ignore_errors=True)
        with lock:
            times[mode][name] = dt
            if rc != 0:
                failed[mode].append(name)
                return
            for rel, (ex, cnt, funcs, sp) in got.items():
                counted.setdefault(rel, set()).update(cnt)
                spans.setdefault(rel, set()).update(sp)
                m = maps[mode].setdefault(rel, {"lines": {}, "funcs": {}})
                for ln in ex:
                    m["lines"][ln] = m["lines"].get(ln, 0) | (1 << idx)
                for fn in funcs:
                    m["funcs"][fn] = m["funcs"].get(fn, 0) | (1 << idx)

    for mode in ("nocorpus", "corpus"):
        if mode == "corpus" and not corpus:
            break
        cov.corpus_visible(mode == "corpus")
        todo = [i for i, n in enumerate(names) if mode == "nocorpus" or n in readers]
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            list(ex.map(lambda i: one(mode, i), todo))
        print("  %s: %d tests in %.0f s%s" % (
            mode, len(todo), time.time() - t0,
            (", failing (left out): " + " ".join(failed[mode])) if failed[mode] else ""),
            flush=True)
    cov.corpus_visible(False)
    doc = {"digest": digest, "tests": names, "readers": sorted(readers),
           "failed": failed, "cov_times": times,
           "counted": {rel: sorted(s) for rel, s in counted.items()},
           "spans": {rel: sorted(s) for rel, s in spans.items()},
           "maps": {mode: {rel: {"lines": {str(k): "%x" % v for k, v in m["lines"].items()},
                                 "funcs": ["%d %d %x" % (a, b, v)
                                           for (a, b), v in m["funcs"].items()]}
                           for rel, m in mm.items()}
                    for mode, mm in maps.items()},
           "seconds": time.time() - t0}
    with gzip.open(path + ".tmp", "wt") as f:
        json.dump(doc, f)
    os.replace(path + ".tmp", path)
    print("coverage map: %.0f s, kept in %s" % (time.time() - t0, path), flush=True)
    return doc


class CovMap:
    def __init__(self, doc):
        self.names = doc["tests"]
        self.readers = set(doc["readers"])
        self.failed = set(doc["failed"]["nocorpus"]) | set(doc["failed"]["corpus"])
        self.counted = {rel: set(v) for rel, v in doc["counted"].items()}
        self.spans = {rel: [tuple(x) for x in v] for rel, v in doc["spans"].items()}
        self.maps = {}
        for mode, mm in doc["maps"].items():
            self.maps[mode] = {}
            for rel, m in mm.items():
                lines = {int(k): int(v, 16) for k, v in m["lines"].items()}
                funcs = []
                for s in m["funcs"]:
                    a, b, v = s.split()
                    funcs.append((int(a), int(b), int(v, 16)))
                self.maps[mode][rel] = (lines, funcs)

    def tests(self, mode, rel, first, last):
        """The names of the tests that execute lines FIRST..LAST of REL in MODE. A line gcov does
        not count takes its function's tests, or its file's outside any function."""
        if mode not in self.maps:
            return []
        lines, funcs = self.maps[mode].get(rel, ({}, []))
        cnt = self.counted.get(rel, set())
        mask = 0
        span = range(first, last + 1)
        if any(ln in cnt for ln in span):
            for ln in span:
                mask |= lines.get(ln, 0)
        else:
            inside = [v for a, b, v in funcs if a <= first <= b]
            if inside:
                for v in inside:
                    mask |= v
            elif not any(a <= first <= b for a, b in self.spans.get(rel, [])):
                for v in lines.values():
                    mask |= v
        return [self.names[i] for i in range(len(self.names)) if mask >> i & 1
                and self.names[i] not in self.failed]

    def not_executed(self):
        """{file: [lines gcov counts that no test executes]}"""
        out = {}
        for rel, cnt in sorted(self.counted.items()):
            ex = set()
            for mode in self.maps:
                ex |= set(self.maps[mode].get(rel, ({}, []))[0])
            miss = sorted(cnt - ex)
            if miss:
                out[rel] = miss
        return out


def ranges(lines):
    out, start, prev = [], None, None
    for ln in lines:
        if start is None:
            start = prev = ln
        elif ln == prev + 1:
            prev = ln
        else:
            out.append((start, prev))
            start = prev = ln
    if start is not None:
        out.append((start, prev))
    return ", ".join("%d" % a if a == b else "%d-%d" % (a, b) for a, b in out)


# ---------------------------------------------------------------- baseline and mutants

def baseline(tree, names, readers, corpus, jobs, log, path):
    """Every selected test once in the unmutated optimised tree (corpus hidden, then the readers
    with it): they must pass; their times set the timeouts. Kept in PATH."""
    if os.path.exists(path):
        return json.load(open(path))
    number = {t["name"]: i + 1 for i, t in enumerate(tree.tests())}
    times, failed = {}, []
    for mode in ("nocorpus", "corpus"):
        if mode == "corpus" and not corpus:
            break
        tree.corpus_visible(mode == "corpus")
        todo = [n for n in names if mode == "nocorpus" or n in readers]
        lock = threading.Lock()

        def one(name):
            t1 = time.time()
            n = number[name]
            rc = run(["ctest", "--test-dir", tree.build, "-I", "%d,%d" % (n, n), "--timeout",
                      "3000"], tree.dir, 3600, log)
            with lock:
                times[mode + ":" + name] = time.time() - t1
                if rc != 0:
                    failed.append(mode + ":" + name)

        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            list(ex.map(one, todo))
    tree.corpus_visible(False)
    doc = {"times": times, "failed": failed}
    json.dump(doc, open(path, "w"))
    return doc


class Worker:
    def __init__(self, tree, objects, args, cmap, base, log):
        self.tree = tree
        self.objects = objects
        self.a = args
        self.cmap = cmap
        self.base = base
        self.log = log
        tests = tree.tests()
        self.number = {t["name"]: i + 1 for i, t in enumerate(tests)}
        outputs = set(subprocess.run(["ninja", "-C", tree.build, "-t", "targets", "all"],
                                     stdout=subprocess.PIPE, check=True).stdout.decode()
                      .replace(":", " ").split())
        # the Ninja targets a test needs: the build's files its command and environment name;
        # a script (a command outside the build) also gets the CLI and the shared library
        self.needs = {}
        for t in tests:
            words = [t["command"][0] if t["command"] else ""] + t["command"][1:] + \
                [e.split("=", 1)[-1] for e in t["props"].get("ENVIRONMENT", [])]
            need = set()
            for w in words:
                for p in re.split(r"[=;:,]", w):
                    if p.startswith(tree.build + "/"):
                        rel = os.path.relpath(p, tree.build)
                        if rel in outputs:
                            need.add(rel)
            if not (t["command"] and t["command"][0].startswith(tree.build + "/")):
                need |= {"cli/paifu", "libpaifu.so"} & outputs
            if nested(t, tree.src):
                need = {"all"}  # every program, from the mutant's sources
            self.needs[t["name"]] = sorted(need)

    def timeout(self, mode, name):
        b = self.base["times"].get(mode + ":" + name, 60.0)
        return max(self.a.min_timeout, self.a.factor * b)

    def order(self, mode, names):
        """The tests that killed the most mutants so far first, then the quickest (the order
        changes how soon a mutant is killed, never whether it is)."""
        return sorted(names, key=lambda n: (-KILLS.get(n, 0),
                                            self.base["times"].get(mode + ":" + n, 60.0), n))

    def run_tests(self, mode, names, built):
        """In order(); each test's programs linked just before it runs (a mutant killed by its
        first test links one program). The name of the first that fails, "!link" when a link
        fails, or None."""
        self.tree.corpus_visible(mode == "corpus")
        for name in self.order(mode, names):
            need = [x for x in self.needs.get(name, []) if x not in built]
            if need:
                if run(["ninja", "-C", self.tree.build, "-j%d" % self.a.build_jobs] + need,
                       self.tree.dir, 1800, self.log) != 0:
                    return "!link"
                built.update(need)
            n = self.number[name]
            t = self.timeout(mode, name)
            rc = run(["ctest", "--test-dir", self.tree.build, "-I", "%d,%d" % (n, n),
                      "--timeout", "%d" % t], self.tree.dir, t + 60, self.log)
            if rc != 0:
                with LOG_LOCK:
                    KILLS[name] = KILLS.get(name, 0) + 1
                return name
        return None

    def mutant(self, m):
        """Returns (verdict, the test that killed it or "", tests run)."""
        path = os.path.join(self.tree.src, m["rel"])
        orig = open(path, encoding="utf-8").read()
        if orig[m["off"]:m["off"] + m["len"]] != m["orig"]:
            raise RuntimeError("%s differs from the sources the mutant was drawn from" % path)
        mutated = orig[:m["off"]] + m["new"] + orig[m["off"] + m["len"]:]
        first, last = m["lines"]
        nc = [n for n in self.cmap.tests("nocorpus", m["rel"], first, last)
              if "nocorpus:" + n in self.base["times"] and "nocorpus:" + n not in self.base["failed"]]
        wc = [n for n in self.cmap.tests("corpus", m["rel"], first, last)
              if n in self.cmap.readers and "corpus:" + n in self.base["times"]
              and "corpus:" + n not in self.base["failed"]]
        if self.a.no_corpus:
            wc = []
        with LOG_LOCK:
            self.log.write("\n==== mutant %d: %s\n" % (m["i"], m["desc"]))
        obj = self.objects[m["rel"]]
        built = set()
        try:
            open(path, "w", encoding="utf-8").write(mutated)
            if run(["ninja", "-C", self.tree.build, obj], self.tree.dir, 900, self.log) != 0:
                return "stillborn", "", 0
            if not nc and not wc:
                return "noexec", "", 0
            k = self.run_tests("nocorpus", nc, built)
            if k == "!link":
                return "stillborn", "", 0
            if k:
                return "killed1", k, len(nc)
            k = self.run_tests("corpus", wc, built) if wc else None
            if k == "!link":
                return "stillborn", "", 0
            if k:
                return "killed2", k, len(nc) + len(wc)
            return "survived", "", len(nc) + len(wc)
        finally:
            open(path, "w", encoding="utf-8").write(orig)
            self.tree.corpus_visible(False)
            # every program linked from the mutant is linked again from the sources, so that no
            # later test runs this mutant's code (a program a test runs without naming it)
            if run(["ninja", "-C", self.tree.build, "-j%d" % self.a.build_jobs, obj]
                   + sorted(built), self.tree.dir, 1800, self.log) != 0:
                raise RuntimeError("the tree does not build again after mutant %d" % m["i"])


# ---------------------------------------------------------------- the report

def equivalents(top):
    """tests/tools/mutate_equivalent.tsv: file, the mutated line's text (stripped), the change
    (original -> mutant), the reason."""
    p = os.path.join(top, "tests", "tools", "mutate_equivalent.tsv")
    out = {}
    if os.path.exists(p):
        for line in open(p, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            if len(f) >= 4:
                out[(f[0], f[1], f[2])] = f[3]
    return out


def equiv_key(m):
    return (m["rel"], m["text"], m["desc"].split("\t", 2)[2])


def report(counted, results, top, cmap, work, extra):
    eq = equivalents(top)
    c = {"killed1": 0, "killed2": 0, "survived": 0, "noexec": 0}
    for m in counted:
        c[results[m["i"]]["verdict"]] += 1
    valid = len(counted)
    stillborn = extra["stillborn"]
    print("\nmutants counted: %d (stillborn, not counted: %d)" % (valid, stillborn))
    print("  killed without the corpus: %d, only with it: %d, survived: %d, not executed: %d"
          % (c["killed1"], c["killed2"], c["survived"], c["noexec"]))
    if valid:
        k1, k2 = c["killed1"], c["killed1"] + c["killed2"]
        eqs = [m for m in counted if results[m["i"]]["verdict"] in ("survived", "noexec")
               and equiv_key(m) in eq]
        v2 = valid - len(eqs)
        print("score with the corpus:    %d/%d killed (%.1f%%)" % (k2, valid, 100.0 * k2 / valid))
        print("score without the corpus: %d/%d killed (%.1f%%)" % (k1, valid, 100.0 * k1 / valid))
        if eqs and v2:
            print("leaving out the %d equivalent mutants (tests/tools/mutate_equivalent.tsv): "
                  "with the corpus %d/%d (%.1f%%), without %d/%d (%.1f%%)"
                  % (len(eqs), k2, v2, 100.0 * k2 / v2, k1, v2, 100.0 * k1 / v2))
        secs = [results[m["i"]]["seconds"] for m in counted]
        print("time per counted mutant (wall, per worker): mean %.1f s, max %.0f s"
              % (sum(secs) / len(secs), max(secs)))
    if extra.get("wall"):
        print("wall time of this run: %.0f s (%s)" % (extra["wall"], extra["load"]))

    def show(title, verdicts):
        ms = [m for m in counted if results[m["i"]]["verdict"] in verdicts]
        print("\n%s: %d" % (title, len(ms)))
        for m in ms:
            reason = eq.get(equiv_key(m))
            print("  %3d  %s%s" % (m["i"], m["desc"].replace("\t", "  "),
                                   "   [equivalent: %s]" % reason if reason else ""))
    by = {}
    for m in counted:
        r = results[m["i"]]
        if r["verdict"] in ("killed1", "killed2"):
            by[r["by"]] = by.get(r["by"], 0) + 1
    print("\nkills per test (the first test that failed; the order tests are tried in changes "
          "which, never whether):")
    for name, n in sorted(by.items(), key=lambda kv: (-kv[1], kv[0])):
        print("  %4d  %s" % (n, name))
    show("survivors (every test that executes the line passes)", ("survived",))
    show("not executed (no test executes the line)", ("noexec",))
    show("killed only by a test that reads the corpus", ("killed2",))
    if cmap:
        miss = cmap.not_executed()
        total = sum(len(v) for v in miss.values())
        allc = sum(len(v) for v in cmap.counted.values())
        p = os.path.join(work, "NOT_EXECUTED.txt")
        with open(p, "w") as f:
            for rel, lines in miss.items():
                f.write("%s: %s\n" % (rel, ranges(lines)))
        print("\nlines no test executes: %d of the %d lines gcov counts in lib/ and formats/ "
              "(every one in %s); most per file:" % (total, allc, p))
        for rel, lines in sorted(miss.items(), key=lambda kv: -len(kv[1]))[:15]:
            print("  %5d  %s" % (len(lines), rel))


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("-n", type=int, default=40, help="mutants to count (default 40; the "
                    "stillborn are replaced by the next drawn)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", default=os.path.abspath(os.path.join(HERE, "..", "..")),
                    help="the tree to mutate (copied; default: this script's worktree)")
    ap.add_argument("--work", default="/tmp/paifu-mut", help="copies of the tree and builds")
    ap.add_argument("--corpus", default=None, help="the corpus (default: ../shared/corpus "
                    "next to --top when it is there)")
    ap.add_argument("--no-corpus", action="store_true", help="stage 1 only")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="mutants at once, each in its own tree (default: cores, up to 2)")
    ap.add_argument("--build-jobs", type=int, default=1, help="ninja -j per mutant (default 1)")
    ap.add_argument("--factor", type=float, default=4.0,
                    help="a test's timeout: this times its baseline time (default 4)")
    ap.add_argument("--min-timeout", type=float, default=20.0, help="seconds (default 20)")
    ap.add_argument("--list", action="store_true", help="list the first N mutants drawn and stop")
    ap.add_argument("--only", default="", help="comma-separated mutant numbers to run again "
                    "(e.g. the survivors, after new tests); their earlier lines are replaced")
    ap.add_argument("--report", action="store_true", help="print the report of REPORT.tsv only")
    ap.add_argument("--tests", default="", help="a regular expression: the suite is the tests "
                    "whose names it matches (default: every test)")
    ap.add_argument("--files", default="", help="a regular expression: mutate only the sources "
                    "whose paths it matches")
    ap.add_argument("--plant", action="append", default=[], metavar="FILE:LINE:OLD:NEW",
                    help="run these mutants (in order) instead of drawing them; repeatable")
    ap.add_argument("--check-kills", type=int, default=10, help="the self-check: kills run again "
                    "with the whole suite in a clean tree (default 10)")
    ap.add_argument("--check-survivors", type=int, default=5, help="survivors run again so "
                    "(default 5)")
    a = ap.parse_args()

    top = os.path.abspath(a.top)
    if a.list:
        for i, m in zip(range(a.n), planted(top, a.plant) if a.plant else
                        draw(top, a.seed, a.files)):
            print("%3d\t%s" % (i, m["desc"]))
        return 0

    work = os.path.abspath(a.work)
    os.makedirs(work, exist_ok=True)
    log = open(os.path.join(work, "LOG.txt"), "a")
    # every tree, the map and the mutants come from one snapshot of the sources, taken now: the
    # worktree may change while the run goes on
    given = top
    top = os.path.join(work, "snapshot")
    if not a.report or not os.path.isdir(top):  # --report: the snapshot of the last run
        sync(given, top)
    digest = tree_hash(top)
    if a.tests or a.plant or a.files:  # another suite or other mutants: their own records
        digest += "-" + hashlib.sha256(("%s\0%s\0%s" % (a.tests, a.files, "\0".join(a.plant)))
                                       .encode()).hexdigest()[:8]
    gen = planted(top, a.plant) if a.plant else draw(top, a.seed, a.files)
    corpus = a.corpus
    if corpus is None:
        guess = os.path.abspath(os.path.join(given, "..", "shared", "corpus"))
        corpus = guess if os.path.exists(os.path.join(guess, "MANIFEST.tsv")) else ""
    if a.no_corpus or corpus == "/nonexistent":
        corpus = ""

    # REPORT.tsv: a header naming the sources and the seed, then a line per mutant
    rpath = os.path.join(work, "REPORT.tsv")
    header = "# paifu mutate.py sources %s seed %d corpus %s" % (digest, a.seed, corpus or "none")
    print("sources %s (a snapshot of %s in %s), seed %d" % (digest, given, top, a.seed), flush=True)
    results = {}
    if os.path.exists(rpath):
        lines = open(rpath, encoding="utf-8").read().splitlines()
        if lines and lines[0] == header:
            for line in lines[1:]:
                f = line.split("\t")
                if len(f) >= 8 and not line.startswith("#"):
                    results[int(f[0])] = {"verdict": f[1], "desc": "\t".join(f[2:5]),
                                          "seconds": float(f[5].rstrip("s")), "by": f[6],
                                          "line": line}
        elif a.report:
            sys.exit("REPORT.tsv is for other sources, seed or corpus: %s" % lines[0])
        else:
            os.replace(rpath, rpath + ".old")
            print("REPORT.tsv was for other sources, seed or corpus: kept as REPORT.tsv.old")
    for r in results.values():  # the tests that killed most so far are tried first
        if r["by"] not in ("-", ""):
            KILLS[r["by"]] = KILLS.get(r["by"], 0) + 1
    only = {int(x) for x in a.only.split(",") if x.strip()}
    for i in only:
        results.pop(i, None)
    if not os.path.exists(rpath) or only:
        with open(rpath, "w", encoding="utf-8") as f:
            f.write(header + "\n")
            for i in sorted(results):
                f.write(results[i]["line"] + "\n")

    drawn = []

    def mutant(i):
        while len(drawn) <= i:
            m = next(gen, None)
            if m is None:
                return None
            m["i"] = len(drawn)
            drawn.append(m)
        return drawn[i]

    def counted_so_far():
        out, stillborn, i = [], 0, 0
        while len(out) < a.n:
            m = mutant(i)
            if m is None or i not in results:
                break
            if results[i]["verdict"] == "stillborn":
                stillborn += 1
            else:
                out.append(m)
            i += 1
        return out, stillborn

    cmap = None
    cached = os.path.join(work, "COVMAP-%s.json.gz" % digest)
    if a.report and os.path.exists(cached):
        cmap = CovMap(json.load(gzip.open(cached, "rt")))
    t0 = time.time()
    load0 = open("/proc/loadavg").read().split()[:3]
    if not a.report:
        cmap = CovMap(build_covmap(work, top, corpus, a.jobs, log, digest, a.tests))
        trees = []
        for w in range(a.jobs):
            t = Tree(work, "w%d" % w, top, corpus, ["-DCMAKE_C_FLAGS_DEBUG=-O1"], log)
            t.corpus_visible(False)
            if not t.configure_and_build(2):
                print("the unmutated tree does not build; see", log.name)
                return 2
            trees.append(t)
        names = [n for n in cmap.names if n not in cmap.failed]
        base = baseline(trees[0], names, cmap.readers, corpus, a.jobs, log,
                        os.path.join(work, "BASELINE-%s.json" % digest))
        if base["failed"]:
            print("failing in the unmutated tree, left out:", " ".join(base["failed"]))
        objects = trees[0].objects()
        workers = [Worker(t, objects, a, cmap, base, log) for t in trees]
        for t in trees[0].tests():  # what the verdicts rest on, said before them
            why = nested(t, trees[0].src)
            if why and t["name"] in names:
                print("a nested build or ctest: %s runs after the whole build is made from the "
                      "mutant's sources (%s)" % (t["name"], why), flush=True)
            if excluded(t):
                print("left out: %s (%s)" % (t["name"], excluded_why(t)), flush=True)
        free = list(workers)
        rlock = threading.Lock()
        rfile = open(rpath, "a", encoding="utf-8")
        stop = []
        signal.signal(signal.SIGTERM, lambda *_: stop.append(1))

        def task(w, m):
            t1 = time.time()
            try:
                verdict, by, ntests = w.mutant(m)
            except Exception as e:  # noqa: BLE001 -- a tool error is reported, not counted
                verdict, by, ntests = "error", repr(e), 0
            dt = time.time() - t1
            line = "%d\t%s\t%s\t%.0fs\t%s\t%d" % (m["i"], verdict, m["desc"], dt, by or "-",
                                                  ntests)
            with rlock:
                if verdict != "error":
                    results[m["i"]] = {"verdict": verdict, "desc": m["desc"], "seconds": dt,
                                       "by": by, "line": line}
                    rfile.write(line + "\n")
                    rfile.flush()
                print(line, flush=True)
                free.append(w)

        i = 0
        running = {}
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            while not stop:
                with rlock:
                    done_counted = sum(1 for j in range(i) if j in results
                                       and results[j]["verdict"] != "stillborn")
                    pending = [f for f in running.values() if not f.done()]
                    can = free and done_counted + len(pending) < a.n
                if can:
                    if only and i > max(only):
                        break
                    m = mutant(i)
                    if m is None:
                        break
                    if i in results or (only and i not in only):
                        i += 1
                        continue
                    with rlock:
                        w = free.pop()
                    running[i] = ex.submit(task, w, m)
                    i += 1
                    continue
                pending = [f for f in running.values() if not f.done()]
                if not pending:
                    if done_counted >= a.n or (only and i > max(only)):
                        break
                    continue
                concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
        # the worker trees are left unmutated (each mutant restores its file)
    counted, stillborn = counted_so_far()
    load1 = open("/proc/loadavg").read().split()[:3]
    report(counted, results, given, cmap, work,
           {"stillborn": stillborn, "wall": None if a.report else time.time() - t0,
            "load": "load average %s at the start, %s at the end" % (" ".join(load0),
                                                                      " ".join(load1))})
    if len(counted) < a.n:
        print("\n(only %d of the %d mutants asked for have a result: run again to go on)"
              % (len(counted), a.n))
    if a.report or (not a.check_kills and not a.check_survivors):
        return 0
    suite = [n for n in cmap.names if n not in cmap.failed
             and "nocorpus:" + n not in base["failed"]]
    return self_check(a, work, top, corpus, log, counted, results, suite)


def self_check(a, work, top, corpus, log, counted, results, suite):
    """The tool checks itself: a sample of its kills and survivors (drawn with the run's seed)
    run again in a clean tree where the whole build is made from the mutant's sources and the
    whole suite runs (every test the run selects; a kill may stop at its first failure): a kill
    must fail it (without the corpus for a kill of stage 1, with it for stage 2), a survivor
    must pass it with the corpus. Returns 3 when a verdict differs."""
    rng = random.Random(a.seed)
    kills = [m for m in counted if results[m["i"]]["verdict"] in ("killed1", "killed2")]
    survivors = [m for m in counted if results[m["i"]]["verdict"] == "survived"]
    sample = rng.sample(kills, min(a.check_kills, len(kills))) + \
        rng.sample(survivors, min(a.check_survivors, len(survivors)))
    if not sample:
        return 0
    print("\nself-check: %d kills and %d survivors again, each with the whole suite of %d tests "
          "in a clean tree" % (min(a.check_kills, len(kills)),
                               min(a.check_survivors, len(survivors)), len(suite)), flush=True)
    t0 = time.time()
    tree = Tree(work, "check", top, corpus, ["-DCMAKE_C_FLAGS_DEBUG=-O1"], log)
    tree.corpus_visible(False)
    if not tree.configure_and_build(2):
        print("self-check: the unmutated check tree does not build; see", log.name)
        return 3
    number = {t["name"]: i + 1 for i, t in enumerate(tree.tests())}
    wrong = 0
    for m in sorted(sample, key=lambda m: m["i"]):
        verdict = results[m["i"]]["verdict"]
        path = os.path.join(tree.src, m["rel"])
        orig = open(path, encoding="utf-8").read()
        mutated = orig[:m["off"]] + m["new"] + orig[m["off"] + m["len"]:]
        try:
            open(path, "w", encoding="utf-8").write(mutated)
            if run(["ninja", "-C", tree.build, "-j2", "all"], tree.dir, 3600, log) != 0:
                got = "does not build"
            else:
                with_corpus = verdict != "killed1" and bool(corpus)
                tree.corpus_visible(with_corpus)
                ids = ",".join(str(number[n]) for n in suite if n in number)
                cmd = ["ctest", "--test-dir", tree.build, "-j%d" % max(2, a.jobs),
                       "-I", "0,0,0," + ids, "--timeout", "3000"]
                if verdict != "survived":
                    cmd.append("--stop-on-failure")
                rc = run(cmd, tree.dir, 7200, log)
                got = "fails" if rc != 0 else "passes"
        finally:
            open(path, "w", encoding="utf-8").write(orig)
            tree.corpus_visible(False)
        want = "passes" if verdict == "survived" else "fails"
        same = got == want
        wrong += not same
        print("  %3d  %-9s the whole suite %s%s: %s" % (
            m["i"], verdict, got, "" if same else " (THE TOOL'S VERDICT DIFFERS)",
            m["desc"].replace("\t", "  ")), flush=True)
    run(["ninja", "-C", tree.build, "-j2", "all"], tree.dir, 3600, log)
    print("self-check: %d of %d verdicts confirmed in %.0f s" % (len(sample) - wrong, len(sample),
                                                              time.time() - t0))
    if wrong:
        print("self-check FAILED: the tool's verdicts are not the suite's")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
