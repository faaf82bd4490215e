"""Where the tests find the source tree, the command-line tool, the samples and the corpus
(set by python/CMakeLists.txt; defaults for running by hand from python/tests)."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("PAIFU_SOURCE_DIR") or os.path.abspath(os.path.join(HERE, "..", ".."))
SAMPLES = os.path.join(SOURCE, "samples")
CLI = os.environ.get("PAIFU_CLI") or os.path.join(SOURCE, "build", "cli", "paifu")
CORPUS = os.environ.get("PAIFU_CORPUS_DIR") or ""
if not os.environ.get("PAIFU_LIBRARY"):
    os.environ["PAIFU_LIBRARY"] = os.path.join(SOURCE, "build", "libpaifu.so")
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))


def sample(name):
    return os.path.join(SAMPLES, name)


def cli(*args, input=None):
    """Run the command-line tool: (exit status, stdout bytes, stderr text)."""
    p = subprocess.run([CLI] + [str(a) for a in args], input=input, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def cli_json(*args):
    rc, out, err = cli(*args)
    return rc, json.loads(out.decode("utf-8"))


def with_findings(tmpdir):
    """A copy of the one-deal sample whose win records 40 fu where the hand has 30: a log
    with findings that needs no corpus."""
    text = open(sample("handmade-rrc-one-deal.paifu.json"), encoding="utf-8").read()
    bad = text.replace('"fu": 30, "points": 2000', '"fu": 40, "points": 2600')
    assert bad != text
    path = os.path.join(tmpdir, "wrong-fu.paifu.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(bad)
    return path


def corpus_files(sub, limit=None):
    """Files of the corpus below SUB in name order (empty without the corpus)."""
    root = os.path.join(CORPUS, sub) if CORPUS else ""
    if not root or not os.path.isdir(root):
        return []
    out = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        out.extend(os.path.join(d, f) for f in sorted(files) if not f.startswith("."))
    return sorted(out)[:limit]
