"""One table vocabulary (issue 37): the rows of every table are the same between `paifu export`
(SQLite, CSV and JSON lines) and Python's paifu.tables / games_table / ..., value by value,
over the corpus (the samples without it); the columns are the library's (paifu/table.h), and
doc/export.md lists exactly them. Expected values come from the command line's files, which
the library's one definition also writes: a column or a value rendered differently by either
side fails here."""
import csv
import json
import os
import re
import sqlite3
import tempfile
import unittest

import common  # noqa: F401  (sets the library's path)
import paifu


def inputs():
    """The corpus's folders (the samples without a corpus): export's inputs and Python's."""
    if common.CORPUS and os.path.isdir(common.CORPUS):
        return sorted(os.path.join(common.CORPUS, d) for d in os.listdir(common.CORPUS)
                      if os.path.isdir(os.path.join(common.CORPUS, d)))
    return [common.SAMPLES]


def events_inputs():
    """The events table's inputs: the samples and, with a corpus, one folder of it (the
    events of the whole corpus are python/tests/test_export_events.py's)."""
    out = [common.SAMPLES]
    if common.CORPUS and os.path.isdir(os.path.join(common.CORPUS, "mjai")):
        out.append(os.path.join(common.CORPUS, "mjai"))
    return out


def typed(value, sql_type):
    """A CSV field as the column's type: "" is NULL; a text cell that would begin with =, +,
    -, @ or a control character carries a quote before it (cli/report_csv.c, CSV injection)."""
    if value == "":
        return None
    if sql_type == "TEXT" and value[:1] == "'" and value[1:2] and value[1] in "=+-@\t\r\n":
        return value[1:]
    if sql_type == "INTEGER":
        return int(value)
    if sql_type == "REAL":
        return float(value)
    return value


def close(a, b):
    """Cells equal; a REAL within JSON's and CSV's printed precision (%.6g)."""
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(a - b) <= 1e-5 * max(1.0, abs(a))
    return a == b


