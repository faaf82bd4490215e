"""The package gives what the command-line tool gives: validate's JSON report, score's JSON,
convert's bytes and loss lines, on the samples (no corpus needed)."""
import contextlib
import io
import json
import os
import re
import sys
import tempfile
import unittest
import zipfile

import common
from common import cli, cli_json, sample

import paifu

# houou-logs databases as the bulk tests make them (houou-logs' own statements, cited there)
sys.path.insert(0, os.path.join(common.SOURCE, "tests", "tools"))
import make_bulk  # noqa: E402


class ValidateEqualsCli(unittest.TestCase):
    def check(self, args, **kw):
        rc, want = cli_json("validate", "--format", "json", *self.extra_args(kw), *args)
        got = paifu.validate(args, **kw).to_dict()
        self.assertEqual(got, want)
        self.assertEqual(got["exit_status"], rc)
        return got

    @staticmethod
    def extra_args(kw):
        out = []
        if isinstance(kw.get("rules"), str):
            out += ["--rules", kw["rules"]]
        for k, v in (kw.get("overrides") or {}).items():
            out += ["--rule", "%s=%s" % (k, v)]
        return out

    def test_samples_directory(self):
        got = self.check([common.SAMPLES])
        self.assertGreater(got["summary"]["games"], 5)

    def test_findings_on_a_sample(self):
        with tempfile.TemporaryDirectory() as d:
            bad = common.with_findings(d)
            got = self.check([bad, sample("handmade-rrc-one-deal.paifu.json")])
            self.assertTrue(got["files"][0]["findings"])
            self.assertEqual(got["exit_status"], 1)
            self.check([bad], rules="ema")
            self.check([bad], overrides={"kiriage": "true"})

    def test_unreadable_and_missing(self):
        with tempfile.TemporaryDirectory() as d:
            junk = os.path.join(d, "junk.json")
            with open(junk, "w") as f:
                f.write('{"paifu": 1, "deals": [')
            got = self.check([junk, os.path.join(d, "missing.mjlog"), sample("synthetic-tenhou.mjlog")])
            self.assertIn("error", got["files"][0])
            self.assertEqual(got["exit_status"], 2)

    def test_database_and_archive_number_games_as_cli(self):
        """A container's games are numbered within their member, as `paifu validate` numbers
        them (FILE:MEMBER [game N], N counting the member's games, issue 37): a finding in a
        later row or member has its game's number there (1), and the member is named."""
        good = sample("synthetic-tenhou.mjlog")
        with open(good, "rb") as f:
            data = f.read()
        # the final points changed: the replay's differ (findings game.final_points and
        # game.final_score, in the last game of each container)
        bad_data = data.replace(b'owari="200,-20.0,400', b'owari="300,-20.0,300')
        self.assertNotEqual(bad_data, data)
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "final-points.mjlog")
            with open(bad, "wb") as f:
                f.write(bad_data)
            db = os.path.join(d, "houou.db")
            with contextlib.redirect_stdout(io.StringIO()):  # it prints the rows' ids
                make_bulk.make_db(db, [good, good, bad], 1, True)
            zpath = os.path.join(d, "logs.zip")
            with zipfile.ZipFile(zpath, "w") as z:
                z.writestr("a.mjlog", data)
                z.writestr("b.mjlog", data[:60])  # unreadable (cut in its first tags): no game
                z.writestr("c.mjlog", data)
                z.writestr("README.md", b"no log: skipped\n")
                z.writestr("d.mjlog", data[:50])  # a second member error
                z.writestr("e.mjlog", bad_data)
            for path, last in ((db, 1), (zpath, 1)):
                with self.subTest(container=os.path.basename(path)):
                    got = self.check([path])
                    fr = got["files"][0]
                    self.assertTrue(fr["findings"])
                    self.assertEqual({f["where"]["game"] for f in fr["findings"]}, {last})
                    self.assertEqual({f["where"]["file"].rsplit(":", 1)[1]
                                      for f in fr["findings"]},
                                     {"e.mjlog"} if path == zpath else
                                     {f["where"]["file"].rsplit(":", 1)[1]
                                      for f in fr["findings"]})
                    self.assertTrue(fr["member_errors"])
                    self.assertEqual(got["summary"]["errors"], 1)  # files, not members
            got = self.check([zpath, db])  # both at once: each file numbered from 1
            self.assertEqual([len(f["findings"]) > 0 for f in got["files"]], [True, True])

    def test_a_game_of_the_other_family_is_refused(self):
        # an MCR game under a riichi preset and riichi games under mcr: each refused game named
        # (its file and number), the others checked, exit 2, the same report as the CLI's
        with tempfile.TemporaryDirectory() as d:
            mixed = os.path.join(d, "mixed.paifu.json")
            with open(mixed, "wb") as f:
                for n in ("session-ema.paifu.json", "mcr-east-round.paifu.json",
                          "session-ema.paifu.json"):
                    with open(sample(n), "rb") as s:
                        f.write(s.read())
            got = self.check([mixed, sample("mcr-east-round.paifu.json")], rules="ema")
            self.assertEqual(got["exit_status"], 2)
            errors = got["files"][0]["member_errors"]
            self.assertEqual([e["where"]["game"] for e in errors], [2])
            self.assertIn("an MCR game cannot be checked under ema", errors[0]["message"])
            self.assertEqual([g["game"] for g in got["files"][0]["game_rules"]], [1, 3])
            got = self.check([mixed], rules="mcr")
            self.assertEqual([e["where"]["game"] for e in got["files"][0]["member_errors"]],
                             [1, 3])
            with self.assertRaisesRegex(paifu.PaifuError, r"\[game 1\]: error: an MCR game "
                                        "cannot be checked under ema"):
                paifu.read_game(sample("mcr-east-round.paifu.json")).verify("ema")

    def test_finding_text_equals_cli_line(self):
        with tempfile.TemporaryDirectory() as d:
            bad = common.with_findings(d)
            rc, out, _ = cli("validate", bad)
            # the findings' lines; notes say which rules, the last line is the summary
            lines = [l for l in out.decode().splitlines()[:-1] if ": note: " not in l]
            self.assertEqual([str(f) for f in paifu.read_game(bad).verify()], lines)


