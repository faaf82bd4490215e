"""paifu.dask on a distributed.LocalCluster with 2 worker processes: the same findings as
`paifu validate`, the same bytes as `paifu convert`, the same rows as paifu.deals_table.
Skipped, saying so, when Dask is absent."""
import json
import os
import shutil
import re
import tarfile
import tempfile
import unittest
import zipfile

import common
from common import cli, cli_json

import paifu

try:
    import dask  # noqa: F401
    from dask.distributed import Client, LocalCluster
    import paifu.dask as pdask
    HAVE_DASK = True
except ImportError:
    HAVE_DASK = False


def inputs():
    """The samples plus a sample with findings, and a slice of the corpus when present."""
    tmp = tempfile.mkdtemp(prefix="paifu-dask-")
    bad = common.with_findings(tmp)
    junk = os.path.join(tmp, "junk.json")  # an unreadable file: its error travels back too
    with open(junk, "w") as f:
        f.write('{"paifu": 1, "deals": [')
    files = [common.SAMPLES, bad, junk] + common.corpus_files("tenhou-xml", 60) + \
        common.corpus_files("tenhou6", 10) + common.corpus_files("majsoul") + \
        common.corpus_files("mjai", 5)
    return files, tmp


@unittest.skipUnless(HAVE_DASK, "Dask is absent (Debian: apt-get install python3-dask "
                                "python3-distributed)")
class OnLocalCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        cls.client = Client(cls.cluster)
        cls.paths, cls.tmp = inputs()
        cls.files, cls.skipped = paifu.expand_inputs(cls.paths)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def test_two_workers_each_load_the_library(self):
        info = self.client.run(lambda: paifu.library_path())
        self.assertEqual(len(info), 2)
        for path in info.values():
            self.assertTrue(os.path.exists(path))

    def test_validate_equals_cli(self):
        rc, want = cli_json("validate", "--format", "json", *self.paths)
        bag = pdask.files(self.paths, npartitions=8)
        got = pdask.report(pdask.validate(bag), skipped=self.skipped).to_dict()
        self.assertEqual(got, want)
        self.assertTrue(any(f["findings"] for f in got["files"]))
        self.assertTrue(any("error" in f for f in got["files"]))
        # the tasks really ran on both workers
        self.assertEqual(len(self.client.run(lambda: 1)), 2)

    def all_kinds_folder(self):
        """Two logs, two files that are no log, an empty file and two damaged logs."""
        d = tempfile.mkdtemp(dir=self.tmp)
        shutil.copy(common.sample("synthetic-tenhou.mjlog"), d)
        shutil.copy(common.sample("session-rrc.paifu.json"), d)
        shutil.copy(common.sample("mcr-east-round.paifu.json"), d)
        with open(os.path.join(d, "README.md"), "w") as f:
            f.write("no log here\n")
        with open(os.path.join(d, "notes.txt"), "w") as f:
            f.write("round 1: ok\n")
        open(os.path.join(d, "empty.json"), "w").close()
        with open(os.path.join(d, "cut.paifu.json"), "w") as f:
            f.write('{"paifu": 1, "deals": [')
        data = open(common.sample("synthetic-tenhou.mjlog"), "rb").read()
        with open(os.path.join(d, "cut.mjlog"), "wb") as f:
            f.write(data[: len(data) // 2])
        return d

    def test_export_equals_cli_on_a_folder_of_all_kinds(self):
        """Issue 37: over the folder of every kind, paifu.dask.export(files([folder]), table=T)
        gives the rows of `paifu export` (JSON lines) of every table T, value by value (export's
        game_id as the file and the game in it); the files the walk skips as no log give no
        row in either; the unreadable ones are the files export names in its errors, with the
        same messages, and give no row."""
        d = self.all_kinds_folder()
        rc, out, err = cli("export", "-q", "-f", "jsonl", d)
        self.assertEqual(rc, 2, err)  # the damaged files
        rows = [json.loads(line) for line in out.decode("utf-8").splitlines()]
        games = [r for r in rows if r["table"] == "games"]
        place, seen = {}, {}
        for g in games:
            seen[g["source"]] = seen.get(g["source"], 0) + 1
            place[g["game_id"]] = (g["source"], seen[g["source"]])
        errors = re.findall(r"^paifu: (.*?):(?:\d+:)*\d* ?error: (.*?)(?: \[game \d+\])?$", err,
                            re.M)
        self.assertTrue(errors, err)
        _, skipped = paifu.expand_inputs([d])
        for ship in (False, True):
            bag = pdask.files([d], ship=ship, npartitions=3)
            for t in paifu.TABLES:
                with self.subTest(ship=ship, table=t):
                    got, bad = pdask.table(pdask.export(bag, table=t, errors="collect"),
                                           errors="collect")
                    cols = paifu.by_file_columns(t)
                    self.assertEqual(tuple(got), cols)
                    want = {c: [] for c in cols}
                    first = {}
                    for r in rows:
                        if r["table"] == "wins" and r["win"] == 1:
                            first[(r["game_id"], r["deal"])] = r
                    for r in rows:
                        if r["table"] != t:
                            continue
                        gid = r["game_id"]
                        game = next(g for g in games if g["game_id"] == gid)
                        win = first.get((gid, r.get("deal")), {})
                        for c in cols:
                            want[c].append(place[gid][0] if c == "file" else
                                           place[gid][1] if c == "game" else
                                           r[c] if c in r else
                                           game[c] if c in ("format", "players") else
                                           win.get(c))
                    self.assertTrue(want["file"], t)
                    self.assertEqual(got, want)
                    self.assertEqual(sorted((u.file, u.error.text) for u in bad),
                                     sorted((f, m) for f, m in errors))
                    names = set(got["file"])
                    for f in skipped.files if hasattr(skipped, "files") else []:
                        self.assertNotIn(f, names)
            self.assertEqual(getattr(pdask.export(bag), "paifu_skipped", None), skipped)

    def test_report_equals_cli_on_a_folder_of_all_kinds(self):
        """Issue 37: over a folder with files that are no log, an empty file and damaged
        logs, report(validate(files([folder]))) is `paifu validate --format json`: the skipped
        files counted and named, the unreadable ones with their errors, without the caller
        passing expand_inputs' count."""
        d = self.all_kinds_folder()
        rc, want = cli_json("validate", "--format", "json", d)
        self.assertEqual(rc, 2)
        self.assertGreaterEqual(want["summary"]["skipped"], 3, want["summary"])
        for ship in (False, True):
            with self.subTest(ship=ship):
                got = pdask.report(pdask.validate(pdask.files([d], ship=ship,
                                                              npartitions=3))).to_dict()
                self.assertEqual(got, want)

    def test_validate_shipped_bytes_and_rules(self):
        rc, want = cli_json("validate", "--format", "json", "--rules", "ema",
                            "--rule", "kiriage=true", *self.paths)
        bag = pdask.files(self.paths, ship=True, npartitions=4)
        rep = pdask.report(pdask.validate(bag, rules="ema", overrides={"kiriage": "true"}),
                           skipped=self.skipped)
        self.assertEqual(rep.to_dict(), want)
        for fr in rep.files:
            for f in fr.findings:  # a finding keeps its file and game
                self.assertEqual(f.location.file, fr.file)
                self.assertGreaterEqual(f.location.game, 1)

    def test_convert_equals_cli(self):
        some = self.files[:12] + [f for f in self.files if f.endswith("junk.json")]
        for fmt in ("paifu", "tenhou6", "mjai"):
            got = pdask.convert(some, fmt, npartitions=4).compute()
            self.assertEqual([c.file for c in got], some)
            self.assertTrue(all(isinstance(c, pdask.Converted) for c in got))
            for c in got:
                rc, out, err = cli("convert", "--to", fmt, c.file)
                if c.error is not None:
                    self.assertEqual(rc, 2)
                    self.assertIn(c.error.text, err)
                else:
                    self.assertEqual(c.data, out, (fmt, c.file))
                    # the tool prints each kind of loss once per game: its first message
                    printed = re.findall(r"cannot carry (.*); it is left out", err)
                    self.assertEqual(bool(printed), bool(c.losses), (fmt, c.file))
                    for what in printed:
                        self.assertIn(what, c.losses)

    def test_export_equals_deals_table(self):
        good = [f for f in self.files if not f.endswith("junk.json")]
        got = pdask.table(pdask.export(good, npartitions=6))
        self.assertEqual(got, paifu.deals_table(good))
        with self.assertRaises(paifu.PaifuError):  # an unreadable file is an error here
            pdask.table(pdask.export(self.files, npartitions=6))

    def test_export_to_dataframe(self):
        """export's rows as a dask DataFrame with DEALS_META: the frame of deals_table, wins and
        draws together (guessed from a first row that is a win, the win columns are int64 and a
        draw's None cannot be cast)."""
        import pandas
        good = [f for f in self.files if not f.endswith("junk.json")]
        frame = pdask.export(good, npartitions=6).to_dataframe(meta=pdask.DEALS_META)
        self.assertEqual(list(frame.columns), list(paifu.COLUMNS))
        got = frame.compute().reset_index(drop=True)
        want = paifu.deals_table(good, frame=True)
        pandas.testing.assert_frame_equal(got, want)
        self.assertTrue(got["winner"].isna().any() and got["winner"].notna().any())
        self.assertEqual(str(got["winner"].dtype), "Int64")
        self.assertEqual(str(got["tsumo"].dtype), "Int64")  # 0/1, as export's wins.tsumo
        # the columns as deals_table's lists: None where the log records nothing
        rows = got.astype(object).where(got.notna(), None).to_dict("list")
        self.assertEqual(rows, paifu.deals_table(good))

    def test_archive_entries(self):
        names = [f for f in self.files if f.startswith(common.SAMPLES)][:5]
        zpath = os.path.join(self.tmp, "logs.zip")
        tpath = os.path.join(self.tmp, "logs.tar.gz")
        with zipfile.ZipFile(zpath, "w") as z, tarfile.open(tpath, "w:gz") as t:
            for p in names:
                z.write(p, os.path.basename(p))
                t.add(p, os.path.basename(p))
        for path in (zpath, tpath):
            for ship in (False, True):
                reps = pdask.validate(pdask.archive(path, ship=ship)).compute()
                self.assertEqual(len(reps), len(names))
                items = pdask.archive(path, ship=ship).compute()
                self.assertTrue(all(isinstance(i, tuple if ship else pdask.ArchiveEntry)
                                    for i in items))
                for fr in reps:
                    self.assertIsNone(fr.error, fr)
                    self.assertTrue(fr.file.startswith(path + ":"))
                    self.assertGreater(fr.games, 0)


if __name__ == "__main__":
    unittest.main()
