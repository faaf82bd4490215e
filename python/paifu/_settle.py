"""Settlement (paifu/settle.h, the MCR part of paifu/mcr.h): places, final scores, the
payments of a draw, a chombo and a fine, the wall break, MCR payments, penalties, seating,
table points and standings. Pure functions of their arguments and a rule set."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from . import _lib
from ._core import PaifuError, Rules, RulesLike, _s, check, new_error

SEATS = _lib.SEATS
MCR_OFFENCES = ("false_hu", "mistaken_hu", "exposure", "empty_claim", "touching_wall",
                "late_pung", "knocked_tiles")
FINES = ("repeat", "lateness")


def _rules(rules: RulesLike, overrides: Optional[Mapping[str, Any]] = None) -> Rules:
    r = rules.copy() if isinstance(rules, Rules) else Rules(rules or "rrc")
    if overrides:
        r.update(overrides)
    return r


def _i32(values: Optional[Sequence[int]]) -> Any:
    arr = (ctypes.c_int32 * SEATS)()
    for i, v in enumerate(values or ()):
        arr[i] = v
    return arr


def _bits(seats: Iterable[int]) -> int:
    b = 0
    for s in seats:
        b |= 1 << s
    return b


def places(points: Sequence[int], rules: RulesLike = "rrc") -> List[float]:
    """The places (1 = first) of final POINTS in seat order; tied players share the mean of
    their places under placement_tie = share ("3.5"), else the seat nearer the first dealer
    ranks higher (paifu_settle_places)."""
    n = len(points)
    out = (ctypes.c_int * SEATS)()
    _lib.load().paifu_settle_places(out, _i32(points), n, _rules(rules))
    return [v / 12 for v in out[:n]]


def final_scores(points: Sequence[int], penalties: Optional[Sequence[int]] = None,
                 rules: RulesLike = "rrc",
                 overrides: Optional[Mapping[str, Any]] = None) -> List[int]:
    """Final scores from final POINTS (leftover sticks given): points - return + oka + uma,
    the rules' rounding, then PENALTIES (points, positive) taken off after uma
    (paifu_settle_final)."""
    n = len(points)
    out = (ctypes.c_int32 * SEATS)()
    _lib.load().paifu_settle_final(out, _i32(points), _i32(penalties) if penalties else None,
                                   n, _rules(rules, overrides))
    return list(out[:n])


def leftover(points: Sequence[int], sticks: int, rules: RulesLike = "rrc") -> List[int]:
    """POINTS after the STICKS riichi sticks left at the end went as leftover_riichi says (to
    the first place, split, or lost) (paifu_settle_leftover)."""
    n = len(points)
    arr = _i32(points)
    _lib.load().paifu_settle_leftover(arr, sticks, n, _rules(rules))
    return list(arr[:n])


def oka(start: int, return_points: int, players: int = 4) -> int:
    """The oka a start and a return imply: what every player gives up, paid to the first."""
    return _lib.load().paifu_settle_oka(start, return_points, players)


def noten_payments(tenpai: Iterable[int], players: int = 4, rules: RulesLike = "rrc") -> List[int]:
    """Score changes of the noten payments of an exhaustive draw where the seats TENPAI are
    tenpai (paifu_settle_noten)."""
    out = (ctypes.c_int32 * SEATS)()
    _lib.load().paifu_settle_noten(out, _bits(tenpai), players, _rules(rules))
    return list(out[:players])


def nagashi_payments(nagashi: Iterable[int], dealer: int, players: int = 4) -> List[int]:
    """Score changes of nagashi mangan for the seats NAGASHI (paifu_settle_nagashi)."""
    out = (ctypes.c_int32 * SEATS)()
    _lib.load().paifu_settle_nagashi(out, _bits(nagashi), dealer, players)
    return list(out[:players])


def chombo_payment(offender: int, dealer: int, players: int = 4) -> List[int]:
    """Score changes of a chombo paid at once as a reverse mangan (paifu_settle_chombo_payment)."""
    out = (ctypes.c_int32 * SEATS)()
    _lib.load().paifu_settle_chombo_payment(out, offender, dealer, players)
    return list(out[:players])


def chombo_penalty(rules: RulesLike = "rrc") -> int:
    """The after-uma chombo penalty of the rule set, in points (positive)."""
    return _lib.load().paifu_settle_chombo_penalty(_rules(rules))


def fine(kind: str, n: int, rules: RulesLike = "rrc") -> int:
    """The fine of KIND ("repeat": the N-th repeat after a notice; "lateness": N minutes
    late) under the rule set, in points after uma; 0 when it has none (paifu_settle_fine)."""
    if kind not in FINES:
        raise PaifuError("fine %r: expected one of %s" % (kind, ", ".join(FINES)), -7)
    return _lib.load().paifu_settle_fine(_rules(rules), FINES.index(kind), n)


def substitute_score(rules: RulesLike = "rrc") -> int:
    """The fixed final score of a substitute or absent player (paifu_settle_substitute_score)."""
    return _lib.load().paifu_settle_substitute_score(_rules(rules))


def wall_break(dice: int, wall_stacks: int = 17) -> Tuple[int, int]:
    """Where the wall is broken for a dice sum: (the wall, counted counter-clockwise from the
    dealer's: 0 dealer, 1 right, 2 across, 3 left; the break's place in stacks from that wall's
    left end) (paifu_settle_wall_break)."""
    side, left = ctypes.c_int(), ctypes.c_int()
    err = new_error()
    check(_lib.load().paifu_settle_wall_break(ctypes.byref(side), ctypes.byref(left), dice,
                                              wall_stacks, ctypes.byref(err)), err)
    return side.value, left.value


# ---- MCR ----


def mcr_settle(total: int, winner: int, discarder: Optional[int] = None,
               rules: RulesLike = "mcr") -> List[int]:
    """Score changes of an MCR win of TOTAL basic points (fans and flowers) by WINNER, from
    DISCARDER's discard (None: a self-draw) (mcr.md §8, paifu_mcr_settle)."""
    out = (ctypes.c_int32 * SEATS)()
    err = new_error()
    check(_lib.load().paifu_mcr_settle(out, winner, -1 if discarder is None else discarder,
                                       total, _rules(rules), ctypes.byref(err)), err)
    return list(out)


