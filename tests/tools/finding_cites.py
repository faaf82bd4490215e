#!/usr/bin/env python3
"""Every finding `paifu validate` prints cites the document of the rule set the game was checked
under, as the referee reads it (issue 26): the logs of samples/, tests/data/seed-rules and
tests/data/finding-words (riichi ones under ema2012, jhc2016, tenhou and their own rules; MCR ones
under mcr), JSON lines output. A citation leads with the document ("EMA 2012 §3.4.6") or says the
document is silent and what paifu applies ("EMA 2012 is silent on this, so paifu applies RRC 2024 §3.7").

usage: finding_cites.py PAIFU SOURCE_DIR
"""
import json
import os
import subprocess
import sys

paifu, src = sys.argv[1], sys.argv[2]
LEAD = {"ema2012": "EMA 2012", "jhc2016": "JHC 2016", "tenhou": "Tenhou's rules",
        "mcr": "MCR 2006"}
dirs = [os.path.join(src, d) for d in ("samples", "tests/data/seed-rules",
                                       "tests/data/finding-words")]
files = sorted(os.path.join(d, f) for d in dirs for f in os.listdir(d) if not f.endswith(".md"))
mcr = [f for f in files if os.path.basename(f).startswith("mcr")]
riichi = [f for f in files if f not in mcr]

failures, cited, seen = 0, {}, {}
for preset, group in (("ema2012", riichi), ("jhc2016", riichi), ("tenhou", riichi),
                      ("mcr", mcr)):
    out = subprocess.run([paifu, "validate", "--format", "jsonl", "--rules", preset] + group,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        rec = json.loads(line)
        if rec.get("type") != "finding":
            continue
        f = rec["finding"]
        seen[preset] = seen.get(preset, 0) + 1
        rule = f.get("rule")
        if not rule:
            continue
        body = rule[len("not in "):] if rule.startswith("not in ") else rule
        if not body.startswith(LEAD[preset]):
            failures += 1
            print(f"FAIL: {rec['file']}: {f['code']} under {preset} cites {rule!r}")
        else:
            cited[preset] = cited.get(preset, 0) + 1
for preset in LEAD:
    print(f"{preset}: {seen.get(preset, 0)} findings, {cited.get(preset, 0)} citing {LEAD[preset]}")
    if not cited.get(preset):
        failures += 1
        print(f"FAIL: no finding under {preset} cited its document")
sys.exit(1 if failures else 0)
