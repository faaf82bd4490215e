"""What the C API offers, reached from Python (issue 37): building a game in memory and writing
it, hand and MCR fan scoring, tenpai at a draw, a folder's non-log files, numbers as every
output writes them, rule documents' checks; and the list of what Python does not reach
(doc/data.md, "What Python does not reach") kept true against the built library's symbols."""
import glob
import os
import re
import shutil
import subprocess
import tempfile
import unittest

import common

import paifu
from paifu import _lib

SAMPLES = os.path.join(common.SOURCE, "samples")
HANDMADE = os.path.join(SAMPLES, "handmade-rrc-one-deal.paifu.json")


def rebuild(g):
    """G built again through Game.new and the builder's calls, event by event."""
    b = paifu.Game.new(g.players, rules=g.rules_name, overrides=g.rule_overrides,
                       source_format=g.source_format, meta=g.meta, source=g.source)
    for ev in g.prelude:
        b.add_event(ev)
    for d in g.deals:
        b.add_deal(d)
    r = g.result
    b.set_result(r["points"], r["final"])
    b.set_truncated(g.truncated)
    return b


class Building(unittest.TestCase):
    def test_handmade_deal_event_by_event(self):
        # the sample's one deal rebuilt from its parsed events with the keyword calls
        g = paifu.read_game(HANDMADE)
        d = g.deals[0]
        b = paifu.Game.new(g.players, rules="rrc", overrides=g.rule_overrides)
        b.begin_deal(round_wind=d.round_wind, hand_number=d.hand_number, dealer=d.dealer,
                     honba=d.honba, riichi_sticks=d.riichi_sticks, scores=d.scores,
                     dora_indicator=d.dora_indicator, hands=d.hands)
        for ev in d.events:
            if ev.type == "win":
                w = d.record(ev)
                b.add_win(winner=w.winner, from_seat=w.from_seat, win_tile=w.win_tile,
                          hand=w.hand, han=w.han, fu=w.fu, points=w.points, limit=w.limit,
                          yaku=[(y.name, y.han) for y in w.yaku], dora=w.dora, honba=w.honba,
                          riichi_sticks=w.riichi_sticks, scores_before=w.scores_before,
                          deltas=w.deltas)
            else:
                b.add_event(ev.type, ev.seat, ev.tile, tsumogiri=ev.tsumogiri)
        b.set_result(**g.result)
        self.assertEqual(len(b.deals), 1)
        self.assertEqual([e.to_dict() for e in b.deals[0].events],
                         [{k: v for k, v in e.to_dict().items() if k not in ("line", "column")}
                          for e in d.events])
        # written as the original is written by every writer, verified with the same findings
        for fmt in ("paifu", "tenhou6", "mjai", "tenhou-xml"):
            self.assertEqual(b.write(fmt), g.convert(fmt).data, fmt)
        self.assertEqual([str(f) for f in b.verify()], [str(f) for f in g.verify()])
        self.assertEqual(b.deals[0].wins[0].points, 2000)  # the sample's recorded 2,000

    def test_every_sample_rebuilds_to_the_same_output(self):
        n = 0
        for path in sorted(glob.glob(os.path.join(SAMPLES, "*.json")) +
                           glob.glob(os.path.join(SAMPLES, "*.mjlog")) +
                           glob.glob(os.path.join(SAMPLES, "*.jsonl"))):
            for g in paifu.read(path):
                b = rebuild(g)
                for fmt in paifu.writers():
                    try:
                        want = g.convert(fmt).data
                    except paifu.PaifuError:
                        continue  # the format cannot hold this game
                    self.assertEqual(b.write(fmt), want, "%s as %s" % (path, fmt))
                    n += 1
                self.assertEqual([f.to_dict() for f in b.verify(source=g.source)],
                                 [f.to_dict() for f in g.verify()], path)
        self.assertGreater(n, 10)

    @unittest.skipUnless(common.CORPUS and os.path.isdir(common.CORPUS), "no corpus")
    def test_corpus_games_rebuild_to_the_same_output_and_findings(self):
        # the first two games of every corpus log, every writer that holds them
        n = 0
        for sub in sorted(os.listdir(common.CORPUS)):
            for path in common.corpus_files(sub):
                try:
                    games = paifu.read(path)
                except paifu.PaifuError:
                    continue  # a damaged log: the corpus tests read its error
                for g in games[:2]:
                    b = rebuild(g)
                    for fmt in paifu.writers():
                        try:
                            want = g.convert(fmt).data
                        except paifu.PaifuError:
                            continue
                        self.assertEqual(b.write(fmt), want, "%s as %s" % (path, fmt))
                        n += 1
                    self.assertEqual([f.to_dict() for f in b.verify(source=g.source)],
                                     [f.to_dict() for f in g.verify()], path)
        self.assertGreater(n, 100)

    def test_a_refused_event_names_its_deal_and_event(self):
        g = paifu.read_game(HANDMADE)
        b = paifu.Game.new(g.players, rules="rrc", source="built.paifu")
        b.begin_deal(g.deals[0])
        b.add_event("draw", 0, "7z")
        with self.assertRaises(paifu.PaifuError) as cm:
            b.add_event("discard", 7, "7z")  # no seat 7 at a table of four
        e = cm.exception
        self.assertEqual(e.code, "invalid argument")
        self.assertIn("event seat 7: expected a seat from 0 to 3", e.text)
        self.assertEqual((e.location.file, e.location.deal, e.location.event),
                         ("built.paifu", "E1-0", 1))
        self.assertIn("[deal E1-0, event 2]", str(e))
        with self.assertRaises(paifu.PaifuError) as cm:
            b.add_event("win", 0, "7z")  # a win carries its record: add_win
        self.assertIn("add_win", cm.exception.text)

    def test_an_illegal_discard_is_the_verifier_s_finding_at_its_place(self):
        g = paifu.read_game(HANDMADE)
        b = paifu.Game.new(g.players, rules="rrc", overrides=g.rule_overrides)
        b.begin_deal(g.deals[0])
        b.add_event("draw", 0, "7z")
        b.add_event("discard", 0, "9p", tsumogiri=False)  # seat 0 holds no 9p
        found = b.verify()
        self.assertTrue(found)
        self.assertEqual((found[0].location.deal, found[0].location.event), ("E1-0", 1))

    def test_outcomes_penalties_and_header(self):
        b = paifu.Game.new(["A", "B", "C"], rules="tenhou")
        self.assertEqual((b.n_players, b.players, b.rules_name), (3, ["A", "B", "C"], "tenhou"))
        b.begin_deal(scores=[35000, 35000, 35000, 0])
        b.set_deal_result_only()
        b.add_riichi_accepted(1, [35000, 34000, 35000, 0])
        b.add_draw(kind="exhaustive", tenpai=[1], deltas=[-1000, 2000, -1000, 0])
        b.add_penalty(kind="chombo", seat=2, note="false ron")
        b.set_place_sanction(0, 25)
        b.set_result_location(7, 3)
        d = b.deals[0]
        self.assertTrue(d.result_only)
        self.assertEqual([e.type for e in d.events],
                         ["riichi_accepted", "exhaustive_draw", "penalty"])
        self.assertEqual(d.draws[0].tenpai, [1])
        self.assertEqual((d.penalties[0].kind, d.penalties[0].note), ("chombo", "false ron"))
        self.assertEqual(d.score_rows, [[35000, 34000, 35000, 0]])
        self.assertEqual((b.place_sanction(0), b.result_line), (25, (7, 3)))
        b.set_limits(max_deals=1)
        with self.assertRaises(paifu.PaifuError) as cm:
            b.begin_deal()
        self.assertEqual(cm.exception.code, "limit exceeded")


    def test_tenpai_recorded_after_the_deal(self):
        # tenhou.net/6's reader learns a nagashi draw's tenpai only after the deal (game.h,
        # paifu_game_set_draw_tenpai): a draw recorded without tenpai gets it afterwards
        b = paifu.Game.new(["A", "B", "C", "D"], rules="tenhou")
        b.begin_deal(scores=[25000] * 4)
        b.set_deal_result_only()
        b.add_draw(kind="exhaustive", deltas=[0, 0, 0, 0])
        self.assertIsNone(b.deals[0].draws[0].tenpai)
        b.set_draw_tenpai(0, 0, [0, 3])
        self.assertEqual(b.deals[0].draws[0].tenpai, [0, 3])
        with self.assertRaises(paifu.PaifuError) as cm:
            b.set_draw_tenpai(0, 1, [0])  # the deal has one draw
        self.assertEqual(cm.exception.code, "invalid argument")
        with self.assertRaises(paifu.PaifuError):
            b.set_draw_tenpai(0, 0, [4])  # no fifth seat

    def test_rules_given_only_where_the_log_names_them(self):
        # a Tenhou mjlog names its lobby's rules; mjai names none (its reader assumes Tenhou's)
        self.assertTrue(paifu.read_game(os.path.join(SAMPLES, "synthetic-tenhou.mjlog")).rules_given)
        self.assertFalse(paifu.read_game(os.path.join(SAMPLES, "riichienv-selfplay.mjai.jsonl")).rules_given)


