"""The replay's states from Python (issue 37): Deal.states() walks the library's table walk
(paifu_table_walk_next) and equals paifu_deal_state_at (Deal.state_at) on every event of a set
of corpus games (the samples without a corpus); the first state holds the recorded starting
hands and the last one river per seat as long as the seat's discards. Prints the events per
second of states() (a light measure, not asserted)."""
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

    def test_events_per_second(self):
        gs = games()
        t0 = time.perf_counter()
        n = 0
        for g in gs:
            for d in g.deals:
                if d.hands is None or d.result_only:
                    continue
                for _ in d.states():
                    n += 1
        dt = time.perf_counter() - t0
        print("\nstates(): %d states in %.2f s: %.0f events/s" % (n, dt, n / dt if dt else 0))
        self.assertGreater(n, 0)


if __name__ == "__main__":
    unittest.main()
