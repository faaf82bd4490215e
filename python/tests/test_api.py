"""Every public function of the paifu package, on the samples (no corpus needed)."""
import gc
import gzip
import io
import json
import os
import tempfile
import unittest

import common
from common import sample

import paifu

MJLOG = sample("synthetic-tenhou.mjlog")
ONE_DEAL = sample("handmade-rrc-one-deal.paifu.json")
MULTI = sample("tournament-standings.paifu.json")  # three games in one file
MJAI = sample("riichienv-selfplay.mjai.jsonl")


class Basics(unittest.TestCase):
    def test_library_and_version(self):
        self.assertRegex(paifu.version(), r"^\d+\.\d+\.\d+$")
        self.assertTrue(os.path.exists(paifu.library_path()))

    def test_formats(self):
        names = [f.name for f in paifu.formats()]
        for n in ("paifu", "tenhou-xml", "tenhou6", "mjai", "majsoul"):
            self.assertIn(n, names)
        self.assertIn("tenhou6", paifu.writers())
        self.assertNotIn("majsoul", paifu.writers())
        paifu_fmt = [f for f in paifu.formats() if f.name == "paifu"][0]
        self.assertEqual(paifu_fmt.extension, ".paifu.json")
        self.assertIn("wall", paifu_fmt.carries)
        self.assertEqual(paifu.detect(open(MJLOG, "rb").read()), "tenhou-xml")
        self.assertIsNone(paifu.detect(b"hello"))
        self.assertEqual(paifu.detect_file(MJAI), "mjai")
        self.assertIsNone(paifu.detect_file(sample("PROVENANCE.md")))

    def test_tiles(self):
        self.assertEqual(paifu.parse_tiles("12m0p 7z"), ["1m", "2m", "0p", "7z"])
        self.assertEqual(paifu.format_tiles(["1m", "2m", "0p", "7z"]), "12m0p7z")
        # sorted as a hand is written (issue 37: a dealt hand came out in its dealt order),
        # a red five after the plain ones as paifu_tile_sort puts it; sort=False keeps them
        self.assertEqual(paifu.format_tiles(["7z", "0p", "2m", "5p", "1m"]), "12m50p7z")
        self.assertEqual(paifu.format_tiles(["0p", "5p", "5p"], sort=False), "055p")
        hand = paifu.read_game(MJLOG).deals[0].hands[0]  # as dealt
        order = "123456789"
        want = sorted(hand, key=lambda t: ("mpsz".index(t[1]), order.index(t[0]) if t[0] != "0"
                                           else 4.5))
        self.assertEqual(paifu.parse_tiles(paifu.format_tiles(hand)), want)
        self.assertEqual(paifu.tile_name(0x80 | 4), "0m")
        self.assertIsNone(paifu.tile_name(0xFF))
        self.assertEqual(paifu.dora_of("9m"), "1m")
        self.assertEqual(paifu.dora_of("1m", three_player=True), "9m")
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.parse_tiles("12x")
        self.assertEqual(cm.exception.code, "format error")

    def test_yaku_and_codes(self):
        self.assertEqual(paifu.yaku_name(1), "riichi")
        self.assertEqual(paifu.yaku_id("reach"), 1)
        self.assertIsNone(paifu.yaku_id("no such yaku"))
        codes = {c.code: c for c in paifu.finding_codes()}
        self.assertIn("score.fu", codes)
        self.assertIn(codes["score.fu"].severity, ("info", "warning", "error"))