class Scoring(unittest.TestCase):
    def test_mcr_fans_of_a_seed_example(self):
        # shared/rules/mcr-vectors.json mcr-ex-KS-1 (seed 001 L358): Knitted Straight 12,
        # Tile Hog 2, No Honors 1 = 15
        s = paifu.mcr_score("147m258p369s4455m +4m")
        self.assertIsInstance(s, paifu.McrScore)
        self.assertTrue(s.complete and s.legal)
        self.assertEqual([(i, p, c) for i, _, p, c in s.fans], [(35, 12, 1), (64, 2, 1),
                                                                 (76, 1, 1)])
        self.assertEqual(s.total, 15)
        self.assertEqual(paifu.score("147m258p369s4455m +4m", rules="mcr").total, 15)
        # mcr.md §5: 8 fan points at least, flowers not counted
        self.assertFalse(paifu.mcr_legal_total(7))
        self.assertTrue(paifu.mcr_legal_total(8))

    def test_mcr_fan_table(self):
        # mcr-fans.json: #1 Big Four Winds 88, #28 Pure Straight 16
        self.assertEqual(paifu.mcr_fan(1)[:2], (1, 88))
        f = paifu.mcr_fan("Pure Straight")
        self.assertIsInstance(f, paifu.McrFan)
        self.assertEqual((f.id, f.points, f.name), (28, 16, "pure_straight"))
        self.assertIsNone(paifu.mcr_fan(99))

    def test_riichi_payment_table_dashes(self):
        # RRC 000 §3.7.6: 20 fu only for pinfu tsumo, 25 fu only for chiitoitsu (2 han ron)
        self.assertFalse(paifu.points_possible(1, 20, False))
        self.assertTrue(paifu.points_possible(2, 20, True))
        self.assertFalse(paifu.points_possible(1, 25, False))
        self.assertTrue(paifu.points_possible(2, 25, False))
        self.assertEqual(paifu.yaku_display_name(1), "Riichi")
        self.assertTrue(paifu.yaku_is_dora(paifu.yaku_id("ura_dora")))

    def test_tenpai_at_a_draw_against_the_log(self):
        # the mjlog's RYUUKYOKU gives hai0/hai2 (tenpai 0 and 2): the tiles agree
        g = paifu.read_game(os.path.join(SAMPLES, "synthetic-tenhou.mjlog"))
        seen = 0
        for d in g.deals:
            for i, dr in enumerate(d.draws):
                if dr.kind != "exhaustive" or dr.tenpai is None:
                    continue
                self.assertEqual(d.hands_tenpai(i), dr.tenpai, d.label)
                self.assertEqual(d.draw_tenpai(i), dr.tenpai, d.label)
                seen += 1
        self.assertGreater(seen, 3)
        with self.assertRaises(paifu.PaifuError):
            paifu.read_game(HANDMADE).deals[0].hands_tenpai(0)  # a win, no draw


