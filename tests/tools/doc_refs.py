#!/usr/bin/env python3
"""What the manual points to exists (the test doc.refs).

    doc_refs.py SOURCE_DIR PAIFU

In README.md, CHANGELOG.md and doc/*.md:
  - every relative link ([text](path) and <img src=...>) names a file of the source tree, and a
    link's #anchor one of the target's headings (GitHub's anchors: lower case, spaces to '-',
    punctuation dropped) or an explicit <a id=...>;
  - every `paifu COMMAND` written in code names a command of `paifu --help`, and every long
    option on such a line (and every `--option` standing alone in a code span of the prose) is
    an option of that command's --help (of any command, when the line names none).
And doc/export.md's tables name the columns `paifu export` writes, in their order, and the
statistics `paifu stats` writes.
A reader who follows the manual never meets a file, a heading, an option or a column that is
not there, nor misses one that is.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
SPAN = re.compile(r"`([^`\n]+)`")
# a paifu command where a shell command starts: the line's start, after | ; ( && or $(, after
# variable assignments, with or without a path (./build/cli/paifu)
CMD = re.compile(r"(?:^|[|;(&]\s*|\$\(\s*)\s*(?:[A-Z_]+=\S+\s+)*(?:\S*/)?paifu (\w+)")
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
# options of other programs a guide shows beside paifu's (cmake, ctest, chromium, git, pip,
# the test tools): not paifu's, so not checked against its help
OTHERS = {"--build", "--test-dir", "--output-on-failure", "--target", "--install", "--prefix",
          "--config", "--headless", "--no-sandbox", "--disable-gpu", "--print-to-pdf",
          "--screenshot", "--window-size", "--user-data-dir", "--seed", "--work", "--update",
          "--check", "--version", "--help", "--cflags", "--libs", "--tool", "--leak-check",
          "--error-exitcode", "--parallel", "--no-first-run", "--force", "--stat", "--oneline",
          "--change", "--base", "--rerun-failed", "--timeout", "--scheduler", "--nworkers",
          "--dump-instr", "--collect-atstart", "--toggle-collect", "--branch-sim",
          "--cache-sim", "--modversion", "--file",
          # tests/tools/mutate.py's own
          "--plant", "--tests", "--files", "--check-kills", "--check-survivors", "--jobs",
          "--no-corpus", "--only", "--report", "--list", "--factor", "--min-timeout"}


def anchor_of(heading):
    h = re.sub(r"`|\*|_(?=\w)|(?<=\w)_", "", heading).strip().lower()
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)
    h = re.sub(r"[^\w\- ]", "", h, flags=re.U)
    return h.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        text = open(path, encoding="utf-8").read()
        text_nocode = FENCE.sub("", text)
        seen, out = {}, set()
        for m in HEADING.finditer(text_nocode):
            a = anchor_of(m.group(2))
            n = seen.get(a, 0)
            seen[a] = n + 1
            out.add(a if n == 0 else "%s-%d" % (a, n))
        out.update(ANCHOR.findall(text))
        cache[path] = out
    return cache[path]


def help_options(paifu):
    main = subprocess.run([paifu, "--help"], capture_output=True, text=True).stdout
    commands = re.findall(r"^  (\w+)\s{2,}", main.split("commands:", 1)[1], re.M)
    opts = {None: set(OPTION.findall(main))}
    for c in commands:
        h = subprocess.run([paifu, c, "--help"], capture_output=True, text=True).stdout
        opts[c] = set(OPTION.findall(h))
    return commands, opts


def main():
    src, paifu = sys.argv[1:3]
    commands, opts = help_options(paifu)
    every = set().union(*opts.values())
    files = [os.path.join(src, "README.md"), os.path.join(src, "CHANGELOG.md")] + \
        sorted(glob.glob(os.path.join(src, "doc", "*.md")))
    failures = 0

    def fail(path, line, what):
        nonlocal failures
        failures += 1
        print("%s:%d: %s" % (os.path.relpath(path, src), line, what))

    for path in files:
        text = open(path, encoding="utf-8").read()
        lineof = lambda pos: text.count("\n", 0, pos) + 1  # noqa: E731
        # links
        for m in LINK.finditer(FENCE.sub(lambda f: "\n" * f.group(0).count("\n"), text)):
            target = next(g for g in m.groups() if g)
            if re.match(r"^[a-z]+:", target) or target.startswith("//"):
                continue  # a web address: not checked here (no network)
            file, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(dest):
                fail(path, lineof(m.start()), "link to a missing file: %s" % target)
                continue
            if frag and dest.endswith(".md") and frag not in anchors(dest):
                fail(path, lineof(m.start()), "link to a missing heading: %s" % target)
        # commands and options in code
        code = [(lineof(f.start(2)), f.group(2)) for f in FENCE.finditer(text)
                if f.group(1) in ("sh", "")]
        prose = FENCE.sub(lambda f: "\n" * f.group(0).count("\n"), text)
        spans = [(lineof(s.start()), s.group(1)) for s in SPAN.finditer(prose)]
        for first, body in code + spans:
            alone = body.startswith("--")  # a code span that is an option of its own
            for k, ln in enumerate(body.split("\n")):
                ln = ln.split(" #")[0]  # a comment after the command
                m = CMD.search(ln)
                if m and m.group(1) not in commands and m.group(1) != "help":
                    fail(path, first + k, "no command 'paifu %s'" % m.group(1))
                    continue
                if not m and not alone:
                    continue  # another program's line (cmake, a bench script, ...)
                known = opts.get(m.group(1)) if m else None
                for o in OPTION.findall(ln):
                    if o in OTHERS:
                        continue
                    if known is not None and o not in known and o not in opts[None]:
                        fail(path, first + k, "'paifu %s' has no option %s" % (m.group(1), o))
                    elif known is None and o not in every:
                        fail(path, first + k, "no paifu command has the option %s" % o)
    # doc/export.md against the export's and stats' CSV headers
    guide = os.path.join(src, "doc", "export.md")
    text = open(guide, encoding="utf-8").read()
    documented = {}
    for sec in re.split(r"^## ", text, flags=re.M)[1:]:
        name = sec.split()[0].strip("`")
        cols = []
        for row in re.findall(r"^\| ([^|]+?) \|", sec, re.M):
            if row.strip() in ("column", "statistic") or set(row.strip()) <= set("-"):
                continue
            cols += [c.strip() for c in row.split(",")]
        spelled = []
        for c in cols:  # "delta_0 .. delta_3": the four
            m = re.match(r"^(\w+?)(\d) \.\. \1(\d)$", c)
            spelled += (["%s%d" % (m.group(1), k) for k in range(int(m.group(2)), int(m.group(3)) + 1)]
                        if m else [c.replace(" .. ", "..")])
        documented[name] = spelled
    out = tempfile.mkdtemp(prefix="paifu-refs-")
    try:
        subprocess.run([paifu, "export", "-q", "-f", "csv", "-o", out + "/",
                        os.path.join(src, "samples")], check=True, capture_output=True)
        for f in sorted(os.listdir(out)):
            table = f[:-4]
            header = open(os.path.join(out, f), encoding="utf-8").readline().strip().split(",")
            if documented.get(table) != header:
                fail(guide, 1, "the %s table's columns are %s; the guide says %s" %
                     (table, header, documented.get(table)))
        st = subprocess.run([paifu, "stats", "-q", "-f", "csv", os.path.join(src, "samples")],
                            capture_output=True, text=True).stdout.splitlines()[0].split(",")
        doc_stats = []
        for c in documented.get("paifu", []):
            doc_stats += ["first", "second", "third", "fourth"] if c == "first..fourth" else [c]
        if st[1:] != doc_stats:
            fail(guide, 1, "paifu stats writes %s; the guide defines %s" % (st[1:], doc_stats))
    finally:
        shutil.rmtree(out)
    print("doc_refs: %d file(s), %d failure(s)" % (len(files), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
