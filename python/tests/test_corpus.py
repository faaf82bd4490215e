"""Findings on the real-game corpus (../shared/corpus) equal the command-line tool's JSON
report exactly; skipped without the corpus."""
import os
import unittest

import common
from common import cli_json

import paifu

HAVE_CORPUS = bool(common.CORPUS) and os.path.isdir(common.CORPUS)


@unittest.skipUnless(HAVE_CORPUS, "the corpus (../shared/corpus) is absent")
class CorpusEqualsCli(unittest.TestCase):
    def test_whole_corpus_report(self):
        roots = [os.path.join(common.CORPUS, d) for d in sorted(os.listdir(common.CORPUS))
                 if os.path.isdir(os.path.join(common.CORPUS, d))]
        rc, want = cli_json("validate", "--format", "json", *roots)
        got = paifu.validate(roots).to_dict()
        self.assertGreater(want["summary"]["findings"], 0, "the corpus has games with findings")
        # file by file first, for a readable failure, then the whole report
        for g, w in zip(got["files"], want["files"]):
            self.assertEqual(g, w)
        self.assertEqual(got, want)

    def test_findings_of_one_game_as_objects(self):
        rc, want = cli_json("validate", "--format", "json",
                            os.path.join(common.CORPUS, "tenhou-xml"))
        with_findings = [f for f in want["files"] if f["findings"]]
        self.assertTrue(with_findings)
        entry = with_findings[0]
        games = paifu.read(entry["file"])
        found = [f for g in games for f in g.verify()]
        self.assertEqual([f.to_dict() for f in found], entry["findings"])
        for f in found:
            self.assertEqual(f.location.file, entry["file"])
            self.assertGreaterEqual(f.location.game, 1)

    def test_rules_override_on_corpus(self):
        # another preset and a parameter over every riichi log, three-player games included
        roots = [os.path.join(common.CORPUS, d) for d in ("tenhou-xml", "tenhou6", "majsoul",
                                                          "mjai", "mleague-umd")
                 if os.path.isdir(os.path.join(common.CORPUS, d))]
        rc, want = cli_json("validate", "--format", "json", "--rules", "ema", "--rule",
                            "kiriage=true", *roots)
        got = paifu.validate(roots, rules="ema", overrides={"kiriage": True}).to_dict()
        self.assertEqual(got, want)
        players = paifu.deals_table([os.path.join(common.CORPUS, "tenhou-xml")])["players"]
        self.assertIn(3, players, "the comparison covers three-player games")


if __name__ == "__main__":
    unittest.main()
