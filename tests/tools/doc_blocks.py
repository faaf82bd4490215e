#!/usr/bin/env python3
"""Every command and Python block of README.md and doc/*.md runs (the test doc.blocks).

    doc_blocks.py SOURCE_DIR BUILD_DIR

A ```sh block runs line by line in one scratch folder (so a line may use what the line before it
wrote, and an `export` holds for the lines after it; `build/` there is the build folder, `doc/`
the guides' folder and $HOME the scratch folder itself); a `paifu ...` line may exit 0 or 1 (1: findings), any other line must exit 0. A
```python block runs with the package of the source tree and the built library; when the text
after it says what it prints (a "prints" line, then a ```text block), it must print exactly that.
A ```sh block followed at once by a plain ``` block must print (on standard output) what
that block shows. A ```c block must be doc/example.c, which the test builds and runs on a sample, and what the
guide says it prints on a sample ("On `FILE` it prints", then a ```text block) is what it prints. Blocks that cannot run here
say so in an HTML comment right above them (`<!-- not run ...: the reason -->`: a cluster, an
interactive shell), and the README's set-up commands are left to .ci/run, which runs them.

The scratch folder holds what the guides' examples name: `samples/` (the bundled samples),
`game.mjlog` and `game.mjlog.gz` (a sample Tenhou log), `logs/` (every sample) and `logs.zip`,
`logs.tar.gz` of it, `games/` (the JHC 2016 sample), `sheets/` (the Pantheon sample), `hands.txt`
(hands in paifu's notation) and `houou.db`, a database made with houou-logs' own CREATE TABLE
(Apricot-S/houou-logs src/houou_logs/db.py, create_logs_table; `log` gzip'd mjlog XML, as
`paifu validate --help` says it reads them).
"""
import difflib
import glob
import gzip
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import zipfile

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
SKIP = re.compile(r"<!--\s*not run", re.I)
OUTPUT = re.compile(r"[ \t]*\n\s*\n```\n(.*?)^```", re.S | re.M)
PRINTS = re.compile(r"\s*\n(?:[^\n`]*\bprints\b[^\n`]*\n)\s*\n```text\n(.*?)^```", re.S | re.M)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_bulk import HOUOU_CREATE_LOGS as HOUOU_LOGS_TABLE  # noqa: E402 (houou-logs' own, cited there)


def blocks(path):
    text = open(path, encoding="utf-8").read()
    setup = None
    m = re.search(r"^## Set-up.*?(?=^## )", text, re.S | re.M)
    if m and os.path.basename(path) == "README.md":
        setup = (m.start(), m.end())
    for m in FENCE.finditer(text):
        lang, body = m.group(1), m.group(2)
        if lang not in ("sh", "python", "c"):
            continue
        line = text.count("\n", 0, m.start()) + 1
        before = text[max(0, m.start() - 400):m.start()].rstrip().split("\n")
        above = before[-1] if before else ""
        if setup and setup[0] <= m.start() < setup[1]:
            continue  # .ci/run runs the set-up commands themselves
        if SKIP.search(above) or (above.strip().endswith("-->") and
                                  SKIP.search("\n".join(before[-4:]))):
            continue
        # a block followed by "prints" (or "it prints ...:") and a ```text block: its output
        after = PRINTS.match(text, m.end())
        if lang == "sh" and not after:  # a sh block followed at once by a plain block: its output
            after = OUTPUT.match(text, m.end())
        yield lang, body, line, after.group(1) if after else None


def commands(body):
    """The command lines of a sh block: a line that starts with spaces and '#' continues the
    comment of the line above and is not a command."""
    for raw in body.split("\n"):
        if not raw.strip() or re.match(r"^\s+#", raw) or raw.lstrip().startswith("#"):
            continue
        yield raw


def scratch(src, build):
    d = tempfile.mkdtemp(prefix="paifu-doc-")
    samples = os.path.join(src, "samples")
    os.symlink(samples, os.path.join(d, "samples"))
    os.symlink(build, os.path.join(d, "build"))  # the guides' build/ (the README's set-up)
    os.symlink(os.path.join(src, "doc"), os.path.join(d, "doc"))
    shutil.copy(os.path.join(samples, "synthetic-tenhou.mjlog"), os.path.join(d, "game.mjlog"))
    with open(os.path.join(samples, "synthetic-tenhou.mjlog"), "rb") as f:
        xml = f.read()
    with gzip.open(os.path.join(d, "game.mjlog.gz"), "wb") as f:
        f.write(xml)
    logs = os.path.join(d, "logs")
    os.mkdir(logs)
    for p in sorted(glob.glob(os.path.join(samples, "*"))):
        if not p.endswith(".md"):
            shutil.copy(p, logs)
    os.mkdir(os.path.join(d, "games"))
    shutil.copy(os.path.join(samples, "session-jhc2016.paifu.json"), os.path.join(d, "games"))
    os.mkdir(os.path.join(d, "sheets"))
    shutil.copy(os.path.join(samples, "pantheon-ema-sheet.txt"), os.path.join(d, "sheets"))
    with open(os.path.join(d, "hands.txt"), "w") as f:
        f.write("123m456p789s11z22z +2z --tsumo\n123m99p13s chi:789s pon:666z +2s --dealer\n")
    with zipfile.ZipFile(os.path.join(d, "logs.zip"), "w") as z:
        for p in sorted(os.listdir(logs)):
            z.write(os.path.join(logs, p), "logs/" + p)
    with tarfile.open(os.path.join(d, "logs.tar.gz"), "w:gz") as t:
        t.add(logs, "logs")
    db = sqlite3.connect(os.path.join(d, "houou.db"))
    db.execute(HOUOU_LOGS_TABLE)
    db.execute("INSERT INTO logs VALUES (?, ?, 4, 1, 1, 0, ?)",
               ("2009082713gm-00e1-0000-8820f355", "2009-08-27T13:00:00", gzip.compress(xml)))
    db.execute("INSERT INTO logs VALUES (?, ?, 4, 0, 0, 0, NULL)",
               ("2024010100gm-00a9-0000-00000000", "2024-01-01T00:00:00"))
    db.commit()
    db.close()
    return d


