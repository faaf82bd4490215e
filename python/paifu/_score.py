"""Scoring one riichi hand, hand analysis, and tournament standings."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

from . import _lib
from ._core import (LIMITS_BY_CODE, TILE_NAMES, PaifuError, Rules, RulesLike, _s, check,
                    new_error, tile_bytes)

SITUATION_FLAGS = {"tsumo": 0x0001, "riichi": 0x0002, "double_riichi": 0x0004,
                   "ippatsu": 0x0008, "haitei": 0x0010, "houtei": 0x0020, "rinshan": 0x0040,
                   "chankan": 0x0080, "chankan_ankan": 0x0100, "tenhou": 0x0200,
                   "chiihou": 0x0400, "renhou": 0x0800}
FU_KINDS = ("base", "set", "pair", "wait", "menzen_ron", "tsumo", "open_pinfu")
_WIND = {"E": 0, "S": 1, "W": 2, "N": 3, 0: 0, 1: 1, 2: 2, 3: 3}


class ScoreResult:
    """The value of one win: status, yaku, han, fu, limit, payments (honba and sticks excluded).

    ``to_dict()`` is what `paifu score --format json` prints for the same hand.
    """

    __slots__ = ("hand", "rules", "status", "valid", "tsumo", "dealer", "yaku", "han", "yaku_han",
                 "yakuman", "fu", "fu_raw", "fu_counted", "wait", "limit", "fu_parts", "dora",
                 "aka", "ura", "kita", "payment", "total")

    def __init__(self, sc: _lib.Score, hand: str, rules_name: str):
        lib = _lib.load()
        self.hand = hand
        self.rules = rules_name
        self.status = _s(lib.paifu_score_status_name(sc.status))
        self.valid = sc.status == 0
        self.tsumo = bool(sc.tsumo)
        self.dealer = bool(sc.dealer)
        self.yaku = [{"id": y.id, "name": _s(lib.paifu_yaku_name(y.id) or b"?"), "han": y.han}
                     for y in sc.yaku[:sc.n_yaku]]
        self.han, self.yaku_han, self.yakuman = sc.han, sc.yaku_han, sc.yakuman
        self.fu, self.fu_raw, self.fu_counted = sc.fu, sc.fu_raw, bool(sc.fu_counted)
        self.wait = _s(lib.paifu_wait_name(sc.wait))
        self.limit = LIMITS_BY_CODE.get(sc.limit, "unknown")
        self.fu_parts = [{"kind": FU_KINDS[p.what], "fu": p.fu} for p in
                         sc.fu_parts[:sc.n_fu_parts]]
        self.dora, self.aka, self.ura, self.kita = sc.dora, sc.aka, sc.ura, sc.kita
        self.payment = {"base": sc.pay.base, "ron": sc.pay.ron,
                        "tsumo_dealer": sc.pay.tsumo_dealer,
                        "tsumo_nondealer": sc.pay.tsumo_nondealer}
        self.total = sc.total

    def to_dict(self) -> Dict[str, Any]:
        d = {s: getattr(self, s) for s in self.__slots__}
        return {k: d[k] for k in ("hand", "rules", "valid", "status", "tsumo", "dealer", "yaku",
                                  "han", "yaku_han", "yakuman", "fu", "fu_raw", "fu_counted",
                                  "wait", "limit", "fu_parts", "dora", "aka", "ura", "kita",
                                  "payment", "total")}

    def __repr__(self) -> str:
        if not self.valid:
            return "ScoreResult(%s)" % self.status
        return "ScoreResult(%d han %d fu, %s, %d)" % (self.han, self.fu, self.limit, self.total)


def _indicators(tiles: Union[str, Iterable[str]]) -> List[int]:
    text = tiles if isinstance(tiles, str) else " ".join(tiles)
    t = tile_bytes(text.replace(",", " "), 5) if text.strip() else []
    return t


def _rules_for(rules: RulesLike, overrides: Optional[Mapping[str, Any]]) -> Rules:
    r = rules.copy() if isinstance(rules, Rules) else Rules(rules or "rrc")
    if overrides:
        r.update(overrides)
    return r


def parse_hand(text: str):
    """Parse hand notation into (ctypes hand, winning tile byte)."""
    lib = _lib.load()
    hand = _lib.Hand()
    win = ctypes.c_uint8(0xFF)
    err = new_error()
    err.where.source = b"HAND"
    check(lib.paifu_hand_parse(ctypes.byref(hand), ctypes.byref(win), text.encode(),
                               ctypes.byref(err)), err)
    return hand, win.value


def score(hand: str, *, dealer: bool = False, seat_wind: Optional[str] = None,
          round_wind: str = "E", dora: Union[str, Iterable[str]] = "",
          ura: Union[str, Iterable[str]] = "", honba: int = 0, kita: int = 0,
          rules: RulesLike = "rrc", overrides: Optional[Mapping[str, Any]] = None,
          all: bool = False, **situation: bool) -> Any:
    """Score one winning riichi hand, as `paifu score`.

    HAND is the hand notation with the winning tile: ``"123m99p13s chi:789s pon:666z +2s"``
    (0 = red five; melds chi/pon/daiminkan/shouminkan/ankan, ``'`` marks the called tile).
    ``dealer=True`` makes the seat wind East (default South); ``round_wind`` and ``seat_wind``
    take "E", "S", "W", "N". ``dora``/``ura`` are indicators ("3m4p" or ["3m", "4p"]).
    Situation flags as keywords: tsumo, riichi, double_riichi, ippatsu, haitei, houtei,
    rinshan, chankan, chankan_ankan, tenhou, chiihou, renhou.
    Returns a :class:`ScoreResult` (``all=True``: every reading and wait position, best
    first). Raises PaifuError for tiles that are no hand.

    >>> paifu.score("123m99p13s chi:789s pon:666z +2s", dealer=True).total
    1500
    """
    lib = _lib.load()
    r = _rules_for(rules, overrides)
    if r.get("family") == "mcr":
        raise PaifuError("MCR hands are not scored by the Python binding; use "
                         "`paifu score --rules mcr`", -5)
    h, win = parse_hand(hand)
    if win == 0xFF:
        raise PaifuError("the hand names no winning tile (add it as +TILE)", -7)
    h.kita = kita
    sit = _lib.Situation()
    lib.paifu_situation_init(ctypes.byref(sit))
    sit.win_tile = win
    sit.round_wind = _WIND[round_wind]
    sit.seat_wind = 0 if dealer else _WIND[seat_wind if seat_wind is not None else "S"]
    sit.honba = honba
    for name, on in situation.items():
        if name not in SITUATION_FLAGS:
            raise TypeError("score() got an unknown situation %r (expected one of %s)"
                            % (name, ", ".join(SITUATION_FLAGS)))
        if on:
            sit.flags |= SITUATION_FLAGS[name]
    for field, count, tiles in (("dora", "n_dora", dora), ("ura", "n_ura", ura)):
        t = _indicators(tiles)
        setattr(sit, count, len(t))
        arr = getattr(sit, field)
        for i, v in enumerate(t):
            arr[i] = v
    err = new_error()
    err.where.source = b"HAND"
    if all:
        out = (_lib.Score * 16)()
        n = ctypes.c_size_t()
        check(lib.paifu_score_interpretations(out, 16, ctypes.byref(n), ctypes.byref(h),
                                              ctypes.byref(sit), r._ptr, ctypes.byref(err)), err)
        if n.value:
            return [ScoreResult(out[i], hand, r.name) for i in range(n.value)]
    sc = _lib.Score()
    check(lib.paifu_score_hand(ctypes.byref(sc), ctypes.byref(h), ctypes.byref(sit), r._ptr,
                               ctypes.byref(err)), err)
    res = ScoreResult(sc, hand, r.name)
    return [res] if all else res


def shanten(hand: str) -> int:
    """Shanten number of a hand in notation: 0 tenpai, -1 complete (14 tiles)."""
    h, win = parse_hand(hand)
    if win != 0xFF:
        err = new_error()
        check(_lib.load().paifu_hand_add(ctypes.byref(h), win, ctypes.byref(err)), err)
    return _lib.load().paifu_hand_shanten(ctypes.byref(h))


def waits(hand: str) -> List[str]:
    """The tiles that complete a 13-tile hand ("123m456p789s1122z" -> ["1z", "2z"])."""
    h, _ = parse_hand(hand)
    bits = _lib.load().paifu_hand_waits(ctypes.byref(h))
    return [TILE_NAMES[k] or "?" for k in range(34) if bits >> k & 1]


def points(han: int, fu: int, *, dealer: bool = False, rules: RulesLike = "rrc",
           overrides: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """Base points, limit and payments of HAN han and FU fu under a rule set (kiriage,
    kazoe yakuman): {"base", "limit", "ron", "tsumo_dealer", "tsumo_nondealer"}."""
    lib = _lib.load()
    r = _rules_for(rules, overrides)
    lim = ctypes.c_int()
    base = lib.paifu_points_base(han, fu, r._ptr, ctypes.byref(lim))
    pay = _lib.Payment()
    lib.paifu_points_payment(ctypes.byref(pay), base, dealer)
    return {"base": base, "limit": LIMITS_BY_CODE.get(lim.value, "unknown"), "ron": pay.ron,
            "tsumo_dealer": pay.tsumo_dealer, "tsumo_nondealer": pay.tsumo_nondealer}


def standings(games: Iterable[Any], rules: RulesLike = "rrc",
              overrides: Optional[Mapping[str, Any]] = None) -> List[Dict[str, Any]]:
    """Players ranked over many games (as `paifu report --standings`): each a dict with name,
    rank, games, total (sum of final scores), points, place_sum (places x 12), best, worst."""
    lib = _lib.load()
    r = _rules_for(rules, overrides)
    st = ctypes.c_void_p()
    err = new_error()
    check(lib.paifu_standings_new(ctypes.byref(st), r._ptr, ctypes.byref(err)), err)
    try:
        for g in games:
            check(lib.paifu_standings_add_log(st, g._ptr, ctypes.byref(err)), err, g.source)
        out = ctypes.POINTER(_lib.Standing)()
        n = lib.paifu_standings_rank(ctypes.byref(out), st)
        return [{"name": _s(s.name), "rank": s.rank, "games": s.games, "total": s.total,
                 "points": s.points, "place_sum": s.place_sum, "best": s.best,
                 "worst": s.worst} for s in out[:n]]
    finally:
        lib.paifu_standings_free(st)