class RulesTest(unittest.TestCase):
    def test_presets_and_params(self):
        presets = paifu.presets()
        for n in ("rrc", "ema", "tenhou", "majsoul", "mcr"):
            self.assertIn(n, presets)
        params = {p.name: p for p in paifu.rule_params()}
        self.assertEqual(params["kiriage"].type, "bool")
        self.assertTrue(params["kiriage"].doc)

    def test_rules_object(self):
        r = paifu.Rules("rrc", kiriage=True)
        self.assertEqual(r.name, "rrc")
        self.assertEqual(r["kiriage"], "true")
        self.assertEqual(r.override_count, 1)
        r.set("kiriage", False).assign("uma=20000,10000,-10000,-20000")
        self.assertEqual(r.get("kiriage"), "false")
        self.assertEqual(r["uma"], "20000,10000,-10000,-20000")
        r["uma"] = [15000, 5000, -5000, -15000]
        self.assertEqual(r.to_dict()["uma"], "15000,5000,-5000,-15000")
        c = r.copy()
        c["kiriage"] = True
        self.assertEqual(r["kiriage"], "false")
        self.assertIn("kiriage", list(r))
        self.assertIn("rrc", repr(r))
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.Rules("nonsense")
        self.assertIn("rrc", cm.exception.text)  # the message lists the presets
        with self.assertRaises(paifu.PaifuError):
            paifu.Rules("rrc").set("no_such_key", 1)

    def test_rules_file(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "r.json")
            with open(p, "w") as f:
                json.dump({"preset": "ema", "overrides": {"kiriage": True}}, f)
            r = paifu.Rules.from_file(p)
            self.assertEqual((r.name, r["kiriage"]), ("ema", "true"))
            with self.assertRaises(paifu.PaifuError) as cm:
                paifu.Rules.from_file(os.path.join(d, "missing.json"))
            self.assertIn("missing.json", str(cm.exception))


