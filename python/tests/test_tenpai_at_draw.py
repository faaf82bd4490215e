"""The players table's tenpai_at_draw and tenpai_known (issue 37) as Python's tables give them
agree with the draws Python reads: over the samples and, with the corpus, its tenhou6 and Tenhou
XML folders, every exhaustive draw whose tenpai a draw records is counted in tenpai_known, its
tenpai seats in tenpai_at_draw, and a draw that records none is counted only where the log gives
a rule set that declares tenpai automatically (Tenhou's; then the hands give it, which Python
does not recompute: such a game is counted and named). The corpus's tenhou6 nagashi mangan
draws, whose result gives no tenpai, are among the recorded ones (the reader records the hands'
tenpai under Tenhou's rules): each of them must have its tenpai."""
import os
import unittest

import common  # noqa: F401  (sets the library's path)
import paifu


def inputs():
    out = [common.SAMPLES]
    for sub in ("tenhou6", "tenhou-xml"):
        if common.CORPUS and os.path.isdir(os.path.join(common.CORPUS, sub)):
            out.append(os.path.join(common.CORPUS, sub))
    return out


class TenpaiAtDraw(unittest.TestCase):
    def test_players_rows_agree_with_the_draws(self):
        checked = nagashi = 0
        for folder in inputs():
            files = [folder] if os.path.isfile(folder) else sorted(
                os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs)
            for path in files:
                try:
                    games = paifu.read(path)
                except paifu.PaifuError:
                    continue  # not a log (a folder's README, a provenance note)
                if not games:
                    continue
                tables = paifu.tables([path], which=("players",))["players"]
                for gi, game in enumerate(games):
                    if game.rules_name and game.rules_name.lower() == "mcr":
                        continue
                    rows = [i for i, g in enumerate(tables["game_id"]) if g == gi + 1]
                    if not rows:
                        continue  # refused by its rule set, as export leaves it out
                    n = len(game.players)
                    tenpai, known, unknown = [0] * n, [0] * n, 0
                    for deal in game.deals:
                        for d in deal.draws:
                            if d.kind != "exhaustive":
                                continue
                            if d.nagashi and game.source_format == "tenhou6":
                                nagashi += 1
                                self.assertIsNotNone(d.tenpai, "%s: a nagashi draw without "
                                                     "tenpai" % path)
                            if d.tenpai is None:
                                unknown += 1
                                continue
                            for s in range(n):
                                known[s] += 1
                                tenpai[s] += s in d.tenpai
                    for i in rows:
                        s = tables["seat"][i]
                        what = "%s game %d seat %d" % (path, gi + 1, s)
                        self.assertGreaterEqual(tables["tenpai_at_draw"][i], tenpai[s], what)
                        # a draw recording none counts only by the log's rules (the hands')
                        extra = tables["tenpai_known"][i] - known[s]
                        self.assertTrue(0 <= extra <= unknown, what)
                        if extra == 0:
                            self.assertEqual(tables["tenpai_at_draw"][i], tenpai[s], what)
                    checked += 1
        self.assertGreater(checked, 0)
        if common.CORPUS and os.path.isdir(os.path.join(common.CORPUS, "tenhou6")):
            self.assertGreaterEqual(nagashi, 3)  # the corpus's three, each with tenpai


if __name__ == "__main__":
    unittest.main()
