"""The replay's states from Python (issue 37): Deal.states() walks the library's table walk
(paifu_table_walk_next) and equals paifu_deal_state_at (Deal.state_at) on every event of a set
of corpus games (the samples without a corpus); the first state holds the recorded starting
hands and the last one river per seat as long as the seat's discards. Prints the events per
second of states() and states_arrays() (a light measure, not asserted); the arrays equal the
state objects entry by entry."""
import time
import unittest

import common
import paifu


def games():
    paths = [common.SAMPLES] + common.corpus_files("tenhou-xml", 12) + \
        common.corpus_files("majsoul", 4) + common.corpus_files("mjai", 4) + \
        common.corpus_files("tenhou6", 6)
    out = []
    for g in paifu.read(paths, errors="skip"):
        out.append(g)
    return out


def sort_key(t):
    return ("mpszf".index(t[1]), 5.5 if t[0] == "0" else int(t[0]))  # a red five after the 5s


class States(unittest.TestCase):
    def test_states_equal_the_c_walk(self):
        n_events = n_deals = 0
        for g in games():
            for d in g.deals:
                if d.hands is None or d.result_only:
                    continue  # a score sheet's deal: no table to walk
                states = list(d.states())
                self.assertTrue(all(isinstance(s, paifu.State) for s in states))
                self.assertEqual(len(states), d.n_events + 1, d.label)
                self.assertEqual([s.event for s in states], list(range(d.n_events + 1)))
                for i, s in enumerate(states):
                    at = d.state_at(i)
                    self.assertEqual((s.hands, s.melds, s.rivers, s.dora_indicators),
                                     (at.hands, at.melds, at.rivers, at.dora_indicators),
                                     "%s %s event %d" % (g.source, d.label, i))
                # from the log, not from the walk: the dealt hands, and a river per discard
                for seat in range(g.n_players):
                    for m in states[-1].melds[seat]:
                        self.assertIsInstance(m, paifu.StateMeld)
                    self.assertTrue(all(isinstance(x, paifu.StateDiscard)
                                        for x in states[-1].rivers[seat]))
                    if None not in d.hands[seat]:
                        self.assertEqual(states[0].hands[seat],
                                         sorted(d.hands[seat], key=sort_key))
                    discards = sum(1 for e in d.events if e.type == "discard" and e.seat == seat)
                    self.assertEqual(len(states[-1].rivers[seat]), min(discards, 40))
                if d.dora_indicator is not None:
                    self.assertEqual(states[0].dora_indicators[:1], [d.dora_indicator])
                n_events += d.n_events
                n_deals += 1
        self.assertGreater(n_deals, 5)
        self.assertGreater(n_events, 500)

    def test_arrays_equal_the_states(self):
        """Deal.states_arrays(): every array entry is the state object's value (so the C
        walk's), on every event of the games; the numpy arrays equal the lists."""
        try:
            import numpy
        except ImportError:
            numpy = None
        code = {n: c for n, c in zip(paifu.TILE_NAMES, paifu.TILE_CODES) if n}
        types = {n: i for i, n in enumerate(paifu.EVENT_TYPES)}
        checked = 0
        for g in games():
            for d in g.deals:
                if d.hands is None or d.result_only:
                    continue
                states = list(d.states())
                a = d.states_arrays(numpy=False)
                self.assertEqual(sorted(a), sorted(n for n, _, _ in paifu.STATE_ARRAYS))
                for name, _, shape in paifu.STATE_ARRAYS:
                    self.assertEqual(len(a[name]), len(states), name)
                for i, s in enumerate(states):
                    where = "%s %s state %d" % (g.source, d.label, i)
                    self.assertEqual(a["event"][i], s.event, where)
                    for seat in range(4):
                        counts = [0] * paifu.TILE_CODE_COUNT
                        for t in s.hands[seat]:
                            counts[code[t]] += 1
                        self.assertEqual(a["hands"][i][seat], counts, where)
                        melds = s.melds[seat]
                        k = len(melds)
                        self.assertEqual(a["meld_type"][i][seat][:k],
                                         [types[m.type] for m in melds], where)
                        self.assertEqual(a["meld_from"][i][seat][:k],
                                         [-1 if m.from_seat is None else m.from_seat
                                          for m in melds], where)
                        self.assertEqual(a["melds"][i][seat][:k],
                                         [[code[t] for t in m.tiles] + [-1] * (4 - len(m.tiles))
                                          for m in melds], where)
                        self.assertTrue(all(x == -1 for x in a["meld_type"][i][seat][k:]))
                        river = s.rivers[seat]
                        k = len(river)
                        self.assertEqual(a["rivers"][i][seat],
                                         [code[x.tile] for x in river] + [-1] * (40 - k), where)
                        for name, f in (("river_tsumogiri", "tsumogiri"),
                                        ("river_riichi", "riichi"), ("river_called", "called")):
                            self.assertEqual(a[name][i][seat],
                                             [getattr(x, f) for x in river] + [False] * (40 - k))
                    dora = [code[t] for t in s.dora_indicators]
                    self.assertEqual(a["dora_indicators"][i], dora + [-1] * (5 - len(dora)))
                    self.assertEqual(a["scores_known"][i], s.scores is not None, where)
                    self.assertEqual(a["scores"][i], s.scores or [0] * 4, where)
                    self.assertEqual(a["riichi_sticks"][i], s.riichi_sticks, where)
                    self.assertEqual(a["riichi"][i], [x in s.riichi for x in range(4)], where)
                    self.assertEqual(a["wall_left"][i], -1 if s.wall_left is None
                                     else s.wall_left, where)
                if numpy is not None:
                    n = d.states_arrays()
                    for name, typ, shape in paifu.STATE_ARRAYS:
                        self.assertIsInstance(n[name], numpy.ndarray)
                        self.assertEqual(n[name].shape, (len(states),) + shape, name)
                        self.assertEqual(str(n[name].dtype), typ, name)
                        self.assertEqual(n[name].tolist(), a[name], (g.source, d.label, name))
                checked += len(states)
        self.assertGreater(checked, 500)

    def test_events_per_second(self):
        gs = games()

        def timed(count):
            """States per second of COUNT(deal) (the states it gave) over the tile deals."""
            t0 = time.perf_counter()
            n = sum(count(d) for g in gs for d in g.deals
                    if d.hands is not None and not d.result_only)
            return n, time.perf_counter() - t0

        n, dt = timed(lambda d: sum(1 for _ in d.states()))
        print("\nstates(): %d states in %.2f s: %.0f events/s" % (n, dt, n / dt if dt else 0))
        self.assertGreater(n, 0)
        for np_ in (True, False):
            try:
                m, dt = timed(lambda d: len(d.states_arrays(numpy=np_)["event"]))
            except ImportError:
                continue
            self.assertEqual(m, n)
            print("states_arrays(numpy=%s): %d states in %.2f s: %.0f events/s"
                  % (np_, m, dt, m / dt if dt else 0))

if __name__ == "__main__":
    unittest.main()
