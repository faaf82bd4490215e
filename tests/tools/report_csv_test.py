#!/usr/bin/env python3
"""The CSV outputs of a mixed tournament: plain numbers and no spreadsheet formula.

usage: report_csv_test.py PAIFU SAMPLES_DIR DATA_DIR WORK_DIR

The tournament is report_html_test.py's (tournament.py, main() and mixed()); two of its players
are named "=1+2" and "@SUM(A1)". Checked, in every CSV paifu writes (paifu report --format csv,
each --table and the -o DIR files; paifu export --format csv; paifu stats --format csv):
  - it loads with Python's csv module: one header row, every row as long as the header;
  - every column whose header names a number (points, scores, counts, places, rates) parses with
    int() or float() in every row where it is not empty: no "26,000", no "+6.0", no "±0.0";
    points and score changes are integers;
  - the two players' names come out neutralised as OWASP's CSV-injection advice says
    (https://owasp.org/www-community/attacks/CSV_Injection: a cell that begins with =, +, -, @,
    a tab or a carriage return is prefixed with a single quote): "'=1+2" and "'@SUM(A1)", and no
    cell anywhere begins with = or @ or + (a minus only in a number).
"""
import csv
import io
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tournament  # noqa: E402

failures = 0


def check(what, ok, detail=""):
    global failures
    if not ok:
        failures += 1
        print(f"FAIL: {what}{': ' + str(detail)[:400] if detail else ''}")
    return ok


def is_int(s):
    try:
        int(s)
        return True
    except ValueError:
        return False


def is_float(s):
    try:
        float(s)
        return "e" not in s.lower() and "inf" not in s.lower() and "nan" not in s.lower()
    except ValueError:
        return False


# report tables: the columns that hold numbers, by header ("Δ NAME" and "NAME after" by prefix
# and suffix); INT: integers (points, counts, seats), the rest decimals with a dot
REPORT_INT = {"Rank", "Games", "Points", "Best game", "Worst game", "Game", "Seat",
              "Final points", "Deal", "Han", "Fu", "Event", "Fan", "Deals"}
REPORT_REAL = {"Total (±x.y)", "Total (points)", "Score (±x.y)", "Score (points)", "Place",
               "Average place", "Table points"}


def report_kind(head):
    if head in REPORT_INT or head.startswith("Δ ") or head.endswith(" after"):
        return "int"
    if head in REPORT_REAL:
        return "real"
    return None


def load(what, raw):
    text = raw.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    check(f"{what}: one header row and rows", len(rows) >= 2, len(rows))
    check(f"{what}: every row as long as the header",
          rows and all(len(r) == len(rows[0]) for r in rows), {len(r) for r in rows})
    check(f"{what}: CRLF line ends", raw.endswith(b"\r\n"))
    return rows


def cells_safe(what, rows):
    bad = [c for r in rows for c in r if c and (c[0] in "=+@\t\r" or
                                                (c[0] == "-" and not is_float(c)))]
    check(f"{what}: no cell begins a formula", not bad, bad[:5])
    flat = [c for r in rows for c in r]
    return flat


def main():
    paifu, samples, data, work = sys.argv[1:5]
    work = os.path.abspath(work)
    logs = os.path.join(work, "logs")
    shutil.rmtree(work, ignore_errors=True)
    tournament.main.__globals__["sys"].argv = ["tournament.py", samples, logs]
    tournament.main()
    tournament.mixed(samples, data, logs, paifu)
    names_seen = {"'=1+2": 0, "'@SUM(A1)": 0}

    def names(what, flat, expect):
        for n in names_seen:
            k = sum(1 for c in flat if c == n)
            names_seen[n] += k
            if expect:
                check(f"{what}: {n[1:]} neutralised as {n}", k >= 1)
        check(f"{what}: no raw =1+2 or @SUM(A1)",
              "=1+2" not in flat and "@SUM(A1)" not in flat)

    # paifu report: the -o DIR files and each --table
    out = os.path.join(work, "csv")
    p = subprocess.run([paifu, "report", "--format", "csv", "-o", out, logs], capture_output=True)
    check("report csv -o DIR: exit 1 (findings)", p.returncode == 1, p.stderr.decode()[-300:])
    for table in ("standings", "games", "deals", "findings"):
        raw = open(os.path.join(out, table + ".csv"), "rb").read()
        p = subprocess.run([paifu, "report", "--format", "csv", "--table", table, logs],
                           capture_output=True)
        check(f"report --table {table}: the file's table", p.stdout == raw)
        rows = load(f"report {table}.csv", raw)
        head = rows[0]
        numeric = 0
        for i, h in enumerate(head):
            kind = report_kind(h)
            if not kind:
                continue
            numeric += 1
            vals = [r[i] for r in rows[1:] if r[i] != ""]
            bad = [v for v in vals if not (is_int(v) if kind == "int" else is_float(v))]
            check(f"report {table}.csv: column '{h}' {kind}", not bad, bad[:5])
        check(f"report {table}.csv: numeric columns found", numeric >= (1 if table == "findings"
                                                                       else 3), head)
        flat = cells_safe(f"report {table}.csv", rows)
        names(f"report {table}.csv", flat, table in ("standings", "games"))

    # the game with the two names: its results as the log has them (session-wrc's final
    # points -24000/-7000/23000/7000 with two players renamed)
    raw = open(os.path.join(out, "games.csv"), "rb").read()
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
    head = rows[0]
    pi, si = head.index("Player"), head.index("Score (±x.y)")
    mine = {r[pi]: r[si] for r in rows[1:] if r[pi] in names_seen}
    check("games.csv: the renamed players' scores as plain decimals",
          mine.get("'=1+2") == "-24.0" and mine.get("'@SUM(A1)") == "23.0", mine)

    # paifu export --format csv: every table
    exp = os.path.join(work, "export")
    p = subprocess.run([paifu, "export", "-q", "--format", "csv", "-o", exp, logs],
                       capture_output=True)
    check("export csv: exit 0", p.returncode == 0, p.stderr.decode()[-300:])
    schema = {}
    for name in sorted(os.listdir(exp)) if os.path.isdir(exp) else []:
        rows = load(f"export {name}", open(os.path.join(exp, name), "rb").read())
        flat = cells_safe(f"export {name}", rows)
        names(f"export {name}", flat, name in ("players.csv", "games.csv") and
              any(c in flat for c in ("'=1+2", "'@SUM(A1)")) or name == "players.csv")
        schema[name] = rows
        for i, h in enumerate(rows[0]):
            vals = [r[i] for r in rows[1:] if r[i] != ""]
            if vals and all(is_float(v) for v in vals[:1]):
                bad = [v for v in vals if not is_float(v)]
                check(f"export {name}: column {h} numbers throughout", not bad, bad[:5])
    check("export csv: the players table", "players.csv" in schema, sorted(schema))

    # paifu stats --format csv
    p = subprocess.run([paifu, "stats", "-q", "--format", "csv", logs], capture_output=True)
    rows = load("stats csv", p.stdout)
    flat = cells_safe("stats csv", rows)
    names("stats csv", flat, True)
    for i, h in enumerate(rows[0][1:], 1):
        if h == "family":  # the kind of game: riichi or mcr
            bad = [r[i] for r in rows[1:] if r[i] not in ("riichi", "mcr")]
            check("stats csv: family riichi or mcr", not bad, bad[:5])
            continue
        bad = [r[i] for r in rows[1:] if r[i] != "" and not is_float(r[i])]
        check(f"stats csv: column {h} numbers", not bad, bad[:5])

    check("both names seen neutralised", all(names_seen.values()), names_seen)
    print(f"report_csv_test: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
