#!/usr/bin/env python3
"""The seed documents' rules one row at a time (tests/data/seed-rules/cases/*.json).

Each case file names one row of doc/rules.md's enforcement tables word for word ("preset",
"clause", "rule"), quotes the document's words, and lists its checks: a log of
tests/data/seed-rules/ verified under a preset with the finding codes it must give, in order
(none for a log that obeys the rule, the row's code for one that breaks it). test_rules_enforced
counts a row shown by its case file only, not by its section or document alone.

usage: seed_rule_cases.py PAIFU DATA_DIR
"""
import json
import os
import subprocess
import sys


def codes(paifu, log, rules):
    cmd = [paifu, "validate", "--format", "json"] + (["--rules", rules] if rules else []) + [log]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr.strip()}")
    report = json.loads(out.stdout)
    return [f["code"] for file in report["files"] for f in file["findings"]]


def main():
    paifu, data = sys.argv[1], sys.argv[2]
    cases = os.path.join(data, "cases")
    failures = rows = 0
    for name in sorted(os.listdir(cases)):
        with open(os.path.join(cases, name), encoding="utf-8") as f:
            case = json.load(f)
        rows += 1
        breaks = obeys = 0
        for check in case["checks"]:
            got = codes(paifu, os.path.join(data, check["log"]), check.get("rules"))
            want = check["findings"]
            breaks += bool(want)
            obeys += not want
            if got != want:
                print(f"FAIL: {name}: {check['log']} under {check.get('rules') or 'its rules'}: "
                      f"findings {got}, expected {want} ({case['clause']}: {case['rule']})")
                failures += 1
        if not breaks or not obeys:
            print(f"FAIL: {name}: a case needs a log that obeys the rule and one that breaks it")
            failures += 1
    print(f"seed rule cases: {rows} rows, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