class Reading(unittest.TestCase):
    def test_path_bytes_stream_gzip(self):
        data = open(MJLOG, "rb").read()
        a = paifu.read_game(MJLOG)
        b = paifu.read_game(data)
        c = paifu.read_game(io.BytesIO(data))
        d = paifu.read_game(gzip.compress(data), name="x.mjlog.gz")
        for g in (a, b, c, d):
            self.assertEqual(g.players, a.players)
            self.assertEqual(len(g.deals), 7)
        self.assertEqual(b.source, "<bytes>")
        self.assertEqual(d.source, "x.mjlog.gz")
        with paifu.open(gzip.compress(data)) as r:
            self.assertTrue(r.compressed)
            self.assertEqual(r.format, "tenhou-xml")
        with paifu.open(data, format="tenhou-xml") as r:
            self.assertEqual(len(list(r)), 1)

    def test_errors_carry_text_and_position(self):
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.read(b'{"paifu": 1, "players": ["a","b","c","d"], "deals": [{"round": "E1", '
                       b'"hands": ["8z"]}]}', name="bad.paifu.json")
        e = cm.exception
        self.assertEqual(e.code, "format error")
        self.assertEqual(e.location.file, "bad.paifu.json")
        self.assertTrue(e.text)
        self.assertIn("bad.paifu.json", str(e))
        self.assertEqual(e.to_dict()["where"]["file"], "bad.paifu.json")
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.read("/nonexistent/file.mjlog")
        self.assertIn("/nonexistent/file.mjlog", str(cm.exception))
        with self.assertRaises(paifu.PaifuError):
            paifu.read_game(b"")

    def test_game_model(self):
        g = paifu.read_game(MJLOG)
        self.assertEqual(g.n_players, 4)
        self.assertEqual(g.source_format, "tenhou-xml")
        self.assertEqual(g.rules_name, "tenhou")
        self.assertIsInstance(g.rule_overrides, dict)
        self.assertIn("tenhou.go.type", g.meta)
        self.assertEqual(g.result["points"], [20000, 40000, 21000, 19000])
        self.assertFalse(g.truncated)
        self.assertIsInstance(g.prelude, list)
        self.assertEqual(g.rules().name, "tenhou")
        d = g.deals[0]
        self.assertEqual((d.label, d.round_wind, d.hand_number, d.dealer), ("E1-0", "E", 1, 0))
        self.assertEqual(d.scores, [25000] * 4)
        self.assertEqual(len(d.hands[0]), 13)
        self.assertEqual(len(d.wall), 136)
        self.assertIn("has_wall", d.flags)
        self.assertEqual(len(d), len(d.events))
        self.assertIn("label", d.to_dict())
        ev = d.events[0]
        self.assertEqual((ev.type, ev.seat, ev.from_seat), ("draw", 0, None))
        self.assertRegex(ev.tile, r"^[0-9][mpsz]$")
        self.assertIsNotNone(ev.tile_id)
        self.assertEqual(ev.to_dict()["type"], "draw")
        self.assertIn("draw", repr(ev))

    def test_events_match_the_paifu_writer(self):
        # the events as Python sees them equal the events paifu's own format writes
        for path in (MJLOG, ONE_DEAL, MJAI):
            for g in paifu.read(path):
                doc = json.loads(g.convert("paifu").data)
                for deal, jdeal in zip(g.deals, doc["deals"]):
                    jev = [e for e in jdeal.get("events", [])]
                    pev = deal.events
                    self.assertEqual([e.type for e in pev], [e["type"] for e in jev])
                    for e, j in zip(pev, jev):
                        if "tile" in j and e.type not in ("win",):
                            self.assertEqual(e.tile, j["tile"], (path, deal.label, j))
                        if "seat" in j:
                            self.assertEqual(e.seat, j["seat"])
                        if j["type"] == "discard" and "tsumogiri" in j:
                            self.assertEqual(e.tsumogiri, j["tsumogiri"])

    def test_recorded_values(self):
        g = paifu.read_game(ONE_DEAL)
        d = g.deals[0]
        win_ev = [e for e in d.events if e.type == "win"][0]
        w = d.record(win_ev)
        self.assertIsInstance(w, paifu.Win)
        self.assertEqual((w.winner, w.from_seat, w.han, w.fu, w.points), (1, 0, 2, 30, 2000))
        self.assertEqual([y.name for y in w.yaku], ["pinfu", "tanyao"])
        self.assertEqual(w.deltas, [-2000, 2000, 0, 0])
        self.assertFalse(w.tsumo)
        self.assertEqual(d.wins[0].to_dict()["fu"], 30)
        self.assertIsNone(d.record(d.events[0]))
        g = paifu.read_game(MJLOG)
        draws = [(d, e) for d in g.deals for e in d.events if e.type == "exhaustive_draw"]
        dr = draws[0][0].record(draws[0][1])
        self.assertIsInstance(dr, paifu.Draw)
        self.assertEqual(dr.kind, "exhaustive")
        self.assertIsInstance(dr.tenpai, list)
        rows = [(d, e) for d in g.deals for e in d.events if e.type == "riichi_accepted"]
        self.assertEqual(len(rows[0][0].record(rows[0][1])), 4)
        self.assertTrue(rows[0][0].score_rows)
        self.assertIsInstance(g.deals[0].draws, list)
        self.assertIsInstance(g.deals[0].penalties, list)

    def test_penalties(self):
        found = []
        for name in sorted(os.listdir(common.SAMPLES)):
            if name.endswith(".paifu.json"):
                for g in paifu.read(sample(name)):
                    for d in g.deals:
                        for e in d.events:
                            if e.type == "penalty":
                                found.append(d.record(e))
        self.assertTrue(found, "a sample records a penalty")
        self.assertIsInstance(found[0], paifu.Penalty)
        self.assertIn(found[0].kind, ("chombo", "dead_hand", "fine", "other"))


