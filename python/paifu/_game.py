"""Games, deals, events and recorded values; reading, verifying and converting."""

from __future__ import annotations

import ctypes
import functools
import os
import struct
import weakref
from typing import (Any, BinaryIO, Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional,
                    Sequence, Tuple, Union)

from . import _lib
from ._build import GameBuilding
from ._core import (SEVERITIES, TILE_NAMES, Location, PaifuError, Rules, RulesLike, _fs, _s,
                    check, error_from_c, location_from_c, new_error)

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO]

EVENT_TYPES: Tuple[str, ...] = ("", "draw", "discard", "chi", "pon", "daiminkan", "ankan",
                                "shouminkan", "kita", "flower", "riichi_accepted", "dora", "win",
                                "exhaustive_draw", "abortive_draw", "penalty", "disconnect",
                                "reconnect")
"""EVENT_TYPES[code]: the name of a C event type (paifu_event_type_name), index 0 unused."""

WINDS = ("E", "S", "W", "N")
LIMITS = {0: "none", 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman",
          255: "unknown"}
DRAW_KINDS = ("exhaustive", "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou")
PENALTY_KINDS = ("chombo", "dead_hand", "fine", "other", "mistaken_hu", "exposed_hand")
PENALTY_TIMINGS = ("by_rules", "after_uma", "immediate")
RECORDED = {0x0001: "han", 0x0002: "fu", 0x0004: "points", 0x0008: "limit", 0x0010: "yaku",
            0x0020: "deltas", 0x0040: "scores", 0x0080: "sticks", 0x0100: "hand", 0x0200: "dora",
            0x0400: "ura", 0x0800: "tenpai", 0x1000: "payments"}
# the start values a score sheet's deal takes from the settled view
_SETTLED_START = ("label", "round_wind", "hand_number", "dealer", "honba", "riichi_sticks")

DEAL_FLAGS = {0x01: "result_only", 0x02: "has_scores", 0x04: "has_hands", 0x08: "has_wall",
              0x10: "has_dice", 0x20: "has_sticks", 0x40: "round_unknown", 0x80: "time_up"}

_EVENT = struct.Struct(_lib.EVENT_STRUCT)
assert _EVENT.size == ctypes.sizeof(_lib.Event)


def _tiles(raw: Sequence[int], n: int) -> List[str]:
    names = TILE_NAMES
    return [names[t] or "?" for t in raw[:n]]


def _ids(raw: Sequence[int], n: int) -> List[Optional[int]]:
    return [None if i == 0xFF else i for i in raw[:n]]


def _seats(bits: int) -> List[int]:
    return [s for s in range(4) if bits >> s & 1]


# ---- events ----


class Event(tuple):
    """One event of a deal: a light, immutable value with its tiles in notation.

    The tuple holds the C struct's fields as they are (type code, seat, from, flags, tile byte,
    tile id, n, reserved, hand tiles, their ids, detail, line, column); the properties give
    them as Python values: ``type`` ("draw", "discard", "chi", ... "win"), ``seat`` and
    ``from_seat`` (None when none), ``tile`` ("5m", "0p" for a red five, None), ``tiles`` (the
    tiles a call takes from the hand), ``tsumogiri`` (None when the log does not say),
    ``riichi``, ``replacement``, ``line`` and ``column`` in the source. A win, draw or penalty
    points at its recorded values: ``deal.record(event)``.
    """

    __slots__ = ()

    @property
    def type(self) -> str:
        return EVENT_TYPES[self[0]]

    @property
    def type_code(self) -> int:
        return self[0]

    @property
    def seat(self) -> Optional[int]:
        s = self[1]
        return s if s >= 0 else None

    @property
    def from_seat(self) -> Optional[int]:
        s = self[2]
        return s if s >= 0 else None

    @property
    def flags(self) -> int:
        return self[3]

    @property
    def tile(self) -> Optional[str]:
        return TILE_NAMES[self[4]]

    @property
    def tile_id(self) -> Optional[int]:
        i = self[5]
        return None if i == 0xFF else i

    @property
    def tiles(self) -> List[str]:
        return _tiles(self[8], self[6])

    @property
    def tile_ids(self) -> List[Optional[int]]:
        return _ids(self[9], self[6])

    @property
    def detail(self) -> int:
        return self[10]

    @property
    def line(self) -> int:
        return self[11]

    @property
    def column(self) -> int:
        return self[12]

    @property
    def tsumogiri(self) -> Optional[bool]:
        f = self[3]
        return bool(f & 0x01) if f & 0x02 else None

    @property
    def riichi(self) -> bool:
        return bool(self[3] & 0x04)

    @property
    def replacement(self) -> bool:
        return bool(self[3] & 0x08)

    @property
    def double_riichi(self) -> bool:
        return bool(self[3] & 0x10)

    def to_dict(self) -> Dict[str, Any]:
        """The event's fields that apply, as plain values."""
        d: Dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            d["seat"] = self.seat
        if self.from_seat is not None:
            d["from"] = self.from_seat
        if self.tile is not None:
            d["tile"] = self.tile
        if self.tile_id is not None:
            d["tile_id"] = self.tile_id
        if self[6]:
            d["tiles"] = self.tiles
        if self.tsumogiri is not None:
            d["tsumogiri"] = self.tsumogiri
        if self.riichi:
            d["riichi"] = True
        if self.replacement:
            d["replacement"] = True
        if self.double_riichi:
            d["double_riichi"] = True
        if self.line:
            d["line"] = self.line
        if self.column:
            d["column"] = self.column
        return d

    def __repr__(self) -> str:
        parts = [self.type]
        if self.seat is not None:
            parts.append("seat=%d" % self.seat)
        if self.tile is not None:
            parts.append(self.tile)
        if self[6]:
            parts.append("+" + "".join(self.tiles))
        if self.from_seat is not None:
            parts.append("from=%d" % self.from_seat)
        return "Event(%s)" % " ".join(parts)


_make_event = functools.partial(tuple.__new__, Event)


def _events_from(ptr: int, n: int) -> List[Event]:
    if not n:
        return []
    return list(map(_make_event, _EVENT.iter_unpack(ctypes.string_at(ptr, n * _EVENT.size))))


# ---- recorded values ----


class Yaku(NamedTuple):
    """A recorded yaku (riichi: Tenhou's id; MCR: the fan number) with the han the log gave
    (13 per yakuman; MCR: points), how often it counts, and the log's own spelling."""

    id: int
    name: Optional[str]
    han: int
    count: int
    log_name: Optional[str]


def _yaku_list(arr, n: int, mcr: bool = False) -> List[Yaku]:
    lib = _lib.load()
    name_of = lib.paifu_mcr_fan_name if mcr else lib.paifu_yaku_name
    out = []
    for y in arr[:n]:
        nm = name_of(y.id)
        out.append(Yaku(y.id, _s(nm) if nm else None, y.han, y.count,
                        _s(y.name) if y.name else None))
    return out


def _known(bits: int) -> frozenset:
    return frozenset(v for k, v in RECORDED.items() if bits & k)


class Win:
    """A recorded win. A value the log did not record is None (see ``known``)."""

    __slots__ = ("winner", "from_seat", "pao", "tsumo", "known", "win_tile", "win_tile_id",
                 "hand", "dora", "ura", "yaku", "yakuman", "han", "fu", "limit", "points",
                 "payment_nondealer", "payment_dealer", "honba", "riichi_sticks", "deltas",
                 "scores_before")

    def __init__(self, w: _lib.Win, mcr: bool = False):
        k = w.known
        self.known = _known(k)
        self.winner = w.winner
        self.from_seat = w.from_
        self.pao = w.pao if w.pao >= 0 else None
        self.tsumo = w.winner == w.from_
        self.win_tile = TILE_NAMES[w.win_tile]
        self.win_tile_id = None if w.win_tile_id == 0xFF else w.win_tile_id
        self.hand = _tiles(w.hand, w.n_hand) if k & 0x0100 or w.n_hand else None
        self.dora = _tiles(w.dora, w.n_dora) if k & 0x0200 or w.n_dora else None
        self.ura = _tiles(w.ura, w.n_ura) if k & 0x0400 or w.n_ura else None
        self.yaku = _yaku_list(w.yaku, w.n_yaku, mcr) if k & 0x0010 else None
        self.yakuman = w.yakuman if k & 0x0010 else None
        self.han = w.han if k & 0x0001 else None
        self.fu = w.fu if k & 0x0002 else None
        self.limit = LIMITS.get(w.limit, "unknown") if k & 0x0008 else None
        self.points = w.points if k & 0x0004 else None
        self.payment_nondealer = w.payment_nondealer if k & 0x1000 else None
        self.payment_dealer = w.payment_dealer if k & 0x1000 else None
        self.honba = w.honba if k & 0x0080 else None
        self.riichi_sticks = w.riichi_sticks if k & 0x0080 else None
        self.deltas = list(w.deltas) if k & 0x0020 else None
        self.scores_before = list(w.scores_before) if k & 0x0040 else None

    def to_dict(self) -> Dict[str, Any]:
        d = {s: getattr(self, s) for s in self.__slots__}
        d["known"] = sorted(self.known)
        if self.yaku is not None:
            d["yaku"] = [y._asdict() for y in self.yaku]
        return d

    def __repr__(self) -> str:
        return "Win(winner=%d, from=%d, han=%s, fu=%s, points=%s)" % (
            self.winner, self.from_seat, self.han, self.fu, self.points)


class Draw:
    """A recorded draw (exhaustive or abortive): its kind, tenpai and nagashi seats, the hands
    shown, sticks, score changes. Unrecorded values are None."""

    __slots__ = ("kind", "seat", "known", "tenpai", "nagashi", "shown", "honba", "riichi_sticks",
                 "deltas", "scores_before")

    def __init__(self, d: _lib.Draw):
        k = d.known
        self.kind = DRAW_KINDS[d.kind] if d.kind < len(DRAW_KINDS) else str(d.kind)
        self.seat = d.seat if d.seat >= 0 else None
        self.known = _known(k)
        self.tenpai = _seats(d.tenpai) if k & 0x0800 else None
        self.nagashi = _seats(d.nagashi)
        self.shown = {s: _tiles(d.hands[s], d.n_hand[s]) for s in _seats(d.shown)}
        self.honba = d.honba if k & 0x0080 else None
        self.riichi_sticks = d.riichi_sticks if k & 0x0080 else None
        self.deltas = list(d.deltas) if k & 0x0020 else None
        self.scores_before = list(d.scores_before) if k & 0x0040 else None

    def to_dict(self) -> Dict[str, Any]:
        d = {s: getattr(self, s) for s in self.__slots__}
        d["known"] = sorted(self.known)
        return d

    def __repr__(self) -> str:
        return "Draw(%s, tenpai=%s)" % (self.kind, self.tenpai)


