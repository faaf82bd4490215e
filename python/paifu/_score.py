"""Scoring one riichi hand, hand analysis, and tournament standings."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple, Union

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
    """The value of one win: status, yaku, han, fu, limit, payments (honba and sticks excluded),
    and ``yakuman_multiples``: {yakuman name: its multiples}.

    ``to_dict()`` is what `paifu score --format json` prints for the same hand.
    """

    __slots__ = ("hand", "rules", "status", "valid", "tsumo", "dealer", "yaku", "han", "yaku_han",
                 "yakuman", "fu", "fu_raw", "fu_counted", "wait", "limit", "fu_parts", "dora",
                 "aka", "ura", "kita", "payment", "total", "yakuman_multiples")

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
        # each yakuman's multiples (what a pao win's liable part is priced from, RRC 000
        # §3.7.9), by name; not in to_dict(), which is `paifu score --format json`'s
        self.yakuman_multiples = {y["name"]: lib.paifu_score_yakuman_of(ctypes.byref(sc), y["id"])
                                  for y in self.yaku if lib.paifu_yaku_is_yakuman(y["id"])}

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
        return mcr_score(hand, self_draw=bool(situation.get("tsumo")),
                         robbing=bool(situation.get("chankan")),
                         seat_wind=seat_wind or ("E" if dealer else "S"), round_wind=round_wind,
                         rules=r)
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
              overrides: Optional[Mapping[str, Any]] = None, *,
              settled: bool = False, sanctions: Optional[Mapping[str, int]] = None
              ) -> List[Dict[str, Any]]:
    """Players ranked over many games (as `paifu report --standings`): each a dict with name,
    rank, games, total (sum of final scores), points, place_sum (places x 12), best, worst,
    place_penalty (hundredths of a place).

    GAMES are games read from logs, or a score line each: (names, final points, final scores)
    in seat order (paifu_standings_add_game). With SETTLED a game counts as its settled view
    gives it (its recorded final points, else the walk's: paifu_standings_add_settled), not
    only by what it records. SANCTIONS adds hundredths of a place to a player's average place
    by name (paifu_standings_add_place_penalty)."""
    lib = _lib.load()
    r = _rules_for(rules, overrides)
    st = ctypes.c_void_p()
    err = new_error()
    check(lib.paifu_standings_new(ctypes.byref(st), r._ptr, ctypes.byref(err)), err)
    try:
        for g in games:
            if isinstance(g, tuple):
                names, pts, final = g
                n = len(names)
                arr_n = (ctypes.c_char_p * 4)(*[x.encode() for x in names])
                arr_p = (ctypes.c_int32 * 4)(*pts)
                arr_f = (ctypes.c_int32 * 4)(*final)
                check(lib.paifu_standings_add_game(st, arr_n, arr_p, arr_f, n,
                                                   ctypes.byref(err)), err)
            elif settled:
                sv = ctypes.c_void_p()
                check(lib.paifu_game_settle(ctypes.byref(sv), g._ptr, r._ptr, None, None,
                                            ctypes.byref(err)), err, g.source)
                try:
                    check(lib.paifu_standings_add_settled(st, g._ptr, sv, None,
                                                          ctypes.byref(err)), err, g.source)
                finally:
                    lib.paifu_settled_free(sv)
            else:
                check(lib.paifu_standings_add_log(st, g._ptr, ctypes.byref(err)), err, g.source)
        for name, hundredths in (sanctions or {}).items():
            check(lib.paifu_standings_add_place_penalty(st, name.encode(), hundredths,
                                                        ctypes.byref(err)), err)
        out = ctypes.POINTER(_lib.Standing)()
        n = lib.paifu_standings_rank(ctypes.byref(out), st)
        return [{"name": _s(s.name), "rank": s.rank, "games": s.games, "total": s.total,
                 "points": s.points, "place_sum": s.place_sum, "best": s.best,
                 "worst": s.worst, "place_penalty": s.place_penalty} for s in out[:n]]
    finally:
        lib.paifu_standings_free(st)


# ---- MCR (Chinese Official) hands ----

MCR_SHAPES = ("none", "standard", "seven_pairs", "thirteen_orphans", "honors_knitted",
              "knitted_straight")


class McrFan(NamedTuple):
    """One fan of the MCR table (paifu_mcr_fan): its Green Book number, the points of one
    instance, whether it may be scored more than once, its names."""

    id: int
    points: int
    repeatable: bool
    name: str
    english: str
    chinese: str


def mcr_fan(fan: Union[int, str]) -> Optional[McrFan]:
    """The MCR fan of number FAN (1..82) or of a name (snake_case, English or Chinese), None
    when there is none."""
    lib = _lib.load()
    if isinstance(fan, str):
        fan = lib.paifu_mcr_fan_from_name(fan.encode())
        if fan < 0:
            return None
    f = lib.paifu_mcr_fan(fan)
    if not f:
        return None
    f = f.contents
    return McrFan(f.id, f.points, bool(f.repeatable), _s(f.name), _s(f.english),
                  _s(f.chinese))


class McrScore(NamedTuple):
    """The value of an MCR hand (paifu_mcr_score_hand): complete (a winning shape), legal
    (and at least the rule set's minimum of fan points), the shape of the reading kept, its
    fans as (id, name, points of one, count), fan_points (flowers excluded), flower_points and
    total (B = fans + flowers)."""

    hand: str
    complete: bool
    legal: bool
    shape: str
    fans: List[Tuple[int, str, int, int]]
    fan_points: int
    flower_points: int
    total: int

    def to_dict(self) -> Dict[str, Any]:
        d = self._asdict()
        d["fans"] = [{"id": i, "name": n, "points": p, "count": c} for i, n, p, c in self.fans]
        return d


def mcr_score(hand: str, *, self_draw: bool = False, robbing: bool = False,
              seat_wind: str = "E", round_wind: str = "E", flowers: int = 0,
              last_wall_tile: bool = False, last_of_kind: bool = False,
              kong_replacement: bool = False, rules: RulesLike = "mcr",
              overrides: Optional[Mapping[str, Any]] = None,
              prefer: Optional[Iterable[Tuple[int, int]]] = None) -> McrScore:
    """Score an MCR winning hand, as `paifu score --rules mcr`: HAND in notation ("123m
    chi:789s pon:111z ankan:9999m +5p", honours 1z..7z), won by a discard, a SELF_DRAW or
    ROBBING a kong, with the winds, the bonus tiles set aside and the situation flags of
    mcr.md section 11.2. PREFER, (fan id, count) pairs, picks among readings of equal total
    (paifu_mcr_score_hand_as). A hand that is no winning shape is not an error: complete is
    False."""
    lib = _lib.load()
    r = _rules_for(rules, overrides)
    h = _lib.McrHand()
    err = new_error()
    err.where.source = b"HAND"
    check(lib.paifu_mcr_hand_parse(ctypes.byref(h), hand.encode(), ctypes.byref(err)), err)
    sit = _lib.McrSituation()
    sit.win_by = 2 if robbing else 1 if self_draw else 0
    sit.flags = (1 if last_wall_tile else 0) | (2 if last_of_kind else 0) | \
        (4 if kong_replacement else 0)
    sit.seat_wind, sit.prevalent_wind, sit.flowers = _WIND[seat_wind], _WIND[round_wind], flowers
    out = _lib.McrResult()
    if prefer is not None:
        want = [(i, c) for i, c in prefer]
        arr = (_lib.McrFanValue * max(1, len(want)))()
        for k, (i, c) in enumerate(want):
            arr[k].id, arr[k].count = i, c
        rc = lib.paifu_mcr_score_hand_as(ctypes.byref(out), ctypes.byref(h), ctypes.byref(sit),
                                         r._ptr, arr, len(want), ctypes.byref(err))
    else:
        rc = lib.paifu_mcr_score_hand(ctypes.byref(out), ctypes.byref(h), ctypes.byref(sit),
                                      r._ptr, ctypes.byref(err))
    check(rc, err)
    fans = [(f.id, _s(lib.paifu_mcr_fan_name(f.id) or b"?"), f.points, f.count)
            for f in out.fans[:out.n_fans]]
    return McrScore(hand, bool(out.complete), bool(out.legal),
                    MCR_SHAPES[out.shape] if out.shape < len(MCR_SHAPES) else str(out.shape),
                    fans, out.fan_points, out.flower_points, out.total)


def mcr_legal_total(fan_points: int, rules: RulesLike = "mcr") -> bool:
    """True when FAN_POINTS (flowers excluded) reach the rule set's minimum (mcr.md §5)."""
    return bool(_lib.load().paifu_mcr_is_legal_total(fan_points, _rules_for(rules, None)))


def points_possible(han: int, fu: int, tsumo: bool = False) -> bool:
    """Can HAN han and FU fu occur for a ron (or a TSUMO)? 20 fu only as pinfu tsumo, 25 fu
    only as chiitoitsu (RRC 000 §3.7.6: the dashes of the payment table)."""
    return bool(_lib.load().paifu_points_possible(han, fu, tsumo))


def yaku_display_name(yaku_id: int) -> Optional[str]:
    """The yaku's name in words ("Riichi", "Seat wind (West)"), None for an unknown id."""
    r = _lib.load().paifu_yaku_display_name(yaku_id)
    return _s(r) if r else None


def yaku_is_dora(yaku_id: int) -> bool:
    """True for the dora family (dora, ura dora, red fives, kita): they never make a hand."""
    return bool(_lib.load().paifu_yaku_is_dora(yaku_id))


# ---- hand analysis ----

SET_TYPES = {1: "sequence", 2: "triplet", 3: "quad"}
FORMS = ("standard", "seven_pairs", "thirteen_orphans")


def _full_hand(hand: str):
    """HAND parsed, its winning tile (if any) added: the 14-tile state."""
    h, win = parse_hand(hand)
    if win != 0xFF:
        err = new_error()
        check(_lib.load().paifu_hand_add(ctypes.byref(h), win, ctypes.byref(err)), err)
    return h


def is_complete(hand: str) -> bool:
    """True when HAND (14 tiles, the winning tile as +TILE or among the tiles) is a complete
    hand: it has a reading (paifu_hand_is_complete)."""
    return bool(_lib.load().paifu_hand_is_complete(ctypes.byref(_full_hand(hand))))


def readings(hand: str) -> List[Dict[str, Any]]:
    """Every reading of a complete HAND (paifu_hand_readings): {"form": "standard" |
    "seven_pairs" | "thirteen_orphans", "sets": [(type, lowest tile, called)], "pair": tile,
    "pairs": [tiles] for seven pairs}; [] when it is not complete."""
    lib = _lib.load()
    h = _full_hand(hand)
    out = (_lib.Reading * 32)()
    n = ctypes.c_size_t()
    err = new_error()
    err.where.source = b"HAND"
    check(lib.paifu_hand_readings(out, 32, ctypes.byref(n), ctypes.byref(h), ctypes.byref(err)),
          err)
    kind = _kind_name
    res = []
    for r in out[:n.value]:
        res.append({"form": FORMS[r.form] if r.form < len(FORMS) else str(r.form),
                    "sets": [(SET_TYPES.get(x.type, "?"), kind(x.kind), x.meld >= 0)
                             for x in r.sets[:r.n_sets]],
                    "pair": kind(r.pair) if r.form != 1 else None,
                    "pairs": [kind(k) for k in r.pairs[:7]] if r.form == 1 else []})
    return res


def _kind_name(kind: int) -> str:
    return TILE_NAMES[_lib.load().paifu_tile_make(kind, False)] or "?"


def _kind_bits(tiles: Union[str, Iterable[str]]) -> int:
    bits = 0
    for t in _indicators(tiles):
        bits |= 1 << ((t & 0x3F) if t != 0xFF else 0)
    return bits


def is_closed(hand: str) -> bool:
    """True when HAND has called no meld but closed kans (menzen; paifu_hand_is_closed)."""
    h, _ = parse_hand(hand)
    return bool(_lib.load().paifu_hand_is_closed(ctypes.byref(h)))


def kind_count(hand: str, tile: str) -> int:
    """Tiles of TILE's kind HAND holds, concealed and melded (paifu_hand_kind_count)."""
    from ._core import tile_code
    h = _full_hand(hand)
    return _lib.load().paifu_hand_kind_count(ctypes.byref(h), tile_code(tile) & 0x3F)


def furiten(hand: str, discarded: Union[str, Iterable[str]]) -> bool:
    """True when a wait of the 13-tile HAND is among DISCARDED (tiles: the player's own
    discards, or those passed since the last draw): the intersection, RRC 002 §3.4
    (paifu_hand_furiten)."""
    h, _ = parse_hand(hand)
    return bool(_lib.load().paifu_hand_furiten(ctypes.byref(h), _kind_bits(discarded)))


def tenpai_at_draw(hand: str, rules: RulesLike = "rrc",
                   overrides: Optional[Mapping[str, Any]] = None) -> bool:
    """Is the 13-tile HAND tenpai at an exhaustive draw? A wait on a tile the hand already
    holds four of does not count (RRC 000 §3.8); without keishiki_tenpai a wait needs a yaku
    (paifu_hand_tenpai_for_draw, East round, dealer, no riichi)."""
    h, _ = parse_hand(hand)
    r = _rules_for(rules, overrides)
    return bool(_lib.load().paifu_hand_tenpai_for_draw(ctypes.byref(h), r._ptr, None))


def riichi_ankan_allowed(hand: str, drawn: str, rules: RulesLike = "rrc") -> bool:
    """May a player in riichi with the 14-tile HAND declare a closed kan of DRAWN, the tile
    just drawn (paifu_hand_riichi_ankan_allowed)?"""
    from ._core import tile_code
    h = _full_hand(hand)
    return bool(_lib.load().paifu_hand_riichi_ankan_allowed(ctypes.byref(h), tile_code(drawn),
                                                            _rules_for(rules, None)))


def kuikae_forbidden(meld: str, rules: RulesLike = "rrc") -> List[str]:
    """The tiles the caller of MELD ("chi:3'45m", the called tile marked) may not discard
    at once under the rule set's kuikae (paifu_meld_kuikae_forbidden)."""
    lib = _lib.load()
    h, _ = parse_hand(meld)
    if h.n_melds != 1:
        raise PaifuError("expected one meld such as chi:3'45m, found %r" % meld, -7)
    bits = lib.paifu_meld_kuikae_forbidden(ctypes.byref(h.melds[0]), _rules_for(rules, None))
    return [_kind_name(k) for k in range(34) if bits >> k & 1]


def meld_type(meld: str) -> str:
    """The type of the meld MELD in notation, as the library names it (paifu_meld_type_name)."""
    h, _ = parse_hand(meld)
    if h.n_melds != 1:
        raise PaifuError("expected one meld such as pon:55'5z, found %r" % meld, -7)
    return _s(_lib.load().paifu_meld_type_name(h.melds[0].type))


def dora_count(hand: str, indicators: Union[str, Iterable[str]],
               three_player: bool = False) -> int:
    """Han from dora in HAND (with its winning tile) for the INDICATORS: one per matching
    tile and indicator, red fives not counted (RRC 000 §3.6, paifu_hand_dora_count)."""
    h, win = parse_hand(hand)
    t = _indicators(indicators)
    arr = (ctypes.c_uint8 * max(1, len(t)))(*t)
    return _lib.load().paifu_hand_dora_count(ctypes.byref(h), win, arr, len(t), three_player)


def aka_count(hand: str) -> int:
    """Red fives in HAND, concealed, melded and the winning tile (paifu_hand_aka_count)."""
    h, win = parse_hand(hand)
    return _lib.load().paifu_hand_aka_count(ctypes.byref(h), win)