class Memory(unittest.TestCase):
    """Games stay valid whatever order Python frees the reader and the games in."""

    def test_games_outlive_reader_and_each_other(self):
        r = paifu.open(MULTI)
        games = list(r)  # each is copied out when the reader moves on
        del r
        gc.collect()
        self.assertEqual(len(games), 3)
        names = [g.players for g in games]
        self.assertEqual(len({tuple(n) for n in names}) >= 1, True)
        res = [g.result for g in games]
        del games[0]
        gc.collect()
        self.assertEqual([g.result for g in games], res[1:])

    def test_deal_and_events_outlive_game(self):
        g = paifu.read_game(MJLOG)
        deals = g.deals
        events = deals[3].events
        del g
        gc.collect()
        self.assertEqual(deals[3].events, events)
        self.assertTrue(deals[3].wins or deals[3].draws)

    def test_borrowed_game_kept_after_reader_closed(self):
        with paifu.open(MULTI) as r:
            first = r.next_game()
            label = [d.label for d in first.deals]
        # the reader is closed: the game was copied out before it was freed
        self.assertEqual([d.label for d in first.deals], label)
        self.assertEqual(len(first.players), 4)

    def test_reader_collected_while_game_lives(self):
        def one():
            return next(iter(paifu.open(MJLOG)))
        g = one()
        gc.collect()
        self.assertEqual(len(g.deals), 7)
        self.assertEqual(g.copy().players, g.players)

    def test_set_meta_on_a_borrowed_game_copies_it(self):
        with paifu.open(MJLOG) as r:
            g = r.next_game()
            g.set_meta("tenhou.ref", "2020010100gm-00a9-0000-deadbeef")
        self.assertEqual(g.meta["tenhou.ref"], "2020010100gm-00a9-0000-deadbeef")
        self.assertIn(b"2020010100gm-00a9-0000-deadbeef", g.convert("tenhou6").data)


class Verifying(unittest.TestCase):
    def test_clean_and_with_findings(self):
        self.assertEqual(paifu.read_game(ONE_DEAL).verify(), [])
        with tempfile.TemporaryDirectory() as d:
            bad = common.with_findings(d)
            g = paifu.read_game(bad)
            fs = g.verify()
            codes = [f.code for f in fs]
            self.assertIn("score.fu", codes)
            f = fs[codes.index("score.fu")]
            self.assertEqual((f.expected, f.recorded), ("30", "40"))
            self.assertEqual(f.location.file, bad)
            self.assertEqual(f.location.game, 1)  # numbered from 1, as the CLI
            self.assertEqual(f.location.deal, "E1-0")
            self.assertGreaterEqual(f.location.event, 0)
            self.assertIn("score.fu", str(f))
            self.assertEqual(f.to_dict()["where"]["deal"], "E1-0")
            # a preset by name, overrides, a Rules object, the source name and a cap
            self.assertTrue(g.verify("ema"))
            self.assertTrue(g.verify(paifu.Rules("rrc"), overrides={"kiriage": True}))
            self.assertEqual(g.verify(source="x.json")[0].location.file, "x.json")
            self.assertLessEqual(len(g.verify(max_findings=1)), 1)
            rep = paifu.validate([bad, ONE_DEAL])
            self.assertEqual(rep.exit_status, 1)
            self.assertEqual(rep.summary["files"], 2)
            self.assertEqual(len(rep.findings), len(fs))
            fr = paifu.validate_file(("named.json", open(bad, "rb").read()))
            self.assertEqual(fr.file, "named.json")
            self.assertEqual([x.code for x in fr.findings], codes)
            self.assertEqual(fr.findings[0].location.file, "named.json")

    def test_unreadable_file_is_reported(self):
        fr = paifu.validate_file(("junk.json", b"{not json"))
        self.assertEqual(fr.status, 2)
        self.assertIsInstance(fr.error, paifu.PaifuError)
        self.assertEqual(fr.to_dict()["error"]["where"]["file"], "junk.json")

    def test_expand_inputs(self):
        files, skipped = paifu.expand_inputs([common.SAMPLES])
        self.assertIn(MJLOG, files)
        self.assertGreaterEqual(skipped, 1)  # PROVENANCE.md