class Penalty:
    """A recorded penalty: kind ("chombo", "dead_hand", "fine", "other"), timing, seat,
    amount (0: as the rules say), deltas (None when not recorded) and a free-text note."""

    __slots__ = ("kind", "timing", "seat", "amount", "deltas", "note")

    def __init__(self, p: _lib.Penalty):
        self.kind = PENALTY_KINDS[p.kind] if p.kind < len(PENALTY_KINDS) else str(p.kind)
        self.timing = PENALTY_TIMINGS[p.timing] if p.timing < 3 else str(p.timing)
        self.seat = p.seat
        self.amount = p.amount
        self.deltas = list(p.deltas) if p.has_deltas else None
        self.note = _s(p.note) if p.note else None

    def to_dict(self) -> Dict[str, Any]:
        return {s: getattr(self, s) for s in self.__slots__}

    def __repr__(self) -> str:
        return "Penalty(%s, seat=%d)" % (self.kind, self.seat)


# ---- deals ----


class StateMeld(NamedTuple):
    """A meld (or a kita / flower set aside) on the table: its type (an event type: "chi",
    "pon", "daiminkan", "ankan", "shouminkan", "kita", "flower"), the seat the called tile came
    from (None: none) and its tiles, the hand's then the called (or added) one."""

    type: str
    from_seat: Optional[int]
    tiles: List[str]


class StateDiscard(NamedTuple):
    """A discard in a river: its tile and whether it was tsumogiri, declared riichi, or was
    called by another seat."""

    tile: str
    tsumogiri: bool
    riichi: bool
    called: bool


class State(NamedTuple):
    """The table after ``event`` events of a deal (0: as dealt), as the library's table walk
    (paifu_table_walk_next, the viewer's and the report's states) gives it: every seat's
    concealed hand (sorted), melds and river, the dora indicators shown, the scores less the
    riichi deposits made (None when the deal does not record its start scores), the riichi
    sticks on the table, the seats that declared riichi and the live-wall tiles left (None
    without a rule set)."""

    event: int
    hands: List[List[str]]
    melds: List[List[StateMeld]]
    rivers: List[List[StateDiscard]]
    dora_indicators: List[str]
    scores: Optional[List[int]]
    riichi_sticks: int
    riichi: Tuple[int, ...]
    wall_left: Optional[int]


def _state_of(t: "_lib.TableState", event: int, walk: Optional["_lib.TableWalk"]) -> State:
    names = TILE_NAMES
    hands = [[names[x] for x in t.hand[s][:t.n_hand[s]]] for s in range(4)]
    melds = [[StateMeld(EVENT_TYPES[m.type] if m.type < len(EVENT_TYPES) else str(m.type),
                        m.from_ if m.from_ >= 0 else None, [names[x] for x in m.tiles[:m.n]])
              for m in t.melds[s][:t.n_melds[s]]] for s in range(4)]
    rivers = [[StateDiscard(names[d.tile], bool(d.flags & 0x01), bool(d.flags & 0x04),
                            bool(d.flags & 0x80)) for d in t.discards[s][:t.n_discards[s]]]
              for s in range(4)]
    dora = [names[x] for x in t.dora[:t.n_dora]]
    if walk is None:
        return State(event, hands, melds, rivers, dora, None, 0, (), None)
    return State(event, hands, melds, rivers, dora,
                 list(walk.scores) if walk.scores_known else None, walk.riichi_sticks,
                 tuple(s for s in range(4) if walk.riichi >> s & 1),
                 walk.wall_left if walk.wall_left >= 0 else None)


# ---- states as arrays ----

TILE_CODE_COUNT = 45
"""Width of the tile codes of :meth:`Deal.states_arrays`: 0..33 the 34 kinds (1m..9m, 1p..9p,
1s..9s, 1z..7z; a red five counted apart), 34..36 the red fives 0m, 0p, 0s, 37..44 the flowers
1f..8f (MCR); -1 no tile. ``hands[..., :37]`` is the usual 37-count of a riichi game,
``hands[..., :34] + red`` folded the 34-count."""


def _tile_code(name: Optional[str]) -> int:
    if not name or len(name) != 2:
        return -1
    n, suit = name[0], name[1]
    if suit == "f":
        return 36 + int(n)
    base = "mpsz".find(suit)
    if base < 0:
        return -1
    return 34 + base if n == "0" else base * 9 + int(n) - 1


TILE_CODES: Tuple[int, ...] = tuple(_tile_code(TILE_NAMES[b]) for b in range(256))
"""TILE_CODES[byte]: the array code (see TILE_CODE_COUNT) of a paifu_tile byte, -1 none."""

STATE_ARRAYS: Tuple[Tuple[str, str, Tuple[int, ...]], ...] = (
    ("event", "int32", ()), ("hands", "int8", (4, TILE_CODE_COUNT)),
    ("melds", "int8", (4, _lib.STATE_MELDS, 4)), ("meld_type", "int8", (4, _lib.STATE_MELDS)),
    ("meld_from", "int8", (4, _lib.STATE_MELDS)), ("rivers", "int8", (4, _lib.STATE_DISCARDS)),
    ("river_tsumogiri", "bool", (4, _lib.STATE_DISCARDS)),
    ("river_riichi", "bool", (4, _lib.STATE_DISCARDS)),
    ("river_called", "bool", (4, _lib.STATE_DISCARDS)),
    ("dora_indicators", "int8", (_lib.MAX_INDICATORS,)), ("scores_known", "bool", ()),
    ("scores", "int32", (4,)), ("riichi_sticks", "int32", ()), ("riichi", "bool", (4,)),
    ("wall_left", "int32", ()))
"""The arrays of :meth:`Deal.states_arrays`: (name, numpy type, shape of one state)."""


def _walk_steps(deal: "Deal", rules: RulesLike) -> Any:
    """Every step of the library's table walk of DEAL (paifu_table_walk_next), copied as they
    come into one ctypes array of paifu_table_walk (n_events + 1 of them)."""
    lib = _lib.load()
    r = deal._walk_rules(rules)
    d = deal._game._deal_c(deal.index)
    steps = (_lib.TableWalk * (d.n_events + 1))()
    w = _lib.TableWalk()
    err = new_error()
    check(lib.paifu_table_walk_begin(ctypes.byref(w), ctypes.byref(d), r._ptr if r else None,
                                     ctypes.byref(err)), err, deal._game.source)
    size, base, step = ctypes.sizeof(w), ctypes.addressof(steps), ctypes.addressof(w)
    n = 0
    while True:
        ctypes.memmove(base + n * size, step, size)
        n += 1
        if n > d.n_events or not lib.paifu_table_walk_next(ctypes.byref(w)):
            break
    return steps, n


def _arrays_numpy(np: Any, steps: Any, n: int) -> Dict[str, Any]:
    raw = np.frombuffer(steps, dtype=np.dtype(_lib.TableWalk), count=n)
    st = raw["state"]
    lut = np.array(TILE_CODES, dtype=np.int16)
    out: Dict[str, Any] = {"event": raw["event"].astype(np.int32)}

    def coded(tiles: Any, count: Any) -> Any:
        """Tile bytes as codes, -1 past each list's COUNT."""
        c = lut[tiles]
        pos = np.arange(tiles.shape[-1])
        return np.where(pos < count[..., None], c, -1).astype(np.int8)

    hand = coded(st["hand"], st["n_hand"]).reshape(n * 4, -1).astype(np.int64)
    cell = np.arange(n * 4)[:, None] * TILE_CODE_COUNT + hand
    out["hands"] = np.bincount(cell[hand >= 0], minlength=n * 4 * TILE_CODE_COUNT).reshape(
        n, 4, TILE_CODE_COUNT).astype(np.int8)
    m = st["melds"]
    in_use = np.arange(_lib.STATE_MELDS) < st["n_melds"][..., None]
    out["melds"] = np.where(in_use[..., None], coded(m["tiles"], m["n"]), -1).astype(np.int8)
    out["meld_type"] = np.where(in_use, m["type"], -1).astype(np.int8)
    out["meld_from"] = np.where(in_use, m["from_"], -1).astype(np.int8)
    dc = st["discards"]
    out["rivers"] = coded(dc["tile"], st["n_discards"])
    in_river = out["rivers"] >= 0
    for name, bit in (("river_tsumogiri", 0x01), ("river_riichi", 0x04), ("river_called", 0x80)):
        out[name] = in_river & (dc["flags"] & bit != 0)
    out["dora_indicators"] = coded(st["dora"], st["n_dora"])
    out["scores_known"] = raw["scores_known"].astype(bool)
    out["scores"] = np.where(out["scores_known"][:, None], raw["scores"], 0).astype(np.int32)
    out["riichi_sticks"] = raw["riichi_sticks"].astype(np.int32)
    out["riichi"] = (raw["riichi"][:, None] >> np.arange(4)) & 1 != 0
    out["wall_left"] = raw["wall_left"].astype(np.int32)
    return out