class Hands(unittest.TestCase):
    def test_hand_analysis(self):
        self.assertTrue(paifu.is_complete("123m456p789s11z22z +2z"))
        self.assertFalse(paifu.is_complete("123m456p789s11z23z +2z"))
        # 111222333m: three triplets or three identical sequences (yaku.md: sanankou or
        # iipeikou-like readings both counted)
        r = paifu.readings("111222333m44z55z +5z")
        self.assertEqual(sorted(x["sets"][0][0] for x in r), ["sequence", "triplet"])
        self.assertEqual(paifu.readings("1122m3344p5566s7z +7z")[0]["form"], "seven_pairs")
        self.assertTrue(paifu.is_closed("123m456p789s1z ankan:5555m +1z"))
        self.assertFalse(paifu.is_closed("123m456p789s1z pon:555m +1z"))
        self.assertEqual(paifu.kind_count("123m456p789s1z pon:555m +1z", "5m"), 3)
        # RRC 002 §3.4: a wait among the own discards is furiten
        self.assertTrue(paifu.furiten("123m456p789s1z", "1z"))
        self.assertFalse(paifu.furiten("123m456p789s1z", "2z 3z"))
        # RRC 000 §3.8: a wait on a tile the hand holds four of is no tenpai at a draw
        self.assertFalse(paifu.tenpai_at_draw("123m456p789s1111z"))
        self.assertTrue(paifu.tenpai_at_draw("234m456p678s2233p"))
        # kuikae: after chi of 3m with 45m, neither 3m nor 6m may be discarded at once
        self.assertEqual(paifu.kuikae_forbidden("chi:3'45m"), ["3m", "6m"])
        self.assertEqual(paifu.meld_type("pon:555m"), "pon")
        # RRC 000 §3.6: indicator 4z makes 1z dora: three of them
        self.assertEqual(paifu.dora_count("123m456p789s11z +1z", "4z"), 3)
        self.assertEqual(paifu.aka_count("0m12m"), 1)
        self.assertTrue(paifu.riichi_ankan_allowed("111m456p789s11z22z +1m", "1m"))
        k = paifu.score("19m19p19s1234567z +1m")
        self.assertEqual(k.yakuman_multiples, {"kokushi_musou_13": 1})

    def test_recorded_win_rescored_and_the_replay_s_score(self):
        g = paifu.read_game(HANDMADE)
        hand, sit = g.deals[0].win_hand(0)
        self.assertEqual(hand, "234567m345p55678s +5p")
        self.assertEqual((sit["seat_wind"], sit["dora"]), ("S", ["1z"]))
        s = paifu.score(hand, **sit)
        self.assertEqual((s.han, s.fu, s.total), (2, 30, 2000))  # as the log records
        rs = g.replay_scores()
        self.assertEqual(list(rs), [(0, 0)])
        self.assertEqual(rs[(0, 0)].total, 2000)