class Converting(unittest.TestCase):
    def test_round_trip_through_each_writer(self):
        src = paifu.read_game(MJLOG)
        base = [[(e.type, e.seat, e.tile) for e in d.events
                 if e.type in ("draw", "discard", "chi", "pon", "daiminkan", "ankan",
                               "shouminkan", "riichi_accepted", "dora")]
                for d in src.deals]
        for fmt in paifu.writers():
            with self.subTest(writer=fmt):
                conv = src.convert(fmt)
                self.assertEqual(conv.format, fmt)
                self.assertTrue(conv.data)
                back = paifu.read(conv.data, name="round-trip")
                self.assertEqual(len(back), 1)
                g = back[0]
                self.assertEqual(g.players, src.players)
                got = [[(e.type, e.seat, e.tile) for e in d.events
                        if e.type in ("draw", "discard", "chi", "pon", "daiminkan", "ankan",
                                      "shouminkan", "riichi_accepted", "dora")]
                       for d in g.deals]
                self.assertEqual(got, base)
                self.assertEqual([x.code for x in g.verify()], [x.code for x in src.verify()])
                for loss in conv.losses:
                    self.assertEqual(loss.game, 1)  # numbered from 1, as the CLI
                    self.assertTrue(loss.what)
        # Tenhou XML read back and written again is byte for byte the same
        xml = src.convert("tenhou-xml").data
        self.assertEqual(paifu.read_game(xml).convert("tenhou-xml").data, xml)

    def test_values_not_recorded_are_computed_or_filled(self):
        """Issue 37: the mjai sample without its deltas: Tenhou XML leaves sc out and reports
        what it had to compute (tenpai at the draws) as a loss of kind computed; fill=True
        writes sc too and says so in Conversion.filled, with the hand engine's values."""
        import re
        text = re.sub(rb',"deltas":\[[^]]*\]', b"", open(MJAI, "rb").read())
        g = paifu.read_game(text, name="nodeltas.jsonl")
        plain = paifu.convert(g, "tenhou-xml")
        self.assertNotIn(b' sc="', plain.data)
        computed = [l for l in plain.losses if l.kind == "computed"]
        self.assertEqual(len(computed), 1)
        self.assertIn("tenpai at 3 exhaustive draw(s) (from the tiles)", computed[0].what)
        self.assertEqual(plain.filled, [])
        filled = paifu.convert(g, "tenhou-xml", fill=True)
        self.assertIn(b' sc="', filled.data)
        self.assertFalse([l for l in filled.losses if l.kind == "computed"])
        notes = " ".join(n.what for n in filled.filled)
        self.assertIn("the score changes of 11 outcome(s) (from the next deal's scores)", notes)
        self.assertTrue(all(n.game == 1 and n.kind == "filled" for n in filled.filled))
        with self.assertRaises(paifu.PaifuError):
            paifu.convert(g, "tenhou-xml", strict=True, allow_loss=["final", "meta"])

    def test_losses_and_strict(self):
        g = paifu.read_game(MJLOG)
        conv = paifu.convert(g, "mjai")
        self.assertTrue(any("wall" in l.what for l in conv.losses))
        self.assertEqual(len(conv.losses), len(set(conv.losses)))
        with self.assertRaises(paifu.PaifuError) as cm:
            paifu.convert(g, "mjai", strict=True)
        self.assertEqual(cm.exception.code, "unsupported")
        self.assertEqual(paifu.convert(g, "paifu").losses, [])
        self.assertTrue(paifu.convert(MULTI, "paifu", pretty=True).text.startswith("{"))
        with self.assertRaises(paifu.PaifuError):
            paifu.convert(g, "majsoul")  # no writer

    def test_several_games(self):
        games = paifu.read(MULTI)
        conv = paifu.convert(games, "paifu")
        self.assertEqual(len(paifu.read(conv.data)), 3)