class TablesEqualExport(unittest.TestCase):
    maxDiff = 2000

    def compare(self, name, want, got, what):
        cols = [c for c, _, _ in paifu.table_columns(name)]
        if what == "csv":  # CSV writes NULL and an empty text alike (doc/export.md)
            got = {c: ["" if v is None else v for v in vs] if typ == "TEXT" else vs
                   for (c, typ, _), vs in zip(paifu.table_columns(name), got.values())}
            want = {c: ["" if v is None else v for v in vs] if typ == "TEXT" else vs
                    for (c, typ, _), vs in zip(paifu.table_columns(name), want.values())}
        self.assertEqual(list(got), cols, "%s: %s columns" % (what, name))
        n = len(want[cols[0]])
        self.assertEqual(len(got[cols[0]]), n, "%s: %s rows" % (what, name))
        for c in cols:
            bad = [i for i, (a, b) in enumerate(zip(want[c], got[c])) if not close(a, b)]
            self.assertFalse(bad, "%s: %s.%s differs in %d rows, first row %s: %r vs %r" % (
                what, name, c, len(bad), bad[0] if bad else 0,
                want[c][bad[0]] if bad else None, got[c][bad[0]] if bad else None))

    def export_all(self, d, paths, tables):
        """The tables `paifu export` writes over PATHS, read back from each of its formats."""
        db = os.path.join(d, "t.db")
        rc, _, err = common.cli("export", "-q", "-o", db, *paths)
        self.assertIn(rc, (0, 2), err)
        rc, jl, err = common.cli("export", "-q", "-f", "jsonl", *paths)  # standard output
        self.assertIn(rc, (0, 2), err)
        rc, _, err = common.cli("export", "-q", "-f", "csv", "-o", os.path.join(d, "csv"),
                                *paths)
        self.assertIn(rc, (0, 2), err)
        out = {}
        con = sqlite3.connect(db)
        for t in tables:
            cols = paifu.table_columns(t)
            names = [c for c, _, _ in cols]
            rows = con.execute("select %s from %s order by rowid" % (", ".join(names), t))
            got = {c: [] for c in names}
            for r in rows:
                for c, v in zip(names, r):
                    got[c].append(v)
            out[("sqlite", t)] = got
            with open(os.path.join(d, "csv", t + ".csv"), newline="", encoding="utf-8") as f:
                rd = csv.reader(f)
                self.assertEqual(next(rd), names, "csv header of " + t)
                got = {c: [] for c in names}
                for r in rd:
                    for (c, typ, _), v in zip(cols, r):
                        got[c].append(typed(v, typ))
            out[("csv", t)] = got
            out[("jsonl", t)] = {c: [] for c in names}
        con.close()
        for line in jl.decode("utf-8").splitlines():
            row = json.loads(line)
            if row["table"] in tables:
                for c, v in out[("jsonl", row["table"])].items():
                    v.append(row[c])
        return out

    def check(self, paths, tables):
        with tempfile.TemporaryDirectory() as d:
            exported = self.export_all(d, paths, tables + ("games",))
        got = paifu.tables(paths, tables, errors="skip")
        by_file = {t: (paifu.deals_table(paths, errors="skip") if t == "deals" else
                       paifu.events_table(paths, errors="skip") if t == "events" else None)
                   for t in tables}
        for t in tables:
            self.assertTrue(got[t][paifu.table_columns(t)[0][0]], "no %s rows" % t)
            for fmt in ("sqlite", "csv", "jsonl"):
                self.compare(t, exported[(fmt, t)], got[t], fmt)
                if by_file[t] is not None:  # deals_table and events_table, from the same rows
                    self.compare_by_file(t, exported, fmt, by_file[t])

    def compare_by_file(self, table, exported, fmt, got):
        """deals_table's or events_table's rows against export's, joined here: game_id as the
        file and the game's number within it (the games rows of one source in order), a deal's
        game format and players and its first win's columns (win 1 of the deal)."""
        games = exported[(fmt, "games")]
        seen, place, meta = {}, {}, {}
        for gid, src, f, n in zip(games["game_id"], games["source"], games["format"],
                                  games["players"]):
            seen[src] = seen.get(src, 0) + 1
            place[gid] = (src, seen[src])
            meta[gid] = {"format": f, "players": n}
        rows = exported[(fmt, table)]
        cols = paifu.COLUMNS if table == "deals" else paifu.EVENT_COLUMNS
        self.assertEqual(tuple(got), cols)
        first = {}
        if table == "deals":
            wins = exported[(fmt, "wins")]
            for i, (gid, deal, win) in enumerate(zip(wins["game_id"], wins["deal"], wins["win"])):
                if win == 1:
                    first[(gid, deal)] = {c: wins[c][i] for c in wins}
        want = {c: [] for c in cols}
        for i, gid in enumerate(rows["game_id"]):
            src, n = place[gid]
            for c in cols:
                if c == "file":
                    v = src
                elif c == "game":
                    v = n
                elif c in rows:
                    v = rows[c][i]
                elif c in meta[gid]:
                    v = meta[gid][c]
                else:
                    v = first.get((gid, rows["deal"][i]), {}).get(c)
                want[c].append(v)
        if fmt == "csv":  # CSV writes NULL and an empty text alike (doc/export.md)
            got = {c: ["" if v is None else v for v in got[c]] for c in cols}
            want = {c: ["" if v is None else v for v in want[c]] for c in cols}
        self.assertEqual(len(got["file"]), len(want["file"]), "%s: %s rows" % (fmt, table))
        for c in cols:
            bad = [i for i, (a, b) in enumerate(zip(want[c], got[c])) if not close(a, b)]
            self.assertFalse(bad, "%s: %s_table.%s differs in %d rows, first row %s: %r vs %r"
                             % (fmt, table, c, len(bad), bad[0] if bad else 0,
                                want[c][bad[0]] if bad else None, got[c][bad[0]] if bad else None))

    def test_games_deals_wins_players(self):
        self.check(inputs(), ("games", "deals", "wins", "players"))

    def test_events(self):
        self.check(events_inputs(), ("events",))

    def test_one_table_each(self):
        """games_table & co. are the tables' columns; a limit is named, never ''."""
        self.assertEqual(list(paifu.table_dtypes("games")),
                         [c for c, _, _ in paifu.table_columns("games")])
        one = [common.sample("synthetic-tenhou.mjlog"), common.sample("session-rrc.paifu.json")]
        whole = paifu.tables(one)
        self.assertEqual(paifu.games_table(one), whole["games"])
        self.assertEqual(paifu.wins_table(one), whole["wins"])
        self.assertEqual(paifu.players_table(one), whole["players"])
        limits = paifu.table_columns("wins")[13]
        self.assertEqual(limits[0], "hand_limit")
        self.assertEqual(limits[2][0], "none")
        self.assertTrue(set(v for v in whole["wins"]["hand_limit"] if v is not None)
                        <= set(limits[2]))
        outcomes = dict((c, v) for c, _, v in paifu.table_columns("deals"))["outcome"]
        self.assertTrue(set(whole["deals"]["outcome"]) <= set(outcomes))
        try:
            import pandas  # noqa: F401
        except ImportError:
            return
        frame = paifu.players_table(one, frame=True)
        self.assertEqual({c: str(t) for c, t in frame.dtypes.items()},
                         paifu.table_dtypes("players"))
        self.assertEqual(str(frame["wins"].dtype), "Int64")
        self.assertEqual(str(frame["place"].dtype), "float64")


class DocListsTheColumns(unittest.TestCase):
    def test_export_md(self):
        """doc/export.md's section of each table lists exactly the library's columns."""
        text = open(os.path.join(common.SOURCE, "doc", "export.md"), encoding="utf-8").read()
        for t in paifu.TABLES:
            m = re.search(r"^## %s\b.*?$(.*?)(?=^## |\Z)" % t, text, re.M | re.S)
            self.assertIsNotNone(m, "doc/export.md has no section for " + t)
            listed = []
            for line in m.group(1).splitlines():
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if len(cells) < 2 or not line.startswith("|") or cells[0] in ("column", "---"):
                    continue
                for c in cells[0].split(","):
                    r = re.match(r"^(\w+?)(\d+) \.\. \1(\d+)$", c.strip())  # delta_0 .. delta_3
                    listed.extend([r.group(1) + str(k) for k in range(int(r.group(2)),
                                                                      int(r.group(3)) + 1)]
                                  if r else [c.strip()])
            cols = [c for c, _, _ in paifu.table_columns(t)]
            self.assertEqual(sorted(listed), sorted(cols), "doc/export.md's " + t)
            self.assertEqual(len(listed), len(set(listed)), "a column listed twice in " + t)


if __name__ == "__main__":
    unittest.main()
