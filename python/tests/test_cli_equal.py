"""The package gives what the command-line tool gives: validate's JSON report, score's JSON,
convert's bytes and loss lines, on the samples (no corpus needed)."""
import json
import os
import re
import tempfile
import unittest

import common
from common import cli, cli_json, sample

import paifu


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
        loss_line = re.compile(r"^paifu: (.*): warning: the output format cannot carry (.*); "
                               r"it is left out \(loss: ([a-z-]+)\) \[game ([0-9]+)\]$")
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
                    cli_losses = [(int(m.group(4)) - 1, m.group(3), m.group(2))
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
