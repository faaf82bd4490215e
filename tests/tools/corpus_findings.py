#!/usr/bin/env python3
"""corpus_findings.py: the corpus's findings per family now, against a table recorded before.

usage: corpus_findings.py PAIFU CORPUS_DIR TABLE.tsv

Every family of the table is validated as its row says (`-`: under the rules its logs name,
else --rules RULES) and its games, deals and finding counts by code are printed before (the
table) and after (now). A difference fails the test: a new rule that changes the corpus's
findings must change the table with it, where the commit says which rule explains it.
Exit 77 (skipped) without the corpus.
"""
import collections
import json
import os
import subprocess
import sys


def main():
    paifu, corpus, table = sys.argv[1:4]
    if not corpus or not os.path.isdir(corpus):
        print("no corpus: skipped")
        return 77
    failures = 0
    for line in open(table, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.rstrip("\n").split("\t")
        family, rules, games, deals = cells[0], cells[1], int(cells[2]), int(cells[3])
        before = collections.Counter({c.split("=")[0]: int(c.split("=")[1]) for c in cells[4:]})
        cmd = [paifu, "validate", "--format", "json"]
        if rules != "-":
            cmd += ["--rules", rules]
        run = subprocess.run(cmd + [os.path.join(corpus, family)], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(f"FAIL: {family}: exit {run.returncode}: {run.stderr.strip()}")
            failures += 1
            continue
        report = json.loads(run.stdout)
        after = collections.Counter(f["code"] for file in report["files"]
                                    for f in file["findings"])
        s = report["summary"]
        same = (s["games"], s["deals"], after) == (games, deals, before)
        print(f"{family}: before {games} games, {deals} deals, {sum(before.values())} findings "
              f"{dict(sorted(before.items()))}; after {s['games']} games, {s['deals']} deals, "
              f"{sum(after.values())} findings {dict(sorted(after.items()))}"
              f"{'' if same else '  <- differs'}")
        failures += not same
    print("corpus findings: ok" if not failures else f"corpus findings: {failures} families differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