def _arrays_lists(steps: Any, n: int) -> Dict[str, Any]:
    """The arrays as nested lists, read from the steps' bytes at the structures' offsets."""
    codes = TILE_CODES
    W, T, M, D = _lib.TableWalk, _lib.TableState, _lib.StateMeld, _lib.StateDiscard
    nm, nd, ni, nh = _lib.STATE_MELDS, _lib.STATE_DISCARDS, _lib.MAX_INDICATORS, _lib.STATE_HAND
    size, ms, ds = ctypes.sizeof(W), ctypes.sizeof(M), ctypes.sizeof(D)
    st = W.state.offset
    o_nh, o_h = st + T.n_hand.offset, st + T.hand.offset
    o_nm, o_m = st + T.n_melds.offset, st + T.melds.offset
    o_nd, o_d = st + T.n_discards.offset, st + T.discards.offset
    o_ndora, o_dora = st + T.n_dora.offset, st + T.dora.offset
    m_type, m_from, m_n, m_tiles = M.type.offset, M.from_.offset, M.n.offset, M.tiles.offset
    d_tile, d_flags = D.tile.offset, D.flags.offset
    walk = struct.Struct("=" + {8: "Q", 4: "I"}[ctypes.sizeof(ctypes.c_size_t)])
    i32 = struct.Struct("=i")
    scores4 = struct.Struct("=4i")
    raw = bytes(memoryview(steps).cast("B"))
    out: Dict[str, List[Any]] = {name: [] for name, _, _ in STATE_ARRAYS}
    no_river, no_flags = [-1] * nd, [False] * nd
    for k in range(n):
        b = k * size
        hands, melds, mtype, mfrom, rivers, tg, rr, cl = [], [], [], [], [], [], [], []
        for s in range(4):
            c = [0] * TILE_CODE_COUNT
            h = b + o_h + s * nh
            for x in raw[h:h + raw[b + o_nh + s]]:
                if codes[x] >= 0:
                    c[codes[x]] += 1
            hands.append(c)
            km = raw[b + o_nm + s]
            row, typ, frm = [], [], []
            for i in range(nm):
                if i < km:
                    m = b + o_m + (s * nm + i) * ms
                    cnt = raw[m + m_n]
                    row.append([codes[x] for x in raw[m + m_tiles:m + m_tiles + cnt]] +
                               [-1] * (4 - cnt))
                    typ.append(raw[m + m_type])
                    f = raw[m + m_from]
                    frm.append(f - 256 if f > 127 else f)
                else:
                    row.append([-1, -1, -1, -1])
                    typ.append(-1)
                    frm.append(-1)
            melds.append(row)
            mtype.append(typ)
            mfrom.append(frm)
            kd = raw[b + o_nd + s]
            d0 = b + o_d + s * nd * ds
            tiles = raw[d0 + d_tile:d0 + nd * ds:ds][:kd]
            flags = raw[d0 + d_flags:d0 + nd * ds:ds][:kd]
            pad = nd - kd
            rivers.append([codes[x] for x in tiles] + no_river[:pad])
            tg.append([bool(f & 0x01) for f in flags] + no_flags[:pad])
            rr.append([bool(f & 0x04) for f in flags] + no_flags[:pad])
            cl.append([bool(f & 0x80) for f in flags] + no_flags[:pad])
        kdora = raw[b + o_ndora]
        known = bool(raw[b + W.scores_known.offset])
        for name, v in (("event", walk.unpack_from(raw, b + W.event.offset)[0]),
                        ("hands", hands), ("melds", melds), ("meld_type", mtype),
                        ("meld_from", mfrom), ("rivers", rivers), ("river_tsumogiri", tg),
                        ("river_riichi", rr), ("river_called", cl),
                        ("dora_indicators", [codes[x] for x in
                                             raw[b + o_dora:b + o_dora + kdora]] +
                         [-1] * (ni - kdora)),
                        ("scores_known", known),
                        ("scores", list(scores4.unpack_from(raw, b + W.scores.offset))
                         if known else [0] * 4),
                        ("riichi_sticks", i32.unpack_from(raw, b + W.riichi_sticks.offset)[0]),
                        ("riichi", [bool(raw[b + W.riichi.offset] >> s & 1) for s in range(4)]),
                        ("wall_left", i32.unpack_from(raw, b + W.wall_left.offset)[0])):
            out[name].append(v)
    return out


