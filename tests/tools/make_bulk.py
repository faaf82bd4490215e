#!/usr/bin/env python3
"""Build the bulk inputs of the tests and the benchmark from real logs.

usage:
  make_bulk.py db OUT.db [--copies N] [--bad] [--not-log] LOG...
      a houou-logs database made with houou-logs' own statements (cited at make_db): one row
      per LOG (times N, each copy under a fresh id whose type is the log's <GO type>),
      imported then downloaded (`log` the mjlog XML gzip-compressed). --bad adds a row not yet
      downloaded, one whose download failed (was_error 1) and one whose blob is damaged (no
      gzip). --not-log adds two downloaded rows whose blob is no log: bytes that are not gzip
      and gzip of bytes that are no mjlog (damage: houou-logs stores only gzip'd mjlog XML
      there). Prints "ID<TAB>LOG" for every good row of the first copy, in id order (houou-logs'
      ORDER BY id).
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


# houou-logs' schema and statements, as Apricot-S/houou-logs writes them (facts, restated):
#   src/houou_logs/db.py @ 0438801eabce4b3a01ccd68e97356d7c026291e8: setup_table() creates
#     `logs` (below, WITHOUT ROWID), `last_fetch_time (time REAL)` with one row 0.0 and
#     `file_index (file TEXT PRIMARY KEY, size ...) WITHOUT ROWID`; insert_log_entries() adds
#     rows with an upsert on id; update_log_entries() marks a row downloaded; get_log_contents()
#     reads `WHERE is_processed = 1 AND was_error = 0 [AND num_players = ?] [AND is_tonpu = 1|0]
#     ORDER BY id ASC`.
#   src/houou_logs/log_id.py @ 17943a32e65c07087a900cd7b9a73d677171fbd1: a row as the archive
#     lists it: date "YYYY-MM-DDTHH:MM", num_players 3 when bit 0x10 of the id's type
#     (id[13:17], hex) is set, is_tonpu 1 unless bit 0x08 (hanchan), is_processed 0,
#     was_error 0, log NULL.
#   src/houou_logs/download.py @ 05fbd021493e60f0dc6d95d3d9bb338fb371b9a5: a download stores
#     gzip.compress(response bytes) (level 9, the default) with was_error 0, or NULL with
#     was_error 1 when the fetch failed.
HOUOU_CREATE_LOGS = """
        CREATE TABLE IF NOT EXISTS logs (
            id TEXT PRIMARY KEY,
            date TEXT NOT NULL,
            num_players INTEGER NOT NULL CHECK(num_players IN (4, 3)),
            is_tonpu INTEGER NOT NULL CHECK(is_tonpu IN (0, 1)),
            is_processed INTEGER NOT NULL CHECK(is_processed IN (0, 1)),
            was_error INTEGER NOT NULL CHECK(was_error IN (0, 1)),
            log BLOB
        ) WITHOUT ROWID;
        """
HOUOU_CREATE_FILE_INDEX = """
        CREATE TABLE IF NOT EXISTS file_index (
            file TEXT PRIMARY KEY,
            size INTEGER NOT NULL CHECK(size > 0)
        ) WITHOUT ROWID;
        """
HOUOU_INSERT = """
        INSERT INTO logs (id, date, num_players, is_tonpu, is_processed, was_error, log)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            date=excluded.date,
            num_players=excluded.num_players,
            is_tonpu=excluded.is_tonpu,
            is_processed=excluded.is_processed,
            was_error=excluded.was_error,
            log=excluded.log;
        """
HOUOU_UPDATE = """
        UPDATE logs SET is_processed = 1, was_error = ?, log = ?
        WHERE id = ?;
        """


def houou_setup(db):
    """houou-logs' setup_table()."""
    with db:
        db.execute(HOUOU_CREATE_LOGS)
        db.execute("CREATE TABLE last_fetch_time (time REAL);")
        db.execute("INSERT INTO last_fetch_time (time) VALUES (?);", (0.0,))
        db.execute(HOUOU_CREATE_FILE_INDEX)


def houou_entry(log_id):
    """The row houou-logs' archive import makes for LOG_ID (not yet downloaded)."""
    t = int(log_id[13:17], 16)
    date = "%s-%s-%sT%s:00" % (log_id[0:4], log_id[4:6], log_id[6:8], log_id[8:10])
    return (log_id, date, 3 if t & 0x10 else 4, 0 if t & 0x08 else 1, 0, 0, None)


NOT_LOG_ROWS = (("2009082713gm-0009-0000-notgzip1", b"these bytes are neither gzip nor a log\n"),
                ("2009082713gm-0009-0000-notlog01", gzip.compress(b"these bytes are no log\n")))


def make_db(out, logs, copies, bad, not_log=False):
    """A database as houou-logs leaves it after an import and a download: every good row
    downloaded; with BAD, a row not yet downloaded, one whose download failed, and one whose
    blob is damaged (no gzip: what a damaged disk, not houou-logs, makes)."""
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    houou_setup(db)
    n = 0
    good = []
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
            good.append((log_id, raw, path if copy == 0 else None))
            n += 1
    extra = []
    if bad:
        extra = ["2009082713gm-0009-0000-badbad01", "2009082713gm-0009-0000-pending1",
                 "2009082713gm-0009-0000-failed01"]
    if not_log:
        extra += [i for i, _ in NOT_LOG_ROWS]
    # the import: one row per id of the archive, not downloaded
    with db:
        db.executemany(HOUOU_INSERT, [houou_entry(i) for i, _, _ in good] +
                       [houou_entry(i) for i in extra])
    # the download: one update per row, committed one by one
    for log_id, raw, _ in good:
        db.execute(HOUOU_UPDATE, (0, gzip.compress(raw), log_id))
        db.commit()
    if bad:
        db.execute(HOUOU_UPDATE, (1, None, "2009082713gm-0009-0000-failed01"))
        db.execute(HOUOU_UPDATE, (0, b"\x1f\x8bnot gzip at all", "2009082713gm-0009-0000-badbad01"))
        db.commit()
    if not_log:
        for log_id, blob in NOT_LOG_ROWS:
            db.execute(HOUOU_UPDATE, (0, blob, log_id))
        db.commit()
    db.close()
    # the order houou-logs reads them in: ORDER BY id (SQLite's BINARY collation: bytes)
    for log_id, _, path in sorted(good):
        if path is not None:
            print(f"{log_id}\t{path}")


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
        out, rest, copies, bad, not_log = argv[1], argv[2:], 1, False, False
        logs = []
        i = 0
        while i < len(rest):
            if rest[i] == "--copies":
                copies = int(rest[i + 1])
                i += 2
                continue
            if rest[i] == "--bad":
                bad = True
            elif rest[i] == "--not-log":
                not_log = True
            else:
                logs.append(rest[i])
            i += 1
        make_db(out, logs, copies, bad, not_log)
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