class Settlement(unittest.TestCase):
    def test_riichi_settlement_by_the_rrc_document(self):
        # riichi-rulesets.md: RRC start/return 30000, oka 0, uma 15/5 (§3.12): the handmade
        # sample's recorded final scores
        self.assertEqual(paifu.final_scores([28000, 32000, 30000, 30000]),
                         [-17000, 17000, 0, 0])
        self.assertEqual(paifu.read_game(HANDMADE).final_scores(), [-17000, 17000, 0, 0])
        self.assertEqual(paifu.places([28000, 32000, 30000, 30000]), [4.0, 1.0, 2.5, 2.5])
        # leftover sticks to the winner (§3.12)
        self.assertEqual(paifu.leftover([30000, 30000, 20000, 40000], 2),
                         [30000, 30000, 20000, 42000])
        self.assertEqual(paifu.oka(25000, 30000), 20000)  # 4 x 5000 to the first
        # noten payments 3000 (§3.8)
        self.assertEqual(paifu.noten_payments([0]), [3000, -1000, -1000, -1000])
        self.assertEqual(paifu.noten_payments([0, 1]), [1500, 1500, -1500, -1500])
        # reverse mangan (§3.13 variation): non-dealer 4000 to the dealer, 2000 to the others
        self.assertEqual(paifu.chombo_payment(1, 0), [4000, -8000, 2000, 2000])
        self.assertEqual(paifu.chombo_penalty("rrc"), 20000)  # -20000 after uma (§9.4)
        self.assertEqual(paifu.nagashi_payments([1], 0), [-4000, 8000, -2000, -2000])
        self.assertGreaterEqual(paifu.fine("repeat", 2), 0)
        self.assertIsInstance(paifu.substitute_score(), int)
        with self.assertRaises(paifu.PaifuError):
            paifu.fine("no-such", 1)
        # dice 5 and 9 break the dealer's wall, 7 the wall across (RRC §3.1.2)
        self.assertEqual(paifu.wall_break(5)[0], 0)
        self.assertEqual(paifu.wall_break(7), (2, 10))
        with self.assertRaises(paifu.PaifuError):
            paifu.wall_break(13)

    def test_standings_of_score_lines_and_sanctions(self):
        st = paifu.standings([(["a", "b", "c", "d"], [40000, 30000, 20000, 30000],
                               [25000, 5000, -25000, -5000])], sanctions={"a": 25})
        self.assertEqual([x["name"] for x in st], ["a", "b", "d", "c"])
        self.assertEqual(st[0]["place_penalty"], 25)
        g = paifu.read_game(HANDMADE)
        self.assertEqual([x["total"] for x in paifu.standings([g], settled=True)],
                         [17000, 0, 0, -17000])

    def test_mcr_vectors(self):
        # shared/rules/mcr-vectors.json mcr-settle-001/002 (seed 001 L318-327)
        self.assertEqual(paifu.mcr_settle(12, 0, 1), [36, -20, -8, -8])
        self.assertEqual(paifu.mcr_settle(12, 0), [60, -20, -20, -20])
        # mcr.md §12: discard win +(V+16), discarder -(V+8), the third -8
        self.assertEqual(paifu.mcr_siamese_settle(10, 3, 0, 1), [26, -18, -8])
        # mcr-pen-001: false hu, 10 to each other player
        self.assertEqual(paifu.mcr_penalty("false_hu", 0), [-30, 10, 10, 10])
        self.assertIsInstance(paifu.mcr_offences()[0], paifu.McrOffence)
        self.assertEqual(paifu.mcr_offences()[0].name, "false_hu")
        self.assertTrue(paifu.mcr_offences()[0].bars_win)
        # mcr.md §2.4: hand 5 (South round) is dealt by B; A South, B East, C North, D West
        self.assertEqual(paifu.mcr_seating(5), {"dealer": 1, "winds": ["S", "E", "N", "W"]})
        # mcr.md §10: table points 4/2/1/0, tied players share
        self.assertEqual(paifu.mcr_place([10, 20, 20, -50]),
                         {"places": [3, 1, 1, 4], "table_points": [1.0, 3.0, 3.0, 0.0]})
        st = paifu.mcr_standings([(["a", "b", "c", "d"], [10, 20, 30, -60]),
                                  (["a", "b", "c", "e"], [50, 0, 0, -50])])
        self.assertEqual([(x["player"], x["table_points"]) for x in st][:2],
                         [("c", 5.5), ("a", 5.0)])
        m = paifu.read_game(os.path.join(SAMPLES, "mcr-east-round.paifu.json"))
        self.assertEqual(sum(m.session_totals()), 0)
        self.assertEqual(m.session_totals(recomputed=True), m.session_totals())

    def test_settled_view_deposits_and_leftover(self):
        g = paifu.read_game(os.path.join(SAMPLES, "synthetic-tenhou.mjlog"))
        v = g.settled()
        for d in v["deals"]:
            start = d["scores"]
            for row in d["rows"]:
                if start and row["deltas"] and row["scores_after"]:
                    self.assertEqual([a + b + c for a, b, c in
                                      zip(start, row["deltas"], row["deposits"])],
                                     row["scores_after"])
                start = row["scores_after"]
        self.assertIn("sticks", v["result"]["leftover"])