class Deal:
    """One deal (hand) of a game: its start record, events and recorded outcomes.

    Start values are attributes (``round_wind`` "E".."N", ``hand_number`` 1-based,
    ``dealer``, ``honba``, ``riichi_sticks``, ``scores`` or None, ``dora_indicator``,
    ``dice``, ``hands`` per seat in notation or None, ``label`` such as "E2-1"), read when
    first asked. ``events``, ``wins``, ``draws``, ``penalties`` and ``score_rows`` are read
    from the C model at each access.
    """

    __slots__ = ("_game", "index", "_start", "__weakref__")

    _START_KEYS = ("label", "round_wind", "hand_number", "dealer", "honba", "riichi_sticks",
                   "scores", "dora_indicator", "dice", "hands", "flags", "result_only", "line",
                   "column", "n_events")

    def __init__(self, game: "Game", index: int):
        self._game = game
        self.index = index
        self._start: Optional[Dict[str, Any]] = None

    def _st(self) -> Dict[str, Any]:
        if self._start is None:
            d = self._game._deal_c(self.index)
            st = d.start
            buf = ctypes.create_string_buffer(16)
            _lib.load().paifu_deal_label(buf, 16, ctypes.byref(st))
            f = st.flags
            self._start = {
                "label": _s(buf.value),
                "flags": frozenset(v for k, v in DEAL_FLAGS.items() if f & k),
                "round_wind": WINDS[st.round_wind & 3],
                "hand_number": st.hand_number + 1,
                "dealer": st.dealer,
                "honba": st.honba,
                "riichi_sticks": st.riichi_sticks,
                "scores": list(st.scores) if f & 0x02 else None,
                "dora_indicator": TILE_NAMES[st.dora_indicator],
                "dice": list(st.dice) if f & 0x10 else None,
                "hands": [_tiles(bytes(st.hands[s]), st.n_hand[s]) for s in range(4)]
                if f & 0x04 else None,
                "result_only": bool(d.flags & 0x01),
                "line": d.line, "column": d.column, "n_events": d.n_events}
        return self._start

    label = property(lambda self: self._st()["label"], doc='"E2-1": round, hand, honba')
    round_wind = property(lambda self: self._st()["round_wind"], doc="prevalent wind E/S/W/N")
    hand_number = property(lambda self: self._st()["hand_number"], doc="1-based within wind")
    dealer = property(lambda self: self._st()["dealer"], doc="dealer seat")
    honba = property(lambda self: self._st()["honba"])
    riichi_sticks = property(lambda self: self._st()["riichi_sticks"],
                             doc="deposits on the table at the start")
    scores = property(lambda self: self._st()["scores"], doc="scores at the start, or None")
    dora_indicator = property(lambda self: self._st()["dora_indicator"])
    dice = property(lambda self: self._st()["dice"])
    hands = property(lambda self: self._st()["hands"],
                     doc="starting hands per seat in notation, or None")
    flags = property(lambda self: self._st()["flags"])
    result_only = property(lambda self: self._st()["result_only"],
                           doc="a deal of a score sheet: outcomes without tiles")
    line = property(lambda self: self._st()["line"])
    column = property(lambda self: self._st()["column"])

    @property
    def n_events(self) -> int:
        return self._game._deal_c(self.index).n_events

    def to_dict(self) -> Dict[str, Any]:
        """The start values as a dict (flags as a sorted list)."""
        d = dict(self._st())
        d["flags"] = sorted(d["flags"])
        return d

    @property
    def game(self) -> "Game":
        return self._game

    def states(self, rules: RulesLike = "log") -> Iterator[State]:
        """The table after each event, from the deal as dealt (event 0) to after its last
        (event n_events): n_events + 1 State values, walked once by the library
        (paifu_table_walk_begin / _next, O(1) a step). RULES gives the wall's size (wall_left):
        "log" (default) the game's own rule set (rrc when it names none), None no rule set
        (wall_left None), or a Rules object or preset name. PaifuError for a deal without
        starting hands (a score sheet's)."""
        lib = _lib.load()
        r = self._walk_rules(rules)
        d = self._game._deal_c(self.index)
        w = _lib.TableWalk()
        err = new_error()
        check(lib.paifu_table_walk_begin(ctypes.byref(w), ctypes.byref(d), r._ptr if r else None,
                                         ctypes.byref(err)), err, self._game.source)
        yield _state_of(w.state, 0, w)
        while lib.paifu_table_walk_next(ctypes.byref(w)):
            yield _state_of(w.state, w.event, w)

    def _walk_rules(self, rules: RulesLike) -> Optional[Rules]:
        if rules == "log":
            try:
                return self._game.rules()
            except PaifuError:
                return None
        if isinstance(rules, Rules):
            return rules
        return None if rules is None else Rules(str(rules))

    def states_arrays(self, rules: RulesLike = "log", *, numpy: Optional[bool] = None
                      ) -> Dict[str, Any]:
        """The states of :meth:`states` as fixed-width numbers, one entry per state (event 0
        as dealt .. n_events), for a training pipeline: a dict of the arrays STATE_ARRAYS
        names, tiles as codes (TILE_CODE_COUNT: 34 kinds, 3 red fives, 8 flowers; -1 none):
        ``hands`` (n, 4, 45) the count of each code in each seat's concealed hand, ``melds``
        (n, 4, 12, 4) each meld's tiles (``meld_type`` the event type code, paifu.EVENT_TYPES;
        ``meld_from`` the seat the tile came from; -1 none), ``rivers`` (n, 4, 40) with
        ``river_tsumogiri``, ``river_riichi`` and ``river_called``, ``dora_indicators`` (n,
        5), ``scores`` (n, 4; 0 where ``scores_known`` is false: the deal records no start
        scores), ``riichi_sticks``, ``riichi`` (n, 4) and ``wall_left`` (-1 without a rule
        set). The library's walk, the one states() and the viewer read, copied step by step
        and converted at once. NUMPY: True numpy arrays (numpy must be installed), False
        nested lists, None (default) numpy arrays when numpy is installed, else lists."""
        np = None
        if numpy is not False:
            try:
                import numpy as np  # type: ignore[no-redef]
            except ImportError as e:
                if numpy:
                    raise ImportError("states_arrays(numpy=True) needs numpy (Debian: "
                                      "python3-numpy); without it, numpy=False gives lists") from e
        steps, n = _walk_steps(self, rules)
        return _arrays_numpy(np, steps, n) if np is not None else _arrays_lists(steps, n)

    def state_at(self, event: int) -> State:
        """The table just before EVENT (0-based; n_events: after the last), as
        paifu_deal_state_at gives it: the tiles' bookkeeping only (scores, sticks, riichi
        and wall_left are those of :meth:`states`, not filled here: None, 0, (), None)."""
        lib = _lib.load()
        d = self._game._deal_c(self.index)
        t = _lib.TableState()
        err = new_error()
        check(lib.paifu_deal_state_at(ctypes.byref(t), ctypes.byref(d), event,
                                      ctypes.byref(err)), err, self._game.source)
        return _state_of(t, event, None)

    @property
    def events(self) -> List[Event]:
        """Every event in order (a new list of Event values at each access)."""
        d = self._game._deal_c(self.index)
        return _events_from(d.events, d.n_events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return self.n_events

    @property
    def wins(self) -> List[Win]:
        d = self._game._deal_c(self.index)
        mcr = self._game.is_mcr
        return [Win(d.wins[i], mcr) for i in range(d.n_wins)]

    @property
    def draws(self) -> List[Draw]:
        d = self._game._deal_c(self.index)
        return [Draw(d.draws[i]) for i in range(d.n_draws)]

    @property
    def penalties(self) -> List[Penalty]:
        d = self._game._deal_c(self.index)
        return [Penalty(d.penalties[i]) for i in range(d.n_penalties)]

    @property
    def score_rows(self) -> List[List[int]]:
        """Recorded score snapshots (after riichi deposits), indexed by event.detail."""
        d = self._game._deal_c(self.index)
        return [list(d.score_rows[i]) for i in range(d.n_score_rows)]

    @property
    def wall(self) -> Optional[List[str]]:
        """The wall in draw order (tiles in notation), None when unknown."""
        d = self._game._deal_c(self.index)
        n = d.start.n_wall
        if not n or not d.start.wall:
            return None
        return _tiles(ctypes.string_at(d.start.wall, n), n)

    def record(self, event: Event) -> Union[Win, Draw, Penalty, List[int], None]:
        """The recorded values an event points at: a Win for a win, a Draw for a draw, a
        Penalty, the recorded scores after a riichi deposit; None for other events."""
        t, i = event[0], event[10]
        if i < 0:
            return None
        d = self._game._deal_c(self.index)
        if t == 12 and i < d.n_wins:
            return Win(d.wins[i], self._game.is_mcr)
        if t in (13, 14) and i < d.n_draws:
            return Draw(d.draws[i])
        if t == 15 and i < d.n_penalties:
            return Penalty(d.penalties[i])
        if t == 10 and i < d.n_score_rows:
            return list(d.score_rows[i])
        return None

    def _tenpai(self, fn: Any, draw: int, rules: RulesLike) -> Optional[List[int]]:
        lib = _lib.load()
        r = self._walk_rules(rules) or self._game.rules()
        out = ctypes.c_uint()
        err = new_error()
        rc = check(fn(ctypes.byref(out), ctypes.byref(self._game._deal_c(self.index)), draw,
                      self._game.n_players, r._ptr, ctypes.byref(err)), err, self._game.source)
        return _seats(out.value) if rc or fn is lib.paifu_deal_hands_tenpai else None

    def win_hand(self, win: int = 0) -> Tuple[str, Dict[str, Any]]:
        """The hand and situation of recorded win WIN (its index among ``wins``) rebuilt from
        the record and the events (paifu_deal_win_hand): (the hand in notation with its
        winning tile, as paifu.score takes it; the keywords of paifu.score for its situation).
        So ``paifu.score(h, **sit)`` scores the recorded win."""
        from ._score import SITUATION_FLAGS
        lib = _lib.load()
        h, sit = _lib.Hand(), _lib.Situation()
        err = new_error()
        check(lib.paifu_deal_win_hand(ctypes.byref(h), ctypes.byref(sit),
                                      ctypes.byref(self._game._deal_c(self.index)), win,
                                      self._game.n_players, ctypes.byref(err)), err,
              self._game.source)
        buf = ctypes.create_string_buffer(256)
        lib.paifu_hand_format(buf, 256, ctypes.byref(h), 0xFF)
        text = _s(buf.value)
        if sit.win_tile != 0xFF:
            text += " +" + (TILE_NAMES[sit.win_tile] or "?")
        kw: Dict[str, Any] = {"round_wind": WINDS[sit.round_wind & 3],
                              "seat_wind": WINDS[sit.seat_wind & 3], "honba": sit.honba,
                              "kita": h.kita,
                              "dora": [TILE_NAMES[t] for t in sit.dora[:sit.n_dora]],
                              "ura": [TILE_NAMES[t] for t in sit.ura[:sit.n_ura]]}
        kw.update({name: True for name, bit in SITUATION_FLAGS.items() if sit.flags & bit})
        return text, kw

    def hands_tenpai(self, draw: int = 0, rules: RulesLike = "log") -> List[int]:
        """The seats whose hands are tenpai at the deal's exhaustive draw DRAW (its index among
        ``draws``), as the tiles show them, whatever the draw records (paifu_deal_hands_tenpai).
        Raises PaifuError for a deal without tiles or a draw that is not exhaustive."""
        return self._tenpai(_lib.load().paifu_deal_hands_tenpai, draw, rules) or []

    def draw_tenpai(self, draw: int = 0, rules: RulesLike = "log") -> Optional[List[int]]:
        """Who is tenpai at exhaustive draw DRAW: the tenpai the draw records, else (a rule set
        where tenpai is declared automatically, as Tenhou's) the hands that are; None when
        neither says (paifu_deal_draw_tenpai)."""
        return self._tenpai(_lib.load().paifu_deal_draw_tenpai, draw, rules)

    def __repr__(self) -> str:
        return "Deal(%s, %d events)" % (self.label, self.n_events)


# ---- games ----

def format_hand_tiles(w: _lib.Win) -> str:
    """The concealed tiles a win record shows, in notation ("" when it shows none)."""
    from ._core import format_tiles
    return format_tiles(_tiles(w.hand, w.n_hand)) if w.n_hand else ""



class Game(GameBuilding):
    """A game: players, rule set, deals and recorded result.

    A game read through a :class:`Reader` shares the reader's memory while it is the reader's
    current game and is copied out (``paifu_game_copy``) when the reader moves on while you
    still hold it, so a Game stays valid whatever order Python frees things in.
    """

    __slots__ = ("_ptr", "_reader", "_owned", "index", "source", "_deals", "_mcr",
                 "__weakref__")

    def __init__(self):
        raise TypeError("games come from paifu.read(), paifu.open(), paifu.read_game() or "
                        "Game.new()")

    @classmethod
    def _borrowed(cls, ptr: int, reader: "Reader", index: int, source: str) -> "Game":
        g = object.__new__(cls)
        g._ptr = ctypes.c_void_p(ptr)
        g._reader = reader  # keeps the reader (and the game's memory) alive
        g._owned = False
        g.index = index
        g.source = source
        g._deals = None
        g._mcr = None
        return g

    def _detach(self) -> None:
        """Copy the game out of its reader (the reader is about to reuse its memory)."""
        if self._owned or self._ptr is None:
            return
        lib = _lib.load()
        p = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_game_copy(ctypes.byref(p), self._ptr, ctypes.byref(err)), err,
              self.source)
        self._ptr = p
        self._owned = True
        self._reader = None

    def __del__(self) -> None:
        if getattr(self, "_owned", False) and self._ptr and _lib._lib is not None:
            _lib._lib.paifu_game_free(self._ptr)
            self._ptr = None

    def _deal_c(self, i: int) -> _lib.Deal:
        return _lib._lib.paifu_game_deal(self._ptr, i).contents

    # -- header --
    @property
    def n_players(self) -> int:
        """4, or 3 for sanma."""
        return _lib.load().paifu_game_players(self._ptr)

    @property
    def players(self) -> List[str]:
        """Player names in seat order (seat 0 = the first dealer)."""
        lib = _lib.load()
        return [_s(lib.paifu_game_player(self._ptr, s).contents.name)
                for s in range(self.n_players)]

    @property
    def source_format(self) -> str:
        """The format the game was read from ("tenhou-xml", "paifu", ...)."""
        return _s(_lib.load().paifu_game_source_format(self._ptr))

    @property
    def rules_name(self) -> Optional[str]:
        """The rule set the log names, or None."""
        r = _lib.load().paifu_game_rules_name(self._ptr)
        return _s(r) if r else None

    @property
    def rules_given(self) -> bool:
        """Whether the log gives its rule set (a preset its reader neither assumed nor found
        unknown): only then are that rule set's platform rules facts of the log."""
        return bool(_lib.load().paifu_game_rules_given(self._ptr))

    @property
    def rule_overrides(self) -> Dict[str, str]:
        """Rule parameters the log itself sets (red fives, players, length, ...)."""
        lib = _lib.load()
        return self._pairs(lib.paifu_game_rule_override_count, lib.paifu_game_rule_override)

    @property
    def meta(self) -> Dict[str, str]:
        """Source-format metadata kept for writers ("tenhou.go.type", ...)."""
        lib = _lib.load()
        return self._pairs(lib.paifu_game_meta_count, lib.paifu_game_meta)

    def _pairs(self, count, entry) -> Dict[str, str]:
        out = {}
        for i in range(count(self._ptr)):
            m = entry(self._ptr, i).contents
            out[_s(m.key)] = _s(m.value)
        return out

    def set_meta(self, key: str, value: str) -> None:
        """Set a metadata entry (e.g. "tenhou.ref" for the tenhou6 writer)."""
        self._detach_if_borrowed()
        err = new_error()
        check(_lib.load().paifu_game_set_meta(self._ptr, key.encode(), value.encode(),
                                              ctypes.byref(err)), err)

    def _detach_if_borrowed(self) -> None:
        self._detach()  # never write into memory a reader owns

    def rules(self, fallback: str = "rrc") -> Rules:
        """The rule set the log names with its own overrides (FALLBACK when it names none)."""
        p = ctypes.c_void_p()
        err = new_error()
        check(_lib.load().paifu_game_rules(ctypes.byref(p), self._ptr, fallback.encode(),
                                           ctypes.byref(err)), err, self.source)
        return Rules._adopt(p)

    @property
    def is_mcr(self) -> bool:
        """True for a Chinese Official (MCR) game: its yaku are fans (ids 1..81)."""
        if self._mcr is None:
            self._mcr = self.rules().get("family") == "mcr"
        return self._mcr

    @property
    def result(self) -> Dict[str, Optional[List[int]]]:
        """The recorded outcome: {"points": raw final points or None, "final": final scores
        with uma/oka or None}."""
        r = _lib.load().paifu_game_result_get(self._ptr).contents
        n = self.n_players
        return {"points": list(r.points)[:n] if r.has_points else None,
                "final": list(r.final)[:n] if r.has_final else None}

    @property
    def result_line(self) -> Tuple[int, int]:
        """Where the source records the result (a score sheet's points line): (line, column),
        (0, 0) when unknown."""
        col = ctypes.c_uint32()
        line = _lib.load().paifu_game_result_line(self._ptr, ctypes.byref(col))
        return line, col.value

    def final_scores(self, rules: RulesLike = None) -> List[int]:
        """The final scores the standings count for this game: its recorded final points, then
        return, oka, uma and the penalties after uma (paifu_settle_game_final)."""
        lib = _lib.load()
        r = resolve_rules(self, rules, None, "rrc")
        out = (ctypes.c_int32 * 4)()
        err = new_error()
        check(lib.paifu_settle_game_final(out, self._ptr, r._ptr, ctypes.byref(err)), err,
              self.source)
        return list(out)[:self.n_players]

    def session_totals(self, recomputed: bool = False, rules: RulesLike = None) -> List[int]:
        """An MCR game's session totals: the recorded score changes summed, or (RECOMPUTED)
        paifu's own settlement of every replayed deal (paifu_mcr_session_totals)."""
        lib = _lib.load()
        r = resolve_rules(self, rules, None, "mcr")
        out = (ctypes.c_int32 * 4)()
        err = new_error()
        check(lib.paifu_mcr_session_totals(out, self._ptr, r._ptr, 1 if recomputed else 0,
                                           ctypes.byref(err)), err, self.source)
        return list(out)[:self.n_players]

    def place_sanction(self, seat: int) -> int:
        """The referee's sanction of SEAT in hundredths of a place (JHC 2016 §8.3.2), 0 none."""
        return _lib.load().paifu_game_place_sanction(self._ptr, seat)

    @property
    def truncated(self) -> bool:
        """True when the log stops before the game ended."""
        return bool(_lib.load().paifu_game_truncated(self._ptr))

    @property
    def prelude(self) -> List[Event]:
        """Connection events before the first deal."""
        lib = _lib.load()
        n = lib.paifu_game_prelude_count(self._ptr)
        if not n:
            return []
        first = lib.paifu_game_prelude(self._ptr, 0)
        return _events_from(ctypes.cast(first, ctypes.c_void_p).value, n)

    # -- deals --
    @property
    def deals(self) -> List[Deal]:
        """The deals in order."""
        if self._deals is None:
            n = _lib.load().paifu_game_deal_count(self._ptr)
            deals = [Deal(self, i) for i in range(n)]
            if any("round_unknown" in d.flags for d in deals):
                # a score sheet names no round: its deals as the game walk takes them (the
                # settled view under the log's rule set, as `paifu info` labels them)
                walked = {x["deal"]: x for x in self.settled()["deals"]}
                for d in deals:
                    x = walked.get(d.index)
                    if x:
                        d._st().update({k: x[k] for k in _SETTLED_START})
            self._deals = deals
        return list(self._deals)

    def settled(self, rules: RulesLike = None, *,
                overrides: Optional[Mapping[str, Any]] = None,
                fallback: str = "rrc") -> Dict[str, Any]:
        """The settled view of the game (paifu_game_settle): every deal as the game walk takes
        it and every outcome as it is paid, by the same walk that verifies the game.

        Returns {"deals": [...], "result": {...}}. A deal: "deal" (index), "label", "round_wind",
        "hand_number" (1-based), "dealer", "honba", "riichi_sticks", "scores" (at the start) or
        None, "computed" (what the log does not record: "round", "sticks", "scores") and
        "rows": one per outcome (each win of a double ron, each draw, each penalty) with
        "kind" ("win", "draw", "penalty"), "seat", "from", "han", "fu", "points" (None when
        unknown), "honba", "sticks", "deltas" (None when nothing is paid), "scores_after",
        "deposits" (the riichi deposits made before the outcome: scores before + deltas +
        deposits = scores_after) and
        "computed" ("han", "fu", "points", "deltas"; "tiles" when the replay scored the hand
        from its tiles). The result: "points", "final", "places" (None when the game cannot
        be scored, "reason" says why), "computed" ("points", "final") and "leftover" (the
        riichi sticks left at the end and how they are given out). RULES as in
        :meth:`verify`.
        """
        lib = _lib.load()
        r = resolve_rules(self, rules, overrides, fallback)
        p = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_game_settle(ctypes.byref(p), self._ptr, r._ptr, None, None,
                                    ctypes.byref(err)), err, self.source)
        n = lib.paifu_settled_players(p)

        def deposits(k: int) -> List[int]:
            arr = (ctypes.c_int32 * 4)()
            lib.paifu_settled_row_deposits(arr, p, k)
            return list(arr)[:n]

        try:
            deals = []
            for i in range(lib.paifu_settled_deal_count(p)):
                x = lib.paifu_settled_deal_get(p, i).contents
                rows = []
                for k in range(x.first_row, x.first_row + x.n_rows):
                    w = lib.paifu_settled_row_get(p, k).contents
                    m = w.marks
                    rows.append({
                        "kind": ("win", "draw", "penalty")[w.kind], "event": w.event,
                        "seat": w.seat if w.seat >= 0 else None,
                        "from": w.from_ if w.from_ >= 0 else None,
                        "han": w.han if w.han >= 0 else None,
                        "fu": w.fu if w.fu >= 0 else None,
                        "points": w.points if w.points != -2 ** 31 else None,
                        "honba": w.honba, "sticks": w.sticks,
                        "deltas": list(w.deltas)[:n] if w.paid else None,
                        "scores_after": list(w.scores_after)[:n] if w.scores_known else None,
                        "deposits": deposits(k),
                        "computed": [name for bit, name in ((0x08, "han"), (0x10, "fu"),
                                                            (0x20, "points"), (0x40, "deltas"))
                                     if not m & bit] + (["tiles"] if m & 0x200 else [])})
                deals.append({
                    "deal": x.deal, "label": _s(x.label), "round_wind": WINDS[x.round_wind & 3],
                    "hand_number": x.hand_number + 1, "dealer": x.dealer, "honba": x.honba,
                    "riichi_sticks": x.riichi_sticks,
                    "scores": list(x.scores)[:n] if x.scores_known else None,
                    "computed": [name for bit, name in ((1, "round"), (2, "sticks"),
                                                        (4, "scores")) if not x.marks & bit],
                    "rows": rows})
            res = lib.paifu_settled_result_get(p).contents
            result = {
                "points": list(res.points)[:n] if res.has_points else None,
                "final": list(res.final)[:n] if res.has_final else None,
                "places": [v / 12 for v in list(res.place12)[:n]] if res.has_points else None,
                "computed": [name for bit, name in ((0x80, "points"), (0x100, "final"))
                             if not res.marks & bit],
                "reason": _s(res.reason) or None}
            left = (ctypes.c_int32 * 4)()
            sticks = lib.paifu_settled_leftover(left, p)
            result["leftover"] = {"sticks": sticks, "deltas": list(left)[:n]}
            return {"deals": deals, "result": result}
        finally:
            lib.paifu_settled_free(p)

    def __iter__(self) -> Iterator[Deal]:
        return iter(self.deals)

    def __len__(self) -> int:
        return _lib.load().paifu_game_deal_count(self._ptr)

    # -- verify and convert --
    def verify(self, rules: RulesLike = None, *, overrides: Optional[Mapping[str, Any]] = None,
               fallback: str = "rrc", source: Optional[str] = None,
               game_index: Optional[int] = None, max_findings: int = 0) -> List["Finding"]:
        """Re-simulate the game and return its findings (an empty list: the log is clean).

        RULES: None = the rule set the log names (FALLBACK when it names none); a preset name
        (the log's own facts, such as red fives and length, still apply, as `paifu validate
        --rules`); or a :class:`Rules` used as it is. OVERRIDES then set parameters by name.
        Findings carry the file (SOURCE, default the name it was read under) and the game's
        number in it, ``location.game`` = GAME_INDEX + 1 (default: the game's ``index``), as
        `paifu validate` numbers games from 1.
        """
        return self._verify(rules, overrides, fallback, source, game_index, max_findings)[0]

    def _verify(self, rules, overrides, fallback, source, game_index, max_findings):
        lib = _lib.load()
        r, origin = resolve_rules(self, rules, overrides, fallback, with_origin=True,
                                  source=source, game_index=game_index)
        from ._names import rules_info
        info = rules_info(self, r, origin, rules, overrides)
        rep = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_report_new(ctypes.byref(rep), ctypes.byref(err)), err)
        try:
            vo = _lib.VerifyOptions(1, os.fsencode(source if source is not None
                                                   else self.source),
                                    self.index if game_index is None else game_index,
                                    max_findings)
            check(lib.paifu_verify_game(rep, self._ptr, r._ptr, ctypes.byref(vo),
                                        ctypes.byref(err)), err, self.source)
            out = [Finding._from_c(lib.paifu_report_finding(rep, i).contents, self,
                                   info["citation"], lib.paifu_report_finding_seats(rep, i))
                   for i in range(lib.paifu_report_count(rep))]
            st = lib.paifu_report_stats(rep).contents
            stats = {k: getattr(st, k) for k, _ in _lib.VerifyStats._fields_}
            stats["rules"] = info
            return out, stats
        finally:
            lib.paifu_report_free(rep)

    def replay_scores(self, rules: RulesLike = None, *,
                      overrides: Optional[Mapping[str, Any]] = None,
                      fallback: str = "rrc") -> Dict[Tuple[int, int], Any]:
        """What the replay computed for each recorded win, the value the findings compare the
        record with (paifu_report_win_result): {(deal index, win index): ScoreResult}. A win
        the replay did not score from tiles (no tiles, a replay stopped before it, an MCR
        game) is absent. RULES as in :meth:`verify`."""
        from ._score import ScoreResult
        lib = _lib.load()
        r = resolve_rules(self, rules, overrides, fallback)
        rep = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_report_new(ctypes.byref(rep), ctypes.byref(err)), err)
        out: Dict[Tuple[int, int], Any] = {}
        try:
            vo = _lib.VerifyOptions(1, os.fsencode(self.source), self.index, 0)
            check(lib.paifu_verify_game(rep, self._ptr, r._ptr, ctypes.byref(vo),
                                        ctypes.byref(err)), err, self.source)
            for di in range(lib.paifu_game_deal_count(self._ptr)):
                d = self._deal_c(di)
                for wi in range(d.n_wins):
                    p = lib.paifu_report_win_result(rep, di, wi)
                    if p:
                        out[(di, wi)] = ScoreResult(p.contents.score,
                                                    format_hand_tiles(d.wins[wi]), r.name)
            return out
        finally:
            lib.paifu_report_free(rep)

    def convert(self, to: str, *, strict: bool = False, pretty: bool = False) -> "Conversion":
        """This game written in format TO, with what the format could not carry."""
        return convert([self], to, strict=strict, pretty=pretty)

    def copy(self) -> "Game":
        """An independent copy of the game."""
        lib = _lib.load()
        p = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_game_copy(ctypes.byref(p), self._ptr, ctypes.byref(err)), err)
        g = object.__new__(Game)
        g._ptr, g._reader, g._owned = p, None, True
        g.index, g.source, g._deals, g._mcr = self.index, self.source, None, self._mcr
        return g

    def __repr__(self) -> str:
        return "Game(%s #%d, %s, %d deals, players=%r)" % (
            self.source, self.index, self.source_format, len(self), self.players)