class ScoreEqualsCli(unittest.TestCase):
    CASES = [
        ("123m99p13s chi:789s pon:666z +2s", ["--dealer", "--round", "S", "--dora", "9m"],
         dict(dealer=True, round_wind="S", dora="9m")),
        ("777888999p23m99m +4m", ["--tsumo"], dict(tsumo=True)),
        ("19m19p19s1234567z +1m", ["--rules", "majsoul"], dict(rules="majsoul")),
        ("234567m22p345s55z +5z", ["--riichi", "--ippatsu", "--ura", "4z", "--seat", "W"],
         dict(riichi=True, ippatsu=True, ura="4z", seat_wind="W")),
        ("22m456p789s11z chi:3'45s +1z", ["--honba", "2", "--rule", "kiriage=true"],
         dict(honba=2, overrides={"kiriage": "true"})),
        ("123m456p789s1234z +5z", [], {}),
    ]

    def test_score_json(self):
        for hand, args, kw in self.CASES:
            with self.subTest(hand=hand):
                rc, out, err = cli("score", hand, "--format", "json", *args)
                want = json.loads(out)
                got = paifu.score(hand, **kw)
                self.assertEqual(got.to_dict(), want)
                self.assertEqual(rc, 0 if got.valid else 1)

    def test_score_error_text(self):
        rc, out, err = cli("score", "123m456p789s +1m")
        self.assertEqual(rc, 2)
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.score("123m456p789s +1m")
        self.assertIn(cm.exception.text, err)

    def test_score_all(self):
        rc, out, _ = cli("score", "111222333m55p77z +7z", "--tsumo", "--all", "--format", "json")
        want = [json.loads(x) for x in re.split(rb"(?m)^(?=\{)", out) if x.strip()]
        got = [r.to_dict() for r in paifu.score("111222333m55p77z +7z", tsumo=True, all=True)]
        self.assertEqual(got, want)


class ConvertEqualsCli(unittest.TestCase):
    def test_each_writer_on_each_sample(self):
        loss_line = re.compile(r"^paifu: (.*): warning: (?:the output format cannot carry )?(.*); "
                               r"(?:it is left out|--fill writes them as filled) "
                               r"\(loss: ([a-z-]+)\) \[game ([0-9]+)\]$")
        n = 0
        for name in sorted(os.listdir(common.SAMPLES)):
            path = sample(name)
            if paifu.detect_file(path) is None:
                continue
            for fmt in paifu.writers():
                with self.subTest(sample=name, writer=fmt):
                    rc, out, err = cli("convert", "--to", fmt, path)
                    try:
                        conv = paifu.convert(path, fmt)
                    except paifu.PaifuError as e:
                        self.assertEqual(rc, 2, err)
                        self.assertIn(e.text, err)
                        continue
                    self.assertEqual(rc, 0, err)
                    self.assertEqual(conv.data, out)
                    cli_losses = [(int(m.group(4)), m.group(3), m.group(2))
                                  for m in map(loss_line.match, err.splitlines()) if m]
                    # the tool reports each kind of loss once per game (its first message), the
                    # package every loss once per game
                    seen = []
                    for l in conv.losses:
                        if not any((g, k) == (l.game, l.kind) for g, k, _ in seen):
                            seen.append((l.game, l.kind, l.what))
                    self.assertEqual(seen, cli_losses)
                    n += 1
        self.assertGreater(n, 10)


if __name__ == "__main__":
    unittest.main()