class Helpers(unittest.TestCase):
    def test_tiles(self):
        self.assertEqual(paifu.tile_name(paifu.tile_code("0p")), "0p")
        self.assertEqual(paifu.tile_make(4, red=True), "0m")  # kind 4 = 5m
        self.assertEqual(paifu.tile_make(33), "7z")
        self.assertIsNone(paifu.tile_make(50))
        self.assertFalse(paifu.tile_valid(200))
        self.assertEqual(paifu.join_tiles(["1m", "2m", "0p", "6p", "1z"]), "12m06p1z")
        with self.assertRaises(paifu.PaifuError):
            paifu.tile_code("5x")

    def test_numbers_as_outputs_write_them(self):
        self.assertEqual(paifu.points_text(25000), "25,000")
        self.assertEqual(paifu.points_text(-4900), "-4,900")
        self.assertEqual(paifu.points_text(4900, signed=True), "+4,900")
        self.assertEqual(paifu.final_score_text(24000), "+24.0")
        self.assertEqual(paifu.final_score_text(24, mcr=True), "+24")

    def test_rules_documents(self):
        rrc = paifu.Rules("rrc")
        # riichi-rulesets.md: RRC 30000 start, oka 0, uma 15/5 (§3.12)
        self.assertIn("start 30,000", rrc.scoring_text())
        self.assertIn("uma +15,000/+5,000/-5,000/-15,000", rrc.scoring_text())
        self.assertTrue(rrc.scoring_equal(paifu.Rules("rrc")))
        self.assertFalse(rrc.scoring_equal(paifu.Rules("tenhou")))
        # 136 tiles less the dead wall's 14 and 4 x 13 dealt; sanma 108 - 14 - 3 x 13
        self.assertEqual(rrc.live_wall(4), 70)
        self.assertEqual(rrc.live_wall(3), 55)
        checks = paifu.rule_checks("rrc")
        self.assertTrue(checks)
        self.assertTrue(all(c.clause.startswith("RRC") for c in checks))
        self.assertTrue({c.status for c in checks} <= {
            "enforced", "enforced on tile logs only", "cannot be checked from a log"})
        self.assertEqual(paifu.rule_checks("no-such-preset"), [])
        self.assertEqual(paifu.finding_code("log.truncated").code, "log.truncated")
        self.assertIsNone(paifu.finding_code("no.such"))

    def test_open_log_tells_a_folder_s_other_files(self):
        r, why = paifu.open_log(os.path.join(SAMPLES, "PROVENANCE.md"))
        self.assertEqual((r, why), (None, "not a log"))
        with tempfile.TemporaryDirectory() as d:
            empty = os.path.join(d, "empty.json")
            open(empty, "wb").close()
            self.assertEqual(paifu.open_log(empty), (None, "empty"))
        r, why = paifu.open_log(HANDMADE)
        with r:
            self.assertEqual((why, r.format), ("", "paifu"))
            self.assertEqual(r.next_game().players[0], "Anna")