class Scoring(unittest.TestCase):
    def test_score(self):
        r = paifu.score("123m99p13s chi:789s pon:666z +2s", dealer=True)
        self.assertTrue(r.valid)
        self.assertEqual((r.han, r.fu, r.total), (2, 30, 2900))
        self.assertIn("hatsu", [y["name"] for y in r.yaku])
        r = paifu.score("234567m22p345s55z +5z", tsumo=True, riichi=True, ura="4z",
                        dora=["1z"], round_wind="S", seat_wind="W")
        self.assertIn("riichi", [y["name"] for y in r.yaku])
        self.assertEqual(r.to_dict()["tsumo"], True)
        bad = paifu.score("123m456p789s1234z +5z")
        self.assertFalse(bad.valid)
        self.assertEqual(bad.status, "not_complete")
        allr = paifu.score("111222333m55p77z +7z", tsumo=True, all=True)
        self.assertGreaterEqual(len(allr), 2)
        self.assertGreaterEqual(allr[0].total, allr[-1].total)
        r = paifu.score("123m99p13s chi:789s pon:666z +2s", rules="rrc",
                        overrides={"kiriage": True})
        self.assertEqual(r.rules, "rrc")
        with self.assertRaises(paifu.PaifuError):
            paifu.score("123m99p13s")  # no winning tile
        with self.assertRaises(paifu.PaifuError):
            paifu.score("123x +1m")
        with self.assertRaises(TypeError):
            paifu.score("123m99p13s chi:789s pon:666z +2s", tsuumo=True)
        # under an MCR rule set the hand is scored by its fans (mcr-fans.json): Outside Hand 4,
        # Dragon Pung 2, Mixed Double Chow 1, Two Terminal Chows 1, Closed Wait 1
        mcr = paifu.score("123m99p13s chi:789s pon:666z +2s", rules="mcr")
        self.assertEqual(([f[0] for f in mcr.fans], mcr.total), ([55, 59, 70, 72, 78], 9))

    def test_hand_analysis_and_points(self):
        self.assertEqual(paifu.shanten("123m456p789s1122z"), 0)
        self.assertEqual(paifu.shanten("123m456p789s1122z +1z"), -1)
        self.assertEqual(paifu.waits("123m456p789s1122z"), ["1z", "2z"])
        p = paifu.points(4, 30, dealer=False)
        self.assertEqual((p["ron"], p["limit"]), (7700, "none"))
        self.assertEqual(paifu.points(4, 30, overrides={"kiriage": True})["limit"], "mangan")

    def test_standings(self):
        st = paifu.standings(paifu.read(MULTI), "rrc")
        self.assertEqual(st[0]["rank"], 1)
        self.assertEqual(st[0]["games"], 3)
        self.assertGreaterEqual(st[0]["total"], st[-1]["total"])


class Table(unittest.TestCase):
    def test_deals_table(self):
        t = paifu.deals_table([MJLOG, ONE_DEAL])
        self.assertEqual(list(t), list(paifu.COLUMNS))
        # every table keyed by file and game: export's columns, game_id's place taken
        self.assertEqual(paifu.by_file_columns("deals"), paifu.COLUMNS)
        self.assertEqual(paifu.by_file_columns("events"), paifu.EVENT_COLUMNS)
        self.assertEqual(paifu.by_file_columns("wins"), ("file", "game") + tuple(
            c for c, _, _ in paifu.table_columns("wins")[1:]))
        with self.assertRaises(ValueError):
            paifu.by_file_columns("hands")
        n = len(t["file"])
        self.assertEqual(n, 8)
        self.assertTrue(all(len(v) == n for v in t.values()))
        g = paifu.read_game(MJLOG)
        self.assertEqual(t["events"][:7], [len(d.events) for d in g.deals])
        self.assertEqual(t["label"][:7], [d.label for d in g.deals])
        self.assertEqual(t["discards"][0],
                         sum(1 for e in g.deals[0].events if e.type == "discard"))
        self.assertEqual(t["fu"][7], 30)
        # export's vocabulary (issue 37): yaku "name:han", an outcome and a limit named
        self.assertEqual(t["yaku"][7], "pinfu:1 tanyao:1")
        self.assertEqual(t["outcome"][7], "ron")
        self.assertEqual(t["tsumo"][7], 0)
        self.assertTrue(set(t["outcome"]) <= set(dict(
            (c, v) for c, _, v in paifu.table_columns("deals"))["outcome"]))
        for v in t.values():
            for x in v:
                self.assertIsInstance(x, (str, int, bool, type(None)))
        t2 = paifu.deals_table([("a.mjlog", open(MJLOG, "rb").read())])
        self.assertEqual(t2["events"], t["events"][:7])
        self.assertEqual(t2["file"][0], "a.mjlog")
        with self.assertRaises(paifu.PaifuError):
            paifu.deals_table([("junk", b"{")])
        self.assertEqual(paifu.deals_table([("junk", b"{")], errors="skip")["file"], [])
        try:
            import pandas  # noqa: F401
        except ImportError:
            with self.assertRaises(ImportError):
                paifu.deals_table([MJLOG], frame=True)
        else:
            self.assertEqual(len(paifu.deals_table([MJLOG], frame=True)), 7)


