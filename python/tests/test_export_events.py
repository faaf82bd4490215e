"""`paifu export`'s events table gives the rows Python's events give (doc/export.md): one row
per event of every deal, in order, with the same game and deal numbers (from 1), the event's
index (from 0), seat, type, tile, tsumogiri, riichi, the call's tiles and its source; in the
SQLite, CSV and JSON-lines outputs alike."""
import csv
import json
import os
import sqlite3
import tempfile
import unittest

import common
from common import cli

import paifu

COLS = ("game_id", "deal", "event_index", "event", "seat", "type", "tile", "tsumogiri", "riichi",
        "tiles", "from_seat")


def python_rows(paths):
    """The events rows built from paifu's Python events: (file, game in the file) and the
    export's game_id (the game's running number), then the columns."""
    rows = []
    gid = 0
    for g in paifu.read(paths):
        gid += 1
        for d in g.deals:
            for i, e in enumerate(d.events):
                rows.append(((g.source, g.index + 1), gid, d.index + 1, i, i + 1, e.seat, e.type, e.tile,
                             None if e.tsumogiri is None else int(e.tsumogiri), int(e.riichi),
                             paifu.format_tiles(e.tiles, sort=False) if e.tiles else None,
                             e.from_seat))
    return [r[1:] for r in rows], [(r[0],) + r[2:] for r in rows]


class EventsTable(unittest.TestCase):
    def test_jsonl_sqlite_csv_equal_python(self):
        inputs = [common.SAMPLES] + common.corpus_files("tenhou-xml", 20) + \
            common.corpus_files("mjai", 3) + common.corpus_files("majsoul", 3)
        want, by_file = python_rows(inputs)
        self.assertGreater(len(want), 1000)
        types = {r[5] for r in want}
        self.assertTrue({"draw", "discard", "chi", "pon", "win"} <= types, types)
        # paifu.events_table gives the same rows, with its file and game for export's game_id
        t = paifu.events_table(inputs)
        self.assertEqual(tuple(t), paifu.EVENT_COLUMNS)
        got = [((f, g),) + tuple(rest) for f, g, *rest in zip(*t.values())]
        self.assertTrue(got == by_file, "events_table differs from the events")
        rc, out, err = cli("export", "-q", "-f", "jsonl", "-o", "-", *inputs)
        self.assertEqual(rc, 0, err)
        got = [tuple(o[c] for c in COLS) for o in map(json.loads, out.decode().splitlines())
               if o["table"] == "events"]
        self.assertTrue(got == want, "export's events differ from Python's")
        with tempfile.TemporaryDirectory() as d:
            db = os.path.join(d, "out.db")
            rc, _, err = cli("export", "-q", "-o", db, *inputs)
            self.assertEqual(rc, 0, err)
            con = sqlite3.connect(db)
            got = con.execute("SELECT %s FROM events" % ", ".join(COLS)).fetchall()
            self.assertTrue(got == want, "the SQLite events differ from Python's")
            # the numbering joins the other tables: every event's deal is a deals row
            self.assertEqual(con.execute(
                "SELECT count(*) FROM events e LEFT JOIN deals d USING (game_id, deal) "
                "WHERE d.label IS NULL").fetchone()[0], 0)
            con.close()
            rc, _, err = cli("export", "-q", "-f", "csv", "-o", os.path.join(d, "csv"), *inputs)
            self.assertEqual(rc, 0, err)
            with open(os.path.join(d, "csv", "events.csv"), newline="") as f:
                r = list(csv.reader(f))
            self.assertEqual(tuple(r[0]), COLS)
            norm = [tuple("" if v is None else str(v) for v in row) for row in want]
            self.assertTrue([tuple(x) for x in r[1:]] == norm, "the CSV events differ")


if __name__ == "__main__":
    unittest.main()