def resolve_rules(game: Optional[Game], rules: RulesLike, overrides: Optional[Mapping[str, Any]],
                  fallback: str = "rrc", with_origin: bool = False,
                  source: Optional[str] = None, game_index: Optional[int] = None) -> Any:
    """The rule set to verify GAME under, by the library's one policy
    (paifu_game_rules_resolve, as `paifu validate --rules/--rule` resolves it): a Rules object
    as it is; else the preset RULES names, or the log's, or FALLBACK, followed by the log's own
    overrides (its facts: red fives, players, length); a three-player game plays it
    three-handed; OVERRIDES last. A rule set of the other family than the game's (an MCR
    game under a riichi preset, a riichi game under mcr) raises PaifuError naming both, its
    location the game's SOURCE (default the name it was read under) and number (GAME_INDEX +
    1, default its ``index``)."""
    from ._core import _rule_text
    lib = _lib.load()
    assigns = [("%s=%s" % (k, _rule_text(v))).encode() for k, v in (overrides or {}).items()]
    arr = (ctypes.c_char_p * max(1, len(assigns)))(*assigns)
    choice = _lib.RulesChoice(1, None, None, arr, len(assigns), fallback.encode())
    if isinstance(rules, Rules):
        choice.rules = rules._ptr
    elif rules is not None:
        choice.preset = str(rules).encode()
    p = ctypes.c_void_p()
    origin = ctypes.c_int(0)
    err = new_error()
    rc = lib.paifu_game_rules_resolve(ctypes.byref(p), ctypes.byref(origin),
                                      game._ptr if game else None, ctypes.byref(choice),
                                      ctypes.byref(err))
    if rc < 0 and game is not None:  # the game's rules: the error names the game
        err.where.game = game.index if game_index is None else game_index
        check(rc, err, game.source if source is None else source)
    check(rc, err)
    r = Rules._adopt(p)
    if with_origin:
        return r, _s(lib.paifu_rules_origin_name(origin.value))
    return r