DOC = os.path.join(common.SOURCE, "doc", "data.md")
BUILD = os.environ.get("PAIFU_BUILD_DIR") or os.path.join(common.SOURCE, "build")


def unreached_in_doc():
    """The function names listed in doc/data.md's section "What Python does not reach"."""
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^### What Python does not reach\n(.*?)(?=^#)", text, re.M | re.S)
    if not m:
        return None
    names = set()
    for line in m.group(1).splitlines():  # the first cell of each row of its table
        if line.startswith("| `paifu_"):
            names |= set(re.findall(r"`(paifu_[a-z0-9_]+)`", line.split("|")[1]))
    return names


@unittest.skipUnless(shutil.which("nm"), "needs nm")
class Reach(unittest.TestCase):
    def test_every_exported_function_is_bound_or_listed(self):
        out = subprocess.run(["nm", "-D", "--defined-only", _lib.library_path()],
                             check=True, capture_output=True, text=True).stdout
        exported = {p[2] for p in (line.split() for line in out.splitlines())
                    if len(p) == 3 and p[1] == "T" and p[2].startswith("paifu_")}
        self.assertGreater(len(exported), 100)
        src = ""
        pkg = os.path.dirname(paifu.__file__)
        for name in sorted(os.listdir(pkg)):
            if name.endswith(".py"):
                with open(os.path.join(pkg, name), encoding="utf-8") as f:
                    src += f.read()
        named = set(re.findall(r"\bpaifu_[a-z0-9_]+", src))
        listed = unreached_in_doc()
        self.assertIsNotNone(listed, "doc/data.md has no section 'What Python does not reach'")
        self.assertEqual(sorted(exported - named - listed), [],
                         "exported, not bound in python/paifu and not listed in doc/data.md")
        self.assertEqual(sorted(listed & named), [], "listed in doc/data.md but bound")
        self.assertEqual(sorted(listed - exported), [], "listed in doc/data.md, not exported")


if __name__ == "__main__":
    unittest.main()