def main():
    src, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    env = dict(os.environ)
    env["PATH"] = os.path.join(build, "cli") + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = os.path.join(src, "python")
    env["PAIFU_LIBRARY"] = os.path.join(build, "libpaifu.so")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    files = [os.path.join(src, "README.md")] + sorted(glob.glob(os.path.join(src, "doc", "*.md")))
    failed = ran = 0
    c_blocks = 0
    for path in files:
        name = os.path.relpath(path, src)
        for lang, body, line, prints in blocks(path):
            d = scratch(src, build)
            env["HOME"] = d  # "$HOME/paifu" of an install example: inside the scratch folder
            try:
                if lang == "sh":
                    out = ""
                    exports = ""  # an `export` line holds for the lines after it
                    for cmd in commands(body):
                        if cmd.lstrip().startswith("export "):
                            exports += cmd + "\n"
                        p = subprocess.run(["bash", "-c", exports + cmd], cwd=d, env=env,
                                           capture_output=True, text=True, timeout=300)
                        ran += 1
                        ok = p.returncode in (0, 1) if cmd.lstrip().startswith("paifu ") \
                            else p.returncode == 0
                        out += p.stdout
                        if not ok:
                            failed += 1
                            print("%s:%d: `%s` exited %d:\n%s%s" % (name, line, cmd.strip(),
                                  p.returncode, p.stdout[-2000:], p.stderr[-2000:]))
                    if prints is not None and out != prints:
                        failed += 1
                        print("%s:%d: the commands print what the block after them does not "
                              "say:\n%s" % (name, line, "".join(difflib.unified_diff(
                                  prints.splitlines(True), out.splitlines(True),
                                  "the guide", "the commands")))[-3000:])
                elif lang == "python":
                    p = subprocess.run(["/usr/bin/python3", "-c", body], cwd=d, env=env,
                                       capture_output=True, text=True, timeout=300)
                    ran += 1
                    if p.returncode != 0:
                        failed += 1
                        print("%s:%d: the Python block failed:\n%s" % (name, line,
                                                                       p.stderr[-3000:]))
                    elif prints is not None and p.stdout != prints:
                        failed += 1
                        print("%s:%d: the Python block prints what the text after it does not "
                              "say:\n%s" % (name, line, "".join(difflib.unified_diff(
                                  prints.splitlines(True), p.stdout.splitlines(True),
                                  "the guide", "the block")))[-3000:])
                else:
                    c_blocks += 1
                    ran += 1
                    example = open(os.path.join(src, "doc", "example.c"), encoding="utf-8").read()
                    if body != example:
                        failed += 1
                        print("%s:%d: the C block is not doc/example.c as it is" % (name, line))
                    program = os.path.join(build, "tests", "doc_example")
                    if os.path.exists(program):  # the guide's "it prints" after the block
                        after = re.search(r"On `([^`]+)` it prints[^\n]*\n\n```text\n(.*?)^```",
                                          open(path, encoding="utf-8").read(), re.S | re.M)
                        if after:
                            p = subprocess.run([program, os.path.join(src, after.group(1))],
                                               capture_output=True, text=True, timeout=60)
                            if p.stdout != after.group(2):
                                failed += 1
                                print("%s:%d: doc/example.c on %s prints otherwise:\n%s" % (
                                    name, line, after.group(1), p.stdout[-2000:]))
            finally:
                shutil.rmtree(d, ignore_errors=True)
    print("doc blocks: %d run, %d failed (%d C blocks compared with doc/example.c)"
          % (ran, failed, c_blocks))
    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read().count("\n")
    if readme > 250:
        print("doc blocks: README.md has %d lines, more than the front door's 250" % readme)
        failed += 1
    sys.exit(1 if failed or not ran else 0)


if __name__ == "__main__":
    main()