# ---- reading ----


class Reader:
    """A stream of games from one input (file, bytes or stream).

    Iterating yields :class:`Game` objects; each is valid for as long as you keep it (it is
    copied out of the reader when the reader moves on while you still hold it). Use as a
    context manager or let it be collected; ``format`` is the detected format's name. A game's
    ``index`` counts the games of the whole input from 0, those of a log database's rows or an
    archive's members one after the other, as `paifu validate` numbers them (game index + 1).
    """

    def __init__(self, source: Source, *, format: Optional[str] = None,
                 name: Optional[str] = None, max_input: int = 0, max_inflated: int = 0,
                 max_events: int = 0, max_deals: int = 0, players: Optional[int] = None,
                 length: Optional[str] = None):
        lib = _lib.load()
        self._ptr = ctypes.c_void_p()
        self._last: Optional[weakref.ReferenceType] = None
        self._index = 0
        opts = _lib.ReadOptions(1, format.encode() if format else None, None, max_input,
                                max_inflated, max_events, max_deals)
        if players is not None:  # log databases only, as the command line's --players
            if players not in (3, 4):
                raise PaifuError("players expects 3 or 4, found %r" % (players,), -7)
            opts.players = players
        if length is not None:  # log databases only, as the command line's --length
            if length not in ("east", "half"):
                raise PaifuError("length expects 'east' or 'half', found %r" % (length,), -7)
            opts.length = 1 if length == "east" else 2
        err = new_error()
        if isinstance(source, (bytes, bytearray, memoryview)) or hasattr(source, "read"):
            data = source.read() if hasattr(source, "read") else source
            if isinstance(data, str):
                data = data.encode()
            data = bytes(data)
            if name is None:
                name = getattr(source, "name", None) if hasattr(source, "read") else None
                name = str(name) if isinstance(name, (str, bytes, os.PathLike)) else "<bytes>"
            self.name = name
            opts.source_name = name.encode()
            rc = lib.paifu_reader_open_buffer(ctypes.byref(self._ptr), data, len(data),
                                              ctypes.byref(opts), ctypes.byref(err))
        else:
            self.name = os.fspath(source) if name is None else name
            if isinstance(self.name, bytes):
                self.name = os.fsdecode(self.name)
            rc = lib.paifu_reader_open(ctypes.byref(self._ptr), _fs(source), ctypes.byref(opts),
                                       ctypes.byref(err))
        check(rc, err, self.name)

    @property
    def format(self) -> Optional[str]:
        """The detected (or forced) format."""
        f = _lib.load().paifu_reader_format(self._ptr) if self._ptr else None
        return _s(f) if f else None

    @property
    def compressed(self) -> bool:
        """True when the input was gzip."""
        return bool(_lib.load().paifu_reader_was_compressed(self._ptr))

    @property
    def is_container(self) -> bool:
        """True for a log database or an archive: its games come from members, each named
        ``"FILE:MEMBER"``, and an error in one member leaves the next ones readable."""
        return bool(self._ptr and _lib.load().paifu_reader_members(self._ptr, None, None, None))

    @property
    def source(self) -> str:
        """The name of the input or member the last game (or error) came from: the file, or
        ``"FILE:MEMBER"`` inside a database or an archive (as the command line names it)."""
        if self._ptr and self.is_container:
            src = _lib.load().paifu_reader_source(self._ptr)
            if src:
                return _s(src)
        return self.name

    def _release_last(self) -> None:
        g = self._last() if self._last is not None else None
        if g is not None:
            g._detach()
        self._last = None

    def next_game(self) -> Optional[Game]:
        """The next game, or None at the end. Raises PaifuError on a bad game."""
        if not self._ptr:
            return None
        self._release_last()
        lib = _lib.load()
        out = ctypes.c_void_p()
        err = new_error()
        rc = lib.paifu_reader_next(ctypes.byref(out), self._ptr, ctypes.byref(err))
        check(rc, err, self.source)
        if rc == 0:
            return None
        # Game.index counts the games of the whole input from 0, a database's or archive's
        # members one after the other (a member that failed gives none); the outputs number a
        # game within its member (validate_file, `paifu validate`: FILE:MEMBER [game N])
        g = Game._borrowed(out.value, self, self._index, self.source)
        self._index += 1
        self._last = weakref.ref(g)
        return g

    def __iter__(self) -> Iterator[Game]:
        while True:
            g = self.next_game()
            if g is None:
                return
            yield g

    def close(self) -> None:
        """Free the reader now (a game still held is copied out first)."""
        if self._ptr:
            self._release_last()
            _lib.load().paifu_reader_free(self._ptr)
            self._ptr = None

    def __enter__(self) -> "Reader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        # only reached when no borrowed game refers to us any more
        p = getattr(self, "_ptr", None)
        if p and _lib._lib is not None:
            _lib._lib.paifu_reader_free(p)
            self._ptr = None


def open_log(path: Union[str, "os.PathLike[str]"], **kw: Any) -> Tuple[Optional[Reader], str]:
    """Open PATH as a folder walk takes its files (paifu_reader_open_log): (a Reader, "") for
    a log, a damaged one included; (None, "empty") or (None, "not a log") for a file whose
    content resembles no format paifu reads. KW as :class:`Reader`'s."""
    lib = _lib.load()
    r = object.__new__(Reader)
    r._ptr = ctypes.c_void_p()
    r._last, r._index = None, 0
    r.name = os.fsdecode(os.fspath(path))
    opts = _lib.ReadOptions(1, kw["format"].encode() if kw.get("format") else None, None,
                            kw.get("max_input", 0), kw.get("max_inflated", 0),
                            kw.get("max_events", 0), kw.get("max_deals", 0))
    skip = ctypes.c_char_p()
    err = new_error()
    check(lib.paifu_reader_open_log(ctypes.byref(r._ptr), _fs(path), ctypes.byref(opts),
                                    ctypes.byref(skip), ctypes.byref(err)), err, r.name)
    if not r._ptr:
        r._ptr = None
        return None, _s(skip.value or b"not a log")
    return r, ""


def open(source: Source, **kw: Any) -> Reader:  # noqa: A001 - mirrors paifu_reader_open
    """Open a file path, bytes or binary stream for reading games (see :class:`Reader`)."""
    return Reader(source, **kw)


# ---- many inputs: one meaning of errors= everywhere ----

ERRORS = ("raise", "skip", "collect")
"""The values of the ``errors`` argument of every function that reads many inputs."""


class Unreadable(NamedTuple):
    """An input that could not be read to its end: its name (the file, or ``"FILE:MEMBER"``
    inside a log database or an archive, as the command line names it) and the reader's error
    (a :class:`PaifuError` naming the place and what was expected)."""

    file: str
    error: PaifuError

    def __str__(self) -> str:
        return str(self.error)


class Collected(NamedTuple):
    """What a many-input function returns with ``errors="collect"``: its ``results`` (what it
    returns with ``errors="skip"``) and, beside them, the ``unreadable`` inputs in input order.
    Unpack it: ``games, bad = paifu.read("logs/", errors="collect")``."""

    results: Any
    unreadable: List[Unreadable]


def check_errors(errors: str) -> str:
    if errors not in ERRORS:
        raise ValueError("errors expects one of %s, found %r" % (", ".join(ERRORS), errors))
    return errors


def _failed(e: PaifuError, name: str, errors: str, unreadable: List[Unreadable]) -> None:
    """An input failed: raise (errors="raise") or note it and go on."""
    if errors == "raise":
        raise e
    unreadable.append(Unreadable(e.location.file or name, e))


def _is_single(source: Any) -> bool:
    return isinstance(source, (str, os.PathLike, bytes, bytearray, memoryview)) or \
        hasattr(source, "read") or _is_named(source)


def _is_named(item: Any) -> bool:
    return isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and \
        isinstance(item[1], (bytes, bytearray, memoryview))


def inputs_of(sources: Any, take_all: bool = False) -> Tuple[List[Any], List[str]]:
    """The inputs SOURCES names, as the command line takes its operands: a directory walked
    (see :func:`expand_inputs`), a file, a ``(name, bytes)`` pair, bytes or a stream as given.
    Returns them and the files of the walk skipped as no log."""
    items = [sources] if _is_single(sources) else list(sources)
    out: List[Any] = []
    skipped: List[str] = []
    for i in items:
        if isinstance(i, (str, os.PathLike)):
            found, sk = _walk([i], take_all)
            out.extend(found)
            skipped.extend(sk)
        else:
            out.append(i)
    return out, skipped