class Types(unittest.TestCase):
    """The public types and constants are what the functions return."""

    def test_types(self):
        g = paifu.read_game(ONE_DEAL)
        self.assertIsInstance(g, paifu.Game)
        with paifu.open(ONE_DEAL) as r:
            self.assertIsInstance(r, paifu.Reader)
        with self.assertRaises(TypeError):
            paifu.Game()
        self.assertIsInstance(g.convert("paifu"), paifu.Conversion)
        self.assertIsInstance(paifu.convert(MJLOG, "mjai").losses[0], paifu.Loss)
        self.assertIsInstance(paifu.validate_file(ONE_DEAL), paifu.FileReport)
        self.assertIsInstance(paifu.validate(ONE_DEAL), paifu.Report)
        self.assertIsInstance(paifu.finding_codes()[0], paifu.FindingCode)
        self.assertIsInstance(paifu.rule_params()[0], paifu.RuleParam)
        self.assertIsInstance(paifu.score("123m456p789s1122z +1z"), paifu.ScoreResult)
        self.assertIsInstance(g.deals[0].wins[0].yaku[0], paifu.Yaku)
        self.assertEqual(paifu.EVENT_TYPES[1], "draw")
        self.assertEqual(paifu.TILE_NAMES[4], "5m")
        self.assertEqual(paifu.CARRIES[0x0001], "wall")

    def test_locations_and_rule_resolution(self):
        loc = paifu.Location(file="a.mjlog", line=3, column=7, game=0, deal="E2-1", event=5)
        text = paifu.format_location(loc)
        self.assertTrue(text.startswith("a.mjlog:3:7"), text)
        self.assertIn("E2-1", text)
        self.assertEqual(str(loc), text)
        g = paifu.read_game(MJLOG)
        self.assertEqual(paifu.resolve_rules(g, None, None).name, "tenhou")
        r = paifu.resolve_rules(g, "rrc", {"kiriage": True})
        self.assertEqual((r.name, r["kiriage"]), ("rrc", "true"))
        self.assertEqual(paifu.resolve_rules(None, None, None, "ema").name, "ema")


class Help(unittest.TestCase):
    def test_every_public_name_is_tested(self):
        import re
        text = "".join(open(os.path.join(common.HERE, f), encoding="utf-8").read()
                       for f in os.listdir(common.HERE) if f.startswith("test_"))
        names = list(paifu.__all__)
        try:
            from paifu import dask as pdask
            names += pdask.__all__
        except ImportError:
            pass
        missing = [n for n in names if not re.search(r"\b%s\b" % re.escape(n), text)]
        self.assertEqual(missing, [])

    def test_help_names_the_api(self):
        doc = paifu.__doc__
        for name in ("read", "verify", "convert", "score", "deals_table", "paifu.dask"):
            self.assertIn(name, doc)
        for name in paifu.__all__:
            obj = getattr(paifu, name)
            if callable(obj):
                self.assertTrue(getattr(obj, "__doc__", None), name)


if __name__ == "__main__":
    unittest.main()