def mcr_siamese_settle(value: int, players: int, winner: int,
                       discarder: Optional[int] = None) -> List[int]:
    """Score changes of a Siamese MCR win of VALUE among PLAYERS (2 or 3) (mcr.md §12)."""
    out = (ctypes.c_int32 * SEATS)()
    err = new_error()
    check(_lib.load().paifu_mcr_siamese_settle(out, players, winner,
                                               -1 if discarder is None else discarder, value,
                                               ctypes.byref(err)), err)
    return list(out[:players])


class McrOffence(NamedTuple):
    """An MCR offence with a sanction (mcr.md §9): its name, whether it bars the offender
    from winning the hand, escalates (warning, 5, 10, 20, ...), pays the others; its source."""

    name: str
    bars_win: bool
    escalating: bool
    transferred: bool
    source: str


def mcr_offences() -> List[McrOffence]:
    """The offences of mcr.md §9 in the order of their numbers (paifu_mcr_offence_get)."""
    lib = _lib.load()
    out = []
    for i in range(len(MCR_OFFENCES)):
        o = lib.paifu_mcr_offence_get(i)
        if not o:
            break
        o = o.contents
        out.append(McrOffence(_s(o.name), bool(o.bars_win), bool(o.escalating),
                              bool(o.transferred), _s(o.source or b"")))
    return out


def mcr_penalty(offence: str, offender: int, n: int = 1, victim: Optional[int] = None,
                rules: RulesLike = "mcr") -> List[int]:
    """Score changes of OFFENCE (a name of mcr_offences()) by OFFENDER: N is the occurrence of
    an escalating offence (1: the first, a warning) or the points the referee awards for
    knocked tiles to VICTIM (paifu_mcr_penalty_deltas)."""
    pc = _lib.McrPenaltyCase()
    names = [o.name for o in mcr_offences()]
    if offence not in names:
        raise PaifuError("offence %r: expected one of %s" % (offence, ", ".join(names)), -7)
    pc.offence, pc.offender = names.index(offence), offender
    pc.victim = -1 if victim is None else victim
    pc.n = n
    out = (ctypes.c_int32 * SEATS)()
    err = new_error()
    check(_lib.load().paifu_mcr_penalty_deltas(out, ctypes.byref(pc), _rules(rules),
                                               ctypes.byref(err)), err)
    return list(out)


def mcr_seating(hand: int, rules: RulesLike = "mcr") -> Dict[str, Any]:
    """Hand HAND (1..16) of an MCR session: {"dealer": the player (0..3, as seated East,
    South, West, North in the first round) who deals it, "winds": each player's seat wind}
    (mcr.md §2.4; paifu_mcr_dealer, paifu_mcr_seat_wind)."""
    lib = _lib.load()
    r = _rules(rules)
    dealer = lib.paifu_mcr_dealer(hand, r._ptr)
    if dealer < 0:
        raise PaifuError("hand %d: expected 1..16" % hand, -7)
    return {"dealer": dealer,
            "winds": ["ESWN"[lib.paifu_mcr_seat_wind(hand, p, r._ptr)] for p in range(SEATS)]}


def mcr_place(totals: Sequence[int], rules: RulesLike = "mcr") -> Dict[str, List[Any]]:
    """Places and table points (mcr_table_points, ties as placement_tie says) of one table's
    four session TOTALS (mcr.md §10, paifu_mcr_place)."""
    out = _lib.McrPlacement()
    err = new_error()
    check(_lib.load().paifu_mcr_place(ctypes.byref(out), _i32(totals), _rules(rules),
                                      ctypes.byref(err)), err)
    return {"places": list(out.place), "table_points": [v / 12 for v in out.table_points]}


def mcr_standings(tables: Iterable[Tuple[Sequence[str], Sequence[int]]],
                  rules: RulesLike = "mcr") -> List[Dict[str, Any]]:
    """Standings across tables, each (the four players' names, their session totals): table
    points and totals summed per player, ranked by table points, then total, then name
    (paifu_mcr_standings)."""
    tabs = list(tables)
    arr = (_lib.McrTable * max(1, len(tabs)))()
    keep = []
    for i, (names, totals) in enumerate(tabs):
        for s, name in enumerate(names):
            b = name.encode()
            keep.append(b)
            arr[i].players[s] = b
        for s, v in enumerate(totals):
            arr[i].totals[s] = v
    cap = SEATS * max(1, len(tabs))
    out = (_lib.McrStanding * cap)()
    n = ctypes.c_size_t(cap)
    err = new_error()
    check(_lib.load().paifu_mcr_standings(out, ctypes.byref(n), arr, len(tabs),
                                          _rules(rules), ctypes.byref(err)), err)
    return [{"player": _s(x.player), "rank": x.rank, "table_points": x.table_points / 12,
             "total": x.total, "tables": x.tables} for x in out[:n.value]]