def games(sources: Any, *, errors: str = "raise", **kw: Any) -> Any:
    """The games of many inputs, one at a time (the memory of one game): SOURCES is a path
    (a directory is walked as `paifu validate` walks it), bytes, a stream, a ``(name, bytes)``
    pair, or an iterable of them; keyword arguments go to :class:`Reader` (``format``,
    ``players``, ``length``, caps). Every game's ``source`` is its file or ``"FILE:MEMBER"``
    and ``index`` its place in it from 0 (a finding's ``location.game`` is ``index + 1``).

    ``errors``: "raise" (default) raises the first unreadable input's PaifuError; "skip" goes
    on with the next input (or member of a database or archive); "collect" goes on too and
    returns ``Collected(iterator, unreadable)``, the list filling as the iterator runs. What an
    input gave before its error stays, as the command line counts it.
    """
    check_errors(errors)
    unreadable: List[Unreadable] = []
    it = _games_of(inputs_of(sources, kw.get("format") is not None)[0], errors, unreadable, kw)
    return Collected(it, unreadable) if errors == "collect" else it


def _games_of(items: List[Any], errors: str, unreadable: List[Unreadable],
              kw: Mapping[str, Any]) -> Iterator[Game]:
    for item in items:
        src, name = (item[1], item[0]) if _is_named(item) else (item, kw.get("name"))
        rkw = dict(kw, name=name)
        label = name or (os.fsdecode(item) if isinstance(item, (str, os.PathLike)) else "<bytes>")
        try:
            reader = Reader(src, **rkw)
        except PaifuError as e:
            _failed(e, label, errors, unreadable)
            continue
        with reader:
            container = reader.is_container
            while True:
                try:
                    g = reader.next_game()
                except PaifuError as e:
                    _failed(e, reader.source, errors, unreadable)
                    if container:
                        continue  # the next member
                    break
                if g is None:
                    break
                yield g
                del g  # unreferenced when the reader moves on: not copied out


def read(source: Any, *, errors: str = "raise", **kw: Any) -> Any:
    """Every game of a file path, bytes or binary stream, or of many inputs (a directory walked
    as `paifu validate` walks it, a list of paths): a list of games. ``errors`` as
    :func:`games` ("collect" returns ``Collected(games, unreadable)``)."""
    check_errors(errors)
    unreadable: List[Unreadable] = []
    out = list(_games_of(inputs_of(source, kw.get("format") is not None)[0], errors,
                         unreadable, kw))
    return Collected(out, unreadable) if errors == "collect" else out


def read_game(source: Source, **kw: Any) -> Game:
    """The first game of a file path, bytes or stream (PaifuError when it holds none)."""
    with Reader(source, **kw) as r:
        g = r.next_game()
        if g is None:
            raise PaifuError("the input holds no game", -4, Location(file=r.name))
        return g


# ---- findings and validation ----


class Finding(NamedTuple):
    """A discrepancy between the log and the rules: a stable ``code`` ("score.fu"), its
    ``severity``, a ``message``, what paifu computed (``expected``) and what the log says
    (``recorded``) (None when not applicable), the rule's source (``rule``) and where it
    shows (``location``, with the file and game it belongs to)."""

    code: str
    severity: str
    message: str
    expected: Optional[str]
    recorded: Optional[str]
    rule: Optional[str]
    location: Location
    players: Tuple[Tuple[int, str], ...] = ()
    citation: str = ""

    @classmethod
    def _from_c(cls, f: _lib.Finding, game: Optional["Game"] = None,
                fallback_citation: str = "", concerns: int = 0) -> "Finding":
        from ._names import citation
        ref = _s(f.rule_ref) if f.rule_ref else None
        loc = location_from_c(f.where)
        players: Tuple[Tuple[int, str], ...] = ()
        if game is not None:  # the seats the library says it concerns (one source with the CLI)
            names = game.players
            players = tuple((s, names[s] if s < len(names) else "")
                            for s in range(game.n_players) if (concerns >> s) & 1)
        return cls(_s(f.code), SEVERITIES[f.severity], _s(f.message),
                   _s(f.expected) or None, _s(f.recorded) or None, ref, loc, players,
                   citation(ref, fallback_citation))

    def to_dict(self) -> Dict[str, Any]:
        """As a finding of `paifu validate --format json` (``rule`` is the public document
        the rule reference cites; ``players`` the seats the finding concerns)."""
        d: Dict[str, Any] = {"code": self.code, "severity": self.severity,
                             "message": self.message}
        if self.expected:
            d["expected"] = self.expected
        if self.recorded:
            d["recorded"] = self.recorded
        if self.citation:
            d["rule"] = self.citation
        d["players"] = [{"seat": s, "name": n} for s, n in self.players]
        d["where"] = self.location.to_dict()
        return d

    def __str__(self) -> str:
        where = str(self.location)
        ctx = ""
        if " [" in where:
            where, ctx = where.split(" [", 1)
            ctx = " [" + ctx
            if ctx.endswith("]"):
                ctx = ctx[:-1]
        s = "%s: %s: %s: %s" % (where, self.severity, self.code, self.message)
        if self.expected or self.recorded:
            s += " (expected %s, recorded %s)" % (self.expected or "-", self.recorded or "-")
        s += ctx
        if ctx:
            for i, (seat, name) in enumerate(self.players):
                s += (" and " if i else ", players ") + (
                    "%s (seat %d)" % (name, seat) if name else "seat %d" % seat)
            s += "]"
        if self.citation:
            s += " [%s]" % self.citation
        return s


STAT_KEYS = ("games", "deals", "events", "wins", "draws", "findings", "wins_scored")


class FileReport:
    """The verification of one input: its findings, format, games, counters and error; for a
    log database or an archive, ``member_errors`` the errors of the members that could not be
    read (the others were) and ``skipped`` the members that are no log (an archive's README),
    which the summary counts as the command line does; for any input, ``member_errors`` also
    holds the games a rule set of the other family refused (``location.game`` names each; its
    entry of ``game_rules`` is None)."""

    __slots__ = ("file", "findings", "format", "games", "error", "stats", "game_rules",
                 "member_errors", "skipped", "refused", "game_numbers")

    def __init__(self, file: str, findings: List[Finding], format: Optional[str], games: int,
                 error: Optional[PaifuError], stats: Dict[str, int],
                 game_rules: Optional[List[Dict[str, Any]]] = None,
                 member_errors: Optional[List[PaifuError]] = None, skipped: int = 0,
                 refused: int = 0, game_numbers: Optional[List[Tuple[str, int]]] = None):
        self.file, self.findings, self.format = file, findings, format
        self.games, self.error, self.stats = games, error, stats
        self.game_rules = game_rules or []
        self.member_errors = member_errors or []
        self.skipped = skipped
        self.refused = refused  # of member_errors, the games refused (the file was read)
        # per entry of game_rules: the member it is in (FILE:MEMBER; "" for the file itself)
        # and its number there, from 1 (every output numbers a game within its member)
        self.game_numbers = game_numbers or [("", i + 1) for i in range(len(self.game_rules))]

    @property
    def unreadable(self) -> List[Unreadable]:
        """The input, or its members, that could not be read, with their errors."""
        out = [Unreadable(e.location.file or self.file, e) for e in self.member_errors]
        if self.error is not None:
            out.append(Unreadable(self.error.location.file or self.file, self.error))
        return out

    def __getstate__(self):
        return tuple(getattr(self, s) for s in self.__slots__)

    def __setstate__(self, state):
        self.refused = 0  # a state pickled before the count existed
        self.game_numbers = []
        for s, v in zip(self.__slots__, state):
            setattr(self, s, v)
        if len(self.game_numbers) != len(self.game_rules):
            self.game_numbers = [("", i + 1) for i in range(len(self.game_rules))]

    @property
    def status(self) -> int:
        """0 clean, 1 findings, 2 unreadable (the command line's exit status)."""
        return 2 if self.error or self.member_errors else (1 if self.stats.get("findings") else 0)

    def to_dict(self) -> Dict[str, Any]:
        """As an entry of "files" in `paifu validate --format json`."""
        d: Dict[str, Any] = {"file": self.file, "findings": [f.to_dict() for f in self.findings],
                             "format": self.format, "games": self.games,
                             "game_rules": [dict(([("file", m)] if m else []) +
                                                 [("game", n), ("rules", r)])
                                            for (m, n), r in zip(self.game_numbers,
                                                                 self.game_rules)
                                            if r is not None]}
        if self.member_errors:
            d["member_errors"] = [e.to_dict() for e in self.member_errors]
        if self.error is not None:
            d["error"] = self.error.to_dict()
        return d

    def __repr__(self) -> str:
        return "FileReport(%r, %d findings, %d games%s)" % (
            self.file, len(self.findings), self.games, ", error" if self.error else "")


class Report:
    """The verification of many inputs, as `paifu validate --format json` reports it."""

    def __init__(self, files: List[FileReport], skipped: int = 0):
        self.files = files
        self.skipped = skipped
        # the files of the walk that are no log (expand_inputs' count names them)
        self.skipped_files: List[str] = list(getattr(skipped, "files", []))

    @property
    def findings(self) -> List[Finding]:
        return [f for fr in self.files for f in fr.findings]

    @property
    def summary(self) -> Dict[str, int]:
        # as `paifu validate`: errors counts the files that could not be read (or not whole,
        # a container with member errors once; a game refused for another family's rule set
        # is no reading error: refused counts those), skipped the walk's files and the
        # containers' members that are no log
        s = {"files": len(self.files),
             "errors": sum(1 for f in self.files
                           if f.error or len(f.member_errors) > f.refused),
             "skipped": self.skipped + sum(f.skipped for f in self.files),
             "refused": sum(f.refused for f in self.files)}
        for k in ("games", "deals", "events", "wins", "draws", "findings"):
            s[k] = sum(f.stats.get(k, 0) for f in self.files)
        return s

    @property
    def unreadable(self) -> List[Unreadable]:
        """Every input (or member of a database or archive) that could not be read, with its
        error, in input order: what ``errors="collect"`` gives beside the results."""
        return [u for f in self.files for u in f.unreadable]

    @property
    def exit_status(self) -> int:
        return max([f.status for f in self.files] + [0])

    def to_dict(self) -> Dict[str, Any]:
        return {"paifu_report": 1, "files": [f.to_dict() for f in self.files],
                "skipped": [{"file": f, "reason": _skip_reason(f)} for f in self.skipped_files],
                "summary": self.summary, "exit_status": self.exit_status}


def _skip_reason(path: str) -> str:
    """Why the walk left PATH out, as `paifu validate` says it: "empty" (no bytes) or "not a
    log"."""
    try:
        return "empty" if os.path.getsize(path) == 0 else "not a log"
    except OSError:
        return "not a log"


class SkippedCount(int):
    """The number of files a walk skipped; ``.files`` names them (expand_inputs)."""

    files: List[str]


