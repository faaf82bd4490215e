#!/usr/bin/env python3
"""fill_roundtrip.py PAIFU WORKDIR LOG...: `convert --fill` computes what a log lacks, and the
values it computes equal those the original Tenhou log records (issue 16 point 11).

For each LOG (Tenhou XML, or any log paifu writes as Tenhou XML first: that XML is then the
original) and each way of losing values:
  tenhou6      XML -> tenhou6 (a limit hand's score string names no fu) -> XML
  mjai-bare    XML -> mjai with fu, fan and yakus stripped from every hora (Mortal's own logs
               have none) -> XML
the XML written without --fill keeps today's rule (ten="0,..." and no yaku for what is not
recorded), and with --fill every win's AGARI `ten` and `yaku`/`yakuman` equal the original's;
stderr says the values were computed. A game whose rules are not known (a chip lobby) is not
filled, and says so. A directory LOG is walked for *.xml / *.mjlog;
--every=N (first) checks every Nth file only.
"""
import json
import os
import re
import subprocess
import sys

AGARI = re.compile(rb"<AGARI [^>]*>")
ATTRS = re.compile(rb'\b(ten|yaku|yakuman)="([^"]*)"')


def agari(xml):
    return [dict(ATTRS.findall(m)) for m in AGARI.findall(xml)]


def paifu(binary, *args, stdin=None):
    p = subprocess.run([binary, *args], input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def strip_mjai(text):
    out = []
    for line in text.decode("utf-8").splitlines():
        e = json.loads(line)
        if e.get("type") == "hora":
            for k in ("fu", "fan", "yakus"):
                e.pop(k, None)
        out.append(json.dumps(e, ensure_ascii=False, separators=(",", ":")))
    return ("\n".join(out) + "\n").encode("utf-8")


def check(binary, work, path):
    """Problems found for one log; None when it has no wins or cannot be an original."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.lstrip().startswith(b"<"):
        rc, data, _ = paifu(binary, "convert", "--to", "tenhou-xml", path)
        if rc != 0:
            return None
    original = agari(data)
    if not original:
        return None
    src = os.path.join(work, "original.xml")
    with open(src, "wb") as f:
        f.write(data)
    problems = []
    for way in ("tenhou6", "mjai-bare"):
        rc, mid, err = paifu(binary, "convert", "--to", way.split("-")[0], src)
        if rc != 0:
            return None  # a game the narrow format refuses
        if way == "mjai-bare":
            mid = strip_mjai(mid)
        lossy = os.path.join(work, "lossy." + way.split("-")[0])
        with open(lossy, "wb") as f:
            f.write(mid)
        rc0, plain, _ = paifu(binary, "convert", "--to", "tenhou-xml", lossy)
        rc1, filled, err1 = paifu(binary, "convert", "--fill", "--to", "tenhou-xml", lossy)
        if rc0 != 0 or rc1 != 0:
            problems.append(f"{way}: convert failed ({err1.strip()})")
            continue
        got, without = agari(filled), agari(plain)
        if "not filled (--fill): the log's rules are not known" in err1:
            if got != without:  # nothing computed under rules nobody knows (a chip game)
                problems.append(f"{way}: rules unknown, yet values were filled")
            continue
        if len(got) != len(original):
            problems.append(f"{way}: {len(got)} wins, the original has {len(original)}")
            continue
        lacked = sum(1 for a, b in zip(original, without) if a != b)
        if lacked and "computed from the tiles (--fill)" not in err1:
            problems.append(f"{way}: values filled but not said to be computed: {err1}")
        limit_fu = sum(1 for a in original
                       if a[b"ten"].split(b",")[2] != b"0" and a[b"ten"].split(b",")[0] != b"0")
        if way == "tenhou6" and lacked != limit_fu:
            problems.append(f"{way}: without --fill {lacked} wins differ, {limit_fu} limit "
                            "hands with fu expected (today's rule: fu 0)")
        if way == "mjai-bare" and lacked != len(original):
            problems.append(f"{way}: without --fill {len(original) - lacked} wins kept "
                            "values the stripped log does not record")
        for k, (a, b) in enumerate(zip(original, got)):
            if a != b:
                problems.append(f"{way}: win {k + 1}: filled {b}, recorded {a}")
    return problems


def main():
    binary, work, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
    every = 1
    if logs and logs[0].startswith("--every="):
        every, logs = int(logs[0].split("=", 1)[1]), logs[1:]
    if logs and logs[0].startswith("--corpus="):  # its Tenhou XML logs, when it is there
        corpus, logs = logs[0].split("=", 1)[1], logs[1:]
        if corpus and os.path.isdir(os.path.join(corpus, "tenhou-xml")):
            logs.append(os.path.join(corpus, "tenhou-xml"))
    os.makedirs(work, exist_ok=True)
    files = []
    for log in logs:
        if os.path.isdir(log):
            for root, _, names in os.walk(log):
                files += [os.path.join(root, n) for n in sorted(names)
                          if n.endswith((".xml", ".mjlog"))]
        else:
            files.append(log)
    files = files[::every]
    checked = wins = 0
    failed = []
    for path in files:
        problems = check(binary, work, path)
        if problems is None:
            continue
        checked += 1
        if problems:
            failed.append((path, problems))
    for path, problems in failed:
        print(f"{path}:")
        for p in problems[:5]:
            print("  ", p)
    print(f"fill_roundtrip: {checked} logs with wins checked, {len(failed)} with differences")
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
