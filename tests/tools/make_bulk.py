#!/usr/bin/env python3
"""Build the bulk inputs of the tests and the benchmark from real logs.

usage:
  make_bulk.py db OUT.db [--copies N] [--bad] LOG...
      a houou-logs database (Apricot-S/houou-logs' table `logs`): one row per LOG (times N,
      each copy under a fresh id), `log` the mjlog XML gzip-compressed; num_players and
      is_tonpu from the log's <GO type>. --bad adds a row whose blob is no gzip and one not yet
      processed (is_processed = 0). Prints "ID<TAB>LOG" for every good row.
  make_bulk.py archives DIR OUTPREFIX
      OUTPREFIX.zip, .tar and .tar.gz of the files of DIR (paths relative to DIR).
  make_bulk.py hostile OUTDIR LOG
      bomb.zip (a member of 64 MiB of zeros), traversal.zip (../evil.xml beside a log),
      many.zip (50 members), nested.zip (a zip inside a zip), nested-tgz.zip (a tar.gz inside).
"""
import gzip
import io
import os
import re
import sqlite3
import sys
import tarfile
import zipfile


def go_type(data):
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    m = re.search(r'<GO type="(\d+)"', text)
    return int(m.group(1)) if m else 0x09  # a 4-player hanchan when the log does not say


def make_db(out, logs, copies, bad):
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.execute("CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT, num_players INTEGER, "
               "is_tonpu INTEGER, is_processed INTEGER, was_error INTEGER, log BLOB)")
    n = 0
    for copy in range(copies):
        for path in logs:
            raw = open(path, "rb").read()
            if raw[:2] == b"\x1f\x8b":
                raw = gzip.decompress(raw)
            t = go_type(raw)
            # a fresh id on the game's own date (the date decides Tenhou's rules by era):
            # the date of the log id in the file's name, else a date of today's rules
            m = re.search(r"(\d{10})gm-", os.path.basename(path))
            date = m.group(1) if m else "2024010100"
            log_id = "%sgm-%04x-0000-%08x" % (date, t, n)
            db.execute("INSERT INTO logs VALUES (?, ?, ?, ?, 1, 0, ?)",
                       (log_id, "%s-%s-%s %s:00:00" % (date[:4], date[4:6], date[6:8], date[8:]),
                        3 if t & 0x10 else 4,
                        0 if t & 0x08 else 1, gzip.compress(raw, 6)))
            if copy == 0:
                print(f"{log_id}\t{path}")
            n += 1
        db.commit()
    if bad:
        db.execute("INSERT INTO logs VALUES ('2009082713gm-0009-0000-badbad01', '', 4, 0, 1, 0, ?)",
                   (b"\x1f\x8bnot gzip at all",))
        db.execute("INSERT INTO logs VALUES ('2009082713gm-0009-0000-pending1', '', 4, 0, 0, 0, NULL)")
        db.execute("INSERT INTO logs VALUES ('2009082713gm-0009-0000-failed01', '', 4, 0, 1, 1, NULL)")
    db.commit()
    db.close()


def make_archives(folder, prefix):
    files = []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(root, name)
            files.append((full, os.path.relpath(full, folder)))
    with zipfile.ZipFile(prefix + ".zip", "w", zipfile.ZIP_DEFLATED) as z:
        for full, rel in files:
            z.write(full, rel)
    for suffix, mode in ((".tar", "w"), (".tar.gz", "w:gz")):
        with tarfile.open(prefix + suffix, mode) as t:
            for full, rel in files:
                t.add(full, rel)


def make_hostile(out, log):
    os.makedirs(out, exist_ok=True)
    data = open(log, "rb").read()
    with zipfile.ZipFile(os.path.join(out, "bomb.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("game.xml", data)
        z.writestr("zeros.xml", b"\0" * (64 << 20))
    with zipfile.ZipFile(os.path.join(out, "traversal.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("../evil.xml", data)
        z.writestr("good.xml", data)
    with zipfile.ZipFile(os.path.join(out, "many.zip"), "w", zipfile.ZIP_STORED) as z:
        for i in range(50):
            z.writestr(f"m{i:03d}.txt", b"x")
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as z:
        z.writestr("game.xml", data)
    with zipfile.ZipFile(os.path.join(out, "nested.zip"), "w") as z:
        z.writestr("inner.zip", inner.getvalue())
        z.writestr("good.xml", data)
    tgz = io.BytesIO()
    with tarfile.open(fileobj=tgz, mode="w:gz") as t:
        info = tarfile.TarInfo("game.xml")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    with zipfile.ZipFile(os.path.join(out, "nested-tgz.zip"), "w") as z:
        z.writestr("inner.tar.gz", tgz.getvalue())


def main(argv):
    if len(argv) >= 3 and argv[0] == "db":
        out, rest, copies, bad = argv[1], argv[2:], 1, False
        logs = []
        i = 0
        while i < len(rest):
            if rest[i] == "--copies":
                copies = int(rest[i + 1])
                i += 2
                continue
            if rest[i] == "--bad":
                bad = True
            else:
                logs.append(rest[i])
            i += 1
        make_db(out, logs, copies, bad)
    elif len(argv) == 3 and argv[0] == "archives":
        make_archives(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "hostile":
        make_hostile(argv[1], argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
