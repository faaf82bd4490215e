"""Many inputs with damaged copies among them: every function that reads many inputs
(paifu.validate, read, games, deals_table and paifu.dask's validate, convert, export/table)
under each errors= value; paifu.read(directory); games and deals numbered as the command
line's JSON and export number them.

The folder: whole samples of several formats, damaged copies of them (cut in the middle, a
gzip'd copy cut in its compressed stream, a houou-logs database with a damaged row) and files
that are no log (a README, bytes of no format). The expected unreadable inputs are the damaged
copies this test makes; the expected games, those of the whole files, counted by the command
line over the same folder without the damaged copies."""
import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

import common
from common import cli, cli_json

import paifu

try:
    import dask  # noqa: F401
    import paifu.dask as pdask
    HAVE_DASK = True
except ImportError:
    HAVE_DASK = False

WHOLE = ("handmade-rrc-one-deal.paifu.json", "session-tenhou.paifu.json",
         "synthetic-tenhou.mjlog", "riichienv-selfplay.mjai.jsonl", "pantheon-ema-sheet.txt")


def make_folder():
    """(folder, the damaged copies' names, the folder of the whole files only)."""
    tmp = tempfile.mkdtemp(prefix="paifu-many-")
    good, mixed = os.path.join(tmp, "good"), os.path.join(tmp, "mixed")
    os.makedirs(good)
    os.makedirs(mixed)
    for name in WHOLE:
        shutil.copy(common.sample(name), good)
        shutil.copy(common.sample(name), mixed)
    damaged = []

    def put(name, data):
        with open(os.path.join(mixed, name), "wb") as f:
            f.write(data)
        damaged.append(os.path.join(mixed, name))

    one = open(common.sample("handmade-rrc-one-deal.paifu.json"), "rb").read()
    xml = open(common.sample("synthetic-tenhou.mjlog"), "rb").read()
    put("cut-half.paifu.json", one[:len(one) // 2])
    put("cut-early.paifu.json", one[:40])
    put("cut.mjlog", xml[:60])  # inside its first tags (a later cut reads as log.truncated)
    gz = gzip.compress(xml)
    put("cut.mjlog.gz", gz[:len(gz) // 2])  # the gzip stream cut
    put("cut-inside.paifu.json.gz", gzip.compress(one[:len(one) * 2 // 3]))  # whole gzip, cut JSON
    mjai = open(common.sample("riichienv-selfplay.mjai.jsonl"), "rb").read()
    put("cut.mjai.jsonl", mjai[:len(mjai) // 2 + 7])  # inside a line
    # no logs: named as skipped, never read
    with open(os.path.join(mixed, "README.txt"), "w") as f:
        f.write("notes about these logs\n")
    with open(os.path.join(mixed, "random.bin"), "wb") as f:
        f.write(bytes(range(256)) * 4)
    # a houou-logs database (its own statements, tests/tools/make_bulk.py) whose damaged row
    # is read as an unreadable member while the others are read
    db = os.path.join(mixed, "houou.db")
    subprocess.run([sys.executable, os.path.join(common.SOURCE, "tests", "tools", "make_bulk.py"),
                    "db", db, "--bad", common.sample("synthetic-tenhou.mjlog")], check=True,
                   capture_output=True)
    damaged.append(db + ":2009082713gm-0009-0000-badbad01")
    shutil.copy(db, os.path.join(tmp, "houou-copy.db"))
    con = sqlite3.connect(os.path.join(tmp, "houou-copy.db"))
    con.execute("DELETE FROM logs WHERE id LIKE '%badbad01'")
    con.commit()
    con.close()
    shutil.copy(os.path.join(tmp, "houou-copy.db"), os.path.join(good, "houou.db"))
    return mixed, sorted(damaged), good


def cli_unreadable(report):
    """The inputs the command line's JSON report says it could not read."""
    out = []
    for f in report["files"]:
        if "error" in f:
            out.append(f["error"]["where"].get("file") or f["file"])
        for e in f.get("member_errors", []):
            out.append(e["where"]["file"])
    return sorted(out)


class Many(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir, cls.damaged, cls.good = make_folder()
        rc, cls.cli = cli_json("validate", "--format", "json", cls.dir)
        cls.cli_rc = rc
        rc, cls.cli_good = cli_json("validate", "--format", "json", cls.good)
        cls.games_good = cls.cli_good["summary"]["games"]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(os.path.dirname(cls.dir), ignore_errors=True)

    def names(self, unreadable):
        return sorted(u.file for u in unreadable)

    def test_the_folder_as_the_command_line_sees_it(self):
        self.assertEqual(self.cli_rc, 2)
        self.assertEqual(cli_unreadable(self.cli), self.damaged)
        self.assertGreater(self.games_good, len(WHOLE))

    def test_validate(self):
        rep = paifu.validate(self.dir)  # errors="collect", as the command line
        self.assertEqual(self.names(rep.unreadable), self.damaged)
        self.assertEqual(rep.exit_status, 2)
        self.assertEqual(rep.summary, self.cli["summary"])
        self.assertEqual(self.names(paifu.validate(self.dir, errors="collect").unreadable),
                         self.damaged)
        self.assertEqual(sorted(os.path.basename(p) for p in rep.skipped_files),
                         ["README.txt", "random.bin"])
        skip = paifu.validate(self.dir, errors="skip")
        self.assertEqual(skip.unreadable, [])
        self.assertEqual(skip.exit_status, 0)
        self.assertEqual(skip.summary["games"], self.games_good)
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.validate(self.dir, errors="raise")
        self.assertIn(str(cm.exception.location.file), self.damaged)
        with self.assertRaises(ValueError):
            paifu.validate(self.dir, errors="ignore")
        self.assertEqual(paifu.ERRORS, ("raise", "skip", "collect"))

    def test_read_and_games(self):
        with self.assertRaises(paifu.PaifuError):
            paifu.read(self.dir)
        with self.assertRaises(paifu.PaifuError):
            list(paifu.games(self.dir))
        got, bad = paifu.read(self.dir, errors="collect")
        self.assertIsInstance(paifu.read(self.dir, errors="collect"), paifu.Collected)
        self.assertEqual(self.names(bad), self.damaged)
        self.assertTrue(all(isinstance(u, paifu.Unreadable) and
                            isinstance(u.error, paifu.PaifuError) for u in bad))
        self.assertTrue(all(str(u).startswith((u.file + ":", u.file + " [byte ")) for u in bad), bad)
        skip = paifu.read(self.dir, errors="skip")
        self.assertEqual([g.source for g in skip], [g.source for g in got])
        # the damaged copies give no whole game: the games are those of the whole files
        self.assertEqual(len(skip), self.games_good)
        it, bad2 = paifu.games(self.dir, errors="collect")
        n = sum(1 for _ in it)
        self.assertEqual((n, self.names(bad2)), (len(got), self.damaged))
        self.assertEqual(sum(1 for _ in paifu.games(self.dir, errors="skip")), len(got))

    def test_read_a_directory(self):
        got = paifu.read(self.good)
        self.assertEqual(len(got), self.games_good)
        names = [os.path.basename(g.source).split(":")[0] for g in got]
        self.assertEqual(sorted(set(names)), sorted(set(WHOLE) | {"houou.db"}))
        # a database's games are named FILE:ID and numbered through the database, as the CLI's
        db = [g for g in got if ".db:" in g.source]
        self.assertEqual([g.index for g in db], list(range(len(db))))
        # players and length select a database's rows by num_players and is_tonpu, as
        # --players and --length do: the one row is a 4-player east-only game (type 0x0001)
        db_path = os.path.join(self.good, "houou.db")
        self.assertEqual(len(paifu.read(db_path, players=4, length="east")), 1)
        self.assertEqual(paifu.read(db_path, players=3), [])
        self.assertEqual(paifu.read(db_path, length="half"), [])
        with self.assertRaises(paifu.PaifuError):
            paifu.read(db_path, players=5)

    def test_deals_table(self):
        with self.assertRaises(paifu.PaifuError):
            paifu.deals_table(self.dir)
        table, bad = paifu.deals_table(self.dir, errors="collect")
        self.assertEqual(self.names(bad), self.damaged)
        skip = paifu.deals_table(self.dir, errors="skip")
        self.assertEqual(skip, table)
        self.assertEqual(len(table["deal"]), self.cli["summary"]["deals"])
        whole = paifu.deals_table(self.good)
        whole["file"] = [f.replace(self.good, self.dir) for f in whole["file"]]
        self.assertEqual(table, whole)

    @unittest.skipUnless(HAVE_DASK, "Dask is absent")
    def test_dask(self):
        files = pdask.files([self.dir])
        n_files = len(files.compute(scheduler="sync"))
        self.assertEqual(n_files, len(self.cli["files"]))
        rep = pdask.report(pdask.validate(files), paifu.expand_inputs([self.dir])[1],
                           scheduler="sync")
        self.assertEqual(rep.to_dict()["summary"], self.cli["summary"])
        self.assertEqual(self.names(rep.unreadable), self.damaged)
        skip = pdask.report(pdask.validate(files, errors="skip"), scheduler="sync")
        self.assertEqual((skip.unreadable, skip.summary["games"]), ([], self.games_good))
        with self.assertRaises(paifu.PaifuError):
            pdask.validate(files, errors="raise").compute(scheduler="sync")
        conv = pdask.convert(files, "paifu").compute(scheduler="sync")
        self.assertEqual(len(conv), n_files)
        failed = sorted(c.file for c in conv if c.error is not None)
        self.assertTrue(set(failed) <= set(self.damaged) | {d.split(".db:")[0] + ".db"
                                                             for d in self.damaged}, failed)
        self.assertEqual(len(pdask.convert(files, "paifu", errors="skip").compute(
            scheduler="sync")), n_files - len(failed))
        with self.assertRaises(paifu.PaifuError):
            pdask.convert(files, "paifu", errors="raise").compute(scheduler="sync")
        table, bad = pdask.table(pdask.export(files, errors="collect"), errors="collect",
                                 scheduler="sync")
        self.assertEqual(self.names(bad), self.damaged)
        self.assertEqual(table, paifu.deals_table(self.dir, errors="skip"))
        self.assertEqual(pdask.table(pdask.export(files, errors="skip"), errors="skip",
                                     scheduler="sync"), table)
        with self.assertRaises(paifu.PaifuError):
            pdask.export(files).compute(scheduler="sync")


class Numbering(unittest.TestCase):
    """Games and deals from 1: findings' location.game as the CLI's JSON, deals_table's game
    and deal as export's deals table."""

    def test_finding_games_equal_the_cli(self):
        with tempfile.TemporaryDirectory() as d:
            bad = common.with_findings(d)
            # two games in one file: the second has the findings
            one = json.load(open(common.sample("handmade-rrc-one-deal.paifu.json")))
            two = json.load(open(bad))
            multi = os.path.join(d, "two.jsonl")
            with open(multi, "w") as f:
                f.write(json.dumps(one) + "\n" + json.dumps(two) + "\n")
            for path in (bad, multi):
                rc, want = cli_json("validate", "--format", "json", path)
                want_games = [f["where"]["game"] for fr in want["files"] for f in fr["findings"]]
                rep = paifu.validate(path)
                got = [f.location.game for f in rep.findings]
                self.assertTrue(want_games, path)
                self.assertEqual(got, want_games, path)
                self.assertEqual([f.to_dict()["where"]["game"] for f in rep.findings], want_games)
            self.assertEqual(set(f.location.game for f in paifu.validate(multi).findings), {2})

    def test_deals_table_equals_export(self):
        rc, out, err = cli("export", "-q", "-f", "jsonl", "-o", "-", common.SAMPLES)
        self.assertEqual(rc, 0, err)
        rows = [json.loads(l) for l in out.decode().splitlines()]
        games = {r["game_id"]: r["source"] for r in rows if r["table"] == "games"}
        number, seen = {}, {}
        for gid in sorted(games):
            seen[games[gid]] = seen.get(games[gid], 0) + 1
            number[gid] = (games[gid], seen[games[gid]])
        want = sorted(number[r["game_id"]] + (r["deal"], r["label"])
                      for r in rows if r["table"] == "deals")
        t = paifu.deals_table(common.SAMPLES)
        got = sorted(zip(t["file"], t["game"], t["deal"], t["label"]))
        self.assertEqual(got, want)
        self.assertEqual(min(t["deal"]), 1)
        self.assertEqual(min(t["game"]), 1)


if __name__ == "__main__":
    unittest.main()