def validate_file(source: Union[Source, Tuple[str, bytes]], rules: RulesLike = None, *,
                  overrides: Optional[Mapping[str, Any]] = None, fallback: str = "rrc",
                  format: Optional[str] = None, max_findings: int = 0,
                  name: Optional[str] = None) -> FileReport:
    """Verify every game of one input, as `paifu validate` does for one file.

    SOURCE is a path, bytes, a stream, or a (name, bytes) pair (bytes shipped with their file
    name). A bad input does not raise: its error is in the report, as the command line's.
    """
    if isinstance(source, tuple):
        name, source = source
    fname = name if name is not None else (
        os.fsdecode(source) if isinstance(source, (str, bytes, os.PathLike)) and
        not isinstance(source, bytes) else "<bytes>")
    findings: List[Finding] = []
    game_rules: List[Dict[str, Any]] = []
    member_errors: List[PaifuError] = []
    stats = dict.fromkeys(STAT_KEYS, 0)
    games = 0
    refused = 0
    error = None
    fmt = None
    numbers: List[Tuple[str, int]] = []
    member = [None, 0]  # the member of the last game and how many of its games were read

    def number_in(src: str) -> int:
        """The next game's number within SRC, its file or member (cmd_validate.c's)."""
        if member[0] != src:
            member[0], member[1] = src, 0
        member[1] += 1
        return member[1]

    reader = None
    skipped = ctypes.c_uint64(0)
    try:
        reader = Reader(source, format=format, name=name)
        fmt = reader.format
        container = reader.is_container
        resolve_rules(None, rules, overrides, fallback)  # an unknown preset or key: the file's
        while True:
            try:
                g = reader.next_game()
            except PaifuError as e:
                if not container:
                    raise
                member_errors.append(e)  # a member of a database or archive: read the next
                continue
            if g is None:
                break
            # a member's games are named FILE:MEMBER and numbered within it, as cmd_validate.c
            # numbers them
            src = g.source if container else fname
            number = number_in(src)
            try:  # the choice is good (checked above): an error is this game's alone
                resolve_rules(g, rules, overrides, fallback, source=src,
                              game_index=number - 1)
            except PaifuError as e:
                member_errors.append(e)  # refused (a rule set of the other family): named,
                games += 1               # and the next game read, as the command line does
                refused += 1
                game_rules.append(None)  # its number kept
                numbers.append((src if container else "", number))
                del g
                continue
            try:
                f, st = g._verify(rules, overrides, fallback, src, number - 1, max_findings)
            except PaifuError as e:
                if not container:
                    raise
                member_errors.append(e)  # as the CLI: the member's error, the next one read
                continue
            del g  # unreferenced when the reader moves on: not copied out
            findings.extend(f)
            for k in STAT_KEYS:
                stats[k] += st[k]
            game_rules.append(st["rules"])
            numbers.append((src if container else "", number))
            games += 1
    except PaifuError as e:
        error = e
    finally:
        if reader is not None:
            if reader._ptr:  # a container's members that are no log, counted as the CLI's
                _lib.load().paifu_reader_members(reader._ptr, None, None,
                                                 ctypes.byref(skipped))
            reader.close()
    return FileReport(fname, findings, fmt, games, error, stats, game_rules, member_errors,
                      skipped.value, refused, numbers)


def _walk(paths: Iterable[Union[str, "os.PathLike[str]"]],
          take_all: bool = False) -> Tuple[List[str], List[str]]:
    """cli/inputs.c's walk: the files to read and the files skipped as no log."""
    from ._core import detect_file
    out: List[str] = []
    skipped: List[str] = []

    def walk(d: str) -> None:
        for n in sorted(os.listdir(d), key=os.fsencode):
            if n.startswith("."):
                continue
            p = d + ("" if d.endswith("/") else "/") + n
            if os.path.isdir(p) and not os.path.islink(p):
                walk(p)
            elif os.path.isfile(p):
                try:
                    fmt = "" if take_all else detect_file(p)
                except PaifuError:
                    fmt = ""  # detection failed (a truncated gzip...): reading it reports why
                if fmt is None:
                    skipped.append(p)
                else:
                    out.append(p)

    for p in paths:
        p = os.fspath(p)
        if p != "-" and os.path.isdir(p):
            walk(p)
        else:
            out.append(p)
    return out, skipped


def expand_inputs(paths: Iterable[Union[str, "os.PathLike[str]"]]) -> Tuple[List[str], int]:
    """Files as `paifu validate` takes them: a directory is walked in name order (dot files
    skipped) keeping the files of a format paifu reads, and those whose detection fails (a
    truncated gzip: reading them reports the error, as the command line does). Returns the
    files and the number of files skipped as no log."""
    out, skipped = _walk(paths)
    count = SkippedCount(len(skipped))
    count.files = skipped  # a Report made with this count names them, as the CLI's JSON does
    return out, count


def validate(paths: Any, rules: RulesLike = None, *, errors: str = "collect",
             **kw: Any) -> Report:
    """Verify files and directories as `paifu validate` does; ``report.to_dict()`` equals its
    ``--format json`` output. Keyword arguments as :func:`validate_file`.

    ``errors``: "collect" (default, as the command line) keeps an unreadable input in the
    report with its error (its games read before the error too) and lists them all in
    ``report.unreadable``; "skip" leaves unreadable inputs and members out of the report;
    "raise" raises the first one's PaifuError.
    """
    check_errors(errors)
    files, skipped = inputs_of(paths, kw.get("format") is not None)
    reports = []
    for p in files:
        fr = validate_file(p, rules, **kw)
        if errors == "raise" and fr.unreadable:
            raise fr.unreadable[0].error
        if errors == "skip":
            if fr.error is not None:
                continue
            fr.member_errors = []
            fr.refused = 0
        reports.append(fr)
    rep = Report(reports, len(skipped))
    rep.skipped_files = skipped
    return rep


# ---- conversion ----


class Loss(NamedTuple):
    """Something the target format cannot carry: the game (numbered from 1 within the
    conversion, as `paifu convert` says "[game N]") and what was left out, as `paifu convert`
    reports it. Kind "computed": values the source does not record, written as computed (see
    convert's FILL)."""

    game: int
    what: str
    kind: str = ""  #: the kind of loss, as --allow-loss names it (paifu_loss_kinds())


class Conversion(NamedTuple):
    """The bytes a writer produced, the losses it reported (each once per game) and, with
    fill, what it filled in: one Loss-like note per game (kind "filled")."""

    format: str
    data: bytes
    losses: List[Loss]
    filled: List[Loss] = []

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")


def convert(games: Union[Game, Iterable[Game], Source], to: str, *, strict: bool = False,
            pretty: bool = False, allow_loss: Optional[Iterable[str]] = None,
            fill: bool = False) -> Conversion:
    """Write GAMES (a Game, games, or a source to read them from) in format TO.

    Returns the bytes and the loss report; with STRICT a loss raises PaifuError instead,
    except for the kinds of loss named in ALLOW_LOSS (as `paifu convert --allow-loss`).
    FILL is `paifu convert --fill`: the values a win does not record are computed from the
    tiles (paifu_game_fill_values, for a game whose rules are known), and the values the
    target has a place for but the source does not record are written; both are said in
    `filled`, never passed off as recorded. Without it such a value is left out where the
    target allows, else written and reported as a loss of kind "computed".
    """
    if isinstance(games, Game):
        games = [games]
    elif isinstance(games, (str, bytes, bytearray, memoryview, os.PathLike)) or \
            hasattr(games, "read"):
        games = read(games)
    lib = _lib.load()
    chunks: List[bytes] = []
    losses: List[Loss] = []
    current = [0]

    def on_write(data, size, payload):
        try:
            chunks.append(ctypes.string_at(data, size))
            return 0
        except BaseException:  # never let an exception cross into C
            return -1

    def on_loss(game, kind, what, payload):
        try:
            loss = Loss(current[0] + 1, _s(what), _s(kind))
            if loss not in losses:
                losses.append(loss)
        except BaseException:
            pass

    filled: List[Loss] = []

    def on_filled(game, what, payload):
        try:
            filled.append(Loss(current[0] + 1, _s(what), "filled"))
        except BaseException:
            pass

    wcb, lcb = _lib.WRITE_CB(on_write), _lib.LOSS_KIND_CB(on_loss)
    fcb = _lib.FILLED_CB(on_filled)
    allowed = ",".join(allow_loss).encode() if allow_loss else None
    opts = _lib.WriteOptions(3, strict, pretty, _lib.LOSS_CB(), None, allowed, lcb, fill, fcb)
    w = ctypes.c_void_p()
    err = new_error()
    check(lib.paifu_writer_open(ctypes.byref(w), to.encode(), wcb, None, ctypes.byref(opts),
                                ctypes.byref(err)), err)
    try:
        it = iter(games)
        while True:
            g = next(it, None)
            if g is None:
                break
            ptr, copy = g._ptr, None
            if fill:
                copy = _filled_copy(lib, g, filled, current[0] + 1)
                ptr = copy or ptr
            try:
                check(lib.paifu_writer_write(w, ptr, ctypes.byref(err)), err, g.source)
            finally:
                if copy:
                    lib.paifu_game_free(copy)
            del g  # a game from a Reader is not copied out when nobody keeps it
            current[0] += 1
        check(lib.paifu_writer_close(w, ctypes.byref(err)), err)
    finally:
        lib.paifu_writer_free(w)
    return Conversion(to, b"".join(chunks), losses, filled)


def _filled_copy(lib, g: Game, filled: List[Loss], number: int):
    """A copy of G whose wins get the values they lack from the tiles (as `paifu convert
    --fill`), its note appended to FILLED; None for a game of unknown rules (not filled)."""
    if lib.paifu_game_meta_get(g._ptr, b"paifu.rules_unknown"):
        filled.append(Loss(number, "not filled: the log's rules are not known", "filled"))
        return None
    copy, rules = ctypes.c_void_p(), ctypes.c_void_p()
    err = new_error()
    check(lib.paifu_game_copy(ctypes.byref(copy), g._ptr, ctypes.byref(err)), err)
    try:
        check(lib.paifu_game_rules(ctypes.byref(rules), copy, None, ctypes.byref(err)), err)
        n = _lib.FillCounts()
        try:
            check(lib.paifu_game_fill_values(copy, rules, ctypes.byref(n), ctypes.byref(err)),
                  err)
        finally:
            lib.paifu_rules_free(rules)
    except BaseException:
        lib.paifu_game_free(copy)
        raise
    parts = ["%s of %d" % (k, getattr(n, k)) for k in ("yaku", "han", "fu", "points")
             if getattr(n, k)]
    if parts:
        filled.append(Loss(number, "computed from the tiles, not recorded: " + ", ".join(parts)
                           + " win(s)", "filled"))
    return copy
