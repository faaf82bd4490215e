"""What the Python benchmark scripts share: the package on the path, their common options and
the default inputs (the corpus's Tenhou logs)."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(SRC, "python"))


def options(passes, extra=()):
    """Parse --cli, --passes, EXTRA (name, type, default) options and PATHs; returns the
    options and the files (PATHs walked as `paifu validate` walks them)."""
    import paifu
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(SRC, "build", "cli", "paifu"))
    ap.add_argument("--passes", type=int, default=passes)
    for name, typ, default in extra:
        ap.add_argument(name, type=typ, default=default)
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    corpus = os.path.join(SRC, "..", "shared", "corpus")
    paths = a.paths or [os.path.join(corpus, "tenhou-xml"), os.path.join(corpus, "tenhou6")]
    files, skipped = paifu.expand_inputs(paths)
    return a, files, skipped
