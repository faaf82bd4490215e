"""Building a game in memory (the readers' API of paifu/game.h) from Python values.

Game.new() makes an empty game; begin_deal(), add_event(), add_win(), add_draw(),
add_penalty() and add_riichi_accepted() append to it as a reader does; write() and verify()
then treat it as any game read from a file. Every call goes through the C library's own
checks: a refused value raises PaifuError with the deal and the event it was meant for.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _lib
from ._core import PaifuError, check, new_error

_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}
_LIMIT = {"none": 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "yakuman": 5,
          "unknown": 255}
_DRAW_KIND = ("exhaustive", "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou")
_PENALTY_KIND = ("chombo", "dead_hand", "fine", "other", "mistaken_hu", "exposed_hand")
_PENALTY_TIMING = ("by_rules", "after_uma", "immediate")
_REC = {"han": 0x0001, "fu": 0x0002, "points": 0x0004, "limit": 0x0008, "yaku": 0x0010,
        "deltas": 0x0020, "scores": 0x0040, "sticks": 0x0080, "hand": 0x0100, "dora": 0x0200,
        "ura": 0x0400, "tenpai": 0x0800, "payments": 0x1000}
_DEAL_FLAG = {"result_only": 0x01, "has_scores": 0x02, "has_hands": 0x04, "has_wall": 0x08,
              "has_dice": 0x10, "has_sticks": 0x20, "round_unknown": 0x40, "time_up": 0x80}
_EVENT_FLAG = {"tsumogiri": 0x01, "tsumogiri_known": 0x02, "riichi": 0x04,
               "replacement": 0x08, "double_riichi": 0x10}

TileLike = Union[str, int, None]


def tile_byte(tile: TileLike) -> int:
    """One tile in notation ("5m", "0p", "?") as its C byte (paifu_tile_parse_one); None: no
    tile (0xFF); an int is taken as a tile byte and checked (paifu_tile_valid)."""
    lib = _lib.load()
    if tile is None:
        return _lib.TILE_NONE
    if isinstance(tile, int):
        if tile != _lib.TILE_NONE and not lib.paifu_tile_valid(tile):
            raise PaifuError("tile byte %d is no tile" % tile, -7)
        return tile
    out = ctypes.c_uint8()
    err = new_error()
    check(lib.paifu_tile_parse_one(ctypes.byref(out), str(tile).encode(), ctypes.byref(err)),
          err)
    return out.value


def _tile_list(tiles: Union[str, Iterable[TileLike], None]) -> List[int]:
    if tiles is None:
        return []
    if isinstance(tiles, str):
        from ._core import tile_bytes
        return tile_bytes(tiles) if tiles.strip() else []
    return [tile_byte(t) for t in tiles]


def _fill(arr: Any, values: Sequence[int], cap: int, what: str) -> int:
    if len(values) > cap:
        raise PaifuError("%s: %d entries, at most %d" % (what, len(values), cap), -6)
    for i, v in enumerate(values):
        arr[i] = v
    return len(values)


def _seat_bits(seats: Optional[Iterable[int]]) -> int:
    bits = 0
    for s in seats or ():
        bits |= 1 << s
    return bits


def _name_code(names: Sequence[str], value: Union[str, int], what: str) -> int:
    if isinstance(value, int):
        return value
    if value not in names:
        raise PaifuError("%s %r: expected one of %s" % (what, value, ", ".join(names)), -7)
    return names.index(value)


def _known_bits(known: Optional[Iterable[str]], given: Mapping[str, bool]) -> int:
    if known is None:
        known = [k for k, on in given.items() if on]
    bits = 0
    for k in known:
        if k not in _REC:
            raise PaifuError("recorded value %r: expected one of %s" % (k, ", ".join(_REC)), -7)
        bits |= _REC[k]
    return bits


def _values(record: Any, kw: Mapping[str, Any], keys: Iterable[str]) -> Dict[str, Any]:
    """The fields of RECORD (a Win, Draw or Penalty read from a log, or None) updated by KW."""
    out = {k: getattr(record, k) for k in keys if record is not None and hasattr(record, k)}
    unknown = set(kw) - set(keys)
    if unknown:
        raise TypeError("unexpected field(s): " + ", ".join(sorted(unknown)))
    out.update(kw)
    return out


_WIN_KEYS = ("winner", "from_seat", "pao", "known", "win_tile", "win_tile_id", "hand",
             "hand_ids", "dora", "ura", "dora_ids", "ura_ids", "yaku", "yakuman", "han", "fu",
             "limit", "points", "payment_nondealer", "payment_dealer", "honba", "riichi_sticks",
             "deltas", "scores_before")
_DRAW_KEYS = ("kind", "seat", "known", "tenpai", "nagashi", "shown", "hand_ids", "honba",
              "riichi_sticks", "deltas", "scores_before")
_PENALTY_KEYS = ("kind", "timing", "seat", "amount", "deltas", "note")


def _ids(arr: Any, ids: Optional[Sequence[Optional[int]]], n: int) -> None:
    for i in range(n):
        v = ids[i] if ids is not None and i < len(ids) else None
        arr[i] = _lib.TILE_ID_NONE if v is None else v


def win_struct(v: Mapping[str, Any], keep: List[Any]) -> _lib.Win:
    """A paifu_win from the fields of paifu.Win (unrecorded ones None)."""
    lib = _lib.load()
    w = _lib.Win()
    lib.paifu_win_init(ctypes.byref(w))
    w.winner = v["winner"]
    frm = v.get("from_seat")
    w.from_ = v["winner"] if frm is None else frm
    w.pao = -1 if v.get("pao") is None else v["pao"]
    w.win_tile = tile_byte(v.get("win_tile"))
    w.win_tile_id = _lib.TILE_ID_NONE if v.get("win_tile_id") is None else v["win_tile_id"]
    w.n_hand = _fill(w.hand, _tile_list(v.get("hand")), _lib.MAX_HAND, "hand")
    _ids(w.hand_ids, v.get("hand_ids"), w.n_hand)
    w.n_dora = _fill(w.dora, _tile_list(v.get("dora")), _lib.MAX_INDICATORS, "dora")
    w.n_ura = _fill(w.ura, _tile_list(v.get("ura")), _lib.MAX_INDICATORS, "ura")
    _ids(w.dora_ids, v.get("dora_ids"), w.n_dora)
    _ids(w.ura_ids, v.get("ura_ids"), w.n_ura)
    yaku = v.get("yaku")
    for i, y in enumerate(yaku or ()):
        if i >= _lib.MAX_YAKU:
            raise PaifuError("yaku: at most %d entries" % _lib.MAX_YAKU, -6)
        if isinstance(y, tuple) and hasattr(y, "log_name"):  # a paifu.Yaku
            yid, han, count, name = y.id, y.han, y.count, y.log_name
        else:  # (id or name, han[, count])
            yid, han = y[0], y[1]
            count = y[2] if len(y) > 2 else 1
            name = None
            if isinstance(yid, str):
                found = lib.paifu_yaku_from_name(yid.encode())
                if found < 0:
                    found = lib.paifu_mcr_fan_from_name(yid.encode())
                if found < 0:
                    raise PaifuError("yaku %r: no such yaku or fan" % yid, -7)
                yid = found
        w.yaku[i].id, w.yaku[i].han, w.yaku[i].count = yid, han, count
        if name is not None:
            b = name.encode()
            keep.append(b)
            w.yaku[i].name = b
        w.n_yaku = i + 1
    for key in ("yakuman", "han", "fu", "points", "payment_nondealer", "payment_dealer", "honba",
                "riichi_sticks"):
        if v.get(key) is not None:
            setattr(w, key, v[key])
    if v.get("limit") is not None:
        w.limit = _LIMIT[v["limit"]] if isinstance(v["limit"], str) else v["limit"]
    for key in ("deltas", "scores_before"):
        if v.get(key) is not None:
            _fill(getattr(w, key), list(v[key]), _lib.SEATS, key)
    w.known = _known_bits(v.get("known"), {
        "han": v.get("han") is not None, "fu": v.get("fu") is not None,
        "points": v.get("points") is not None, "limit": v.get("limit") is not None,
        "yaku": yaku is not None, "deltas": v.get("deltas") is not None,
        "scores": v.get("scores_before") is not None,
        "sticks": v.get("honba") is not None or v.get("riichi_sticks") is not None,
        "hand": v.get("hand") is not None, "dora": v.get("dora") is not None,
        "ura": v.get("ura") is not None, "payments": v.get("payment_nondealer") is not None})
    return w


def draw_struct(v: Mapping[str, Any]) -> _lib.Draw:
    """A paifu_draw from the fields of paifu.Draw."""
    lib = _lib.load()
    d = _lib.Draw()
    lib.paifu_draw_init(ctypes.byref(d), _name_code(_DRAW_KIND, v.get("kind", "exhaustive"),
                                                    "draw kind"))
    d.seat = -1 if v.get("seat") is None else v["seat"]
    if v.get("tenpai") is not None:
        d.tenpai = _seat_bits(v["tenpai"])
    d.nagashi = _seat_bits(v.get("nagashi"))
    for s, tiles in (v.get("shown") or {}).items():
        d.n_hand[s] = _fill(d.hands[s], _tile_list(tiles), _lib.MAX_HAND, "hand")
        _ids(d.hand_ids[s], (v.get("hand_ids") or {}).get(s), d.n_hand[s])
        d.shown |= 1 << s
    for key in ("honba", "riichi_sticks"):
        if v.get(key) is not None:
            setattr(d, key, v[key])
    for key in ("deltas", "scores_before"):
        if v.get(key) is not None:
            _fill(getattr(d, key), list(v[key]), _lib.SEATS, key)
    d.known = _known_bits(v.get("known"), {
        "tenpai": v.get("tenpai") is not None, "deltas": v.get("deltas") is not None,
        "scores": v.get("scores_before") is not None,
        "sticks": v.get("honba") is not None or v.get("riichi_sticks") is not None,
        "hand": bool(v.get("shown"))})
    return d


def penalty_struct(v: Mapping[str, Any], keep: List[Any]) -> _lib.Penalty:
    """A paifu_penalty from the fields of paifu.Penalty."""
    p = _lib.Penalty()
    p.kind = _name_code(_PENALTY_KIND, v.get("kind", "chombo"), "penalty kind")
    p.timing = _name_code(_PENALTY_TIMING, v.get("timing", "by_rules"), "penalty timing")
    p.seat = v["seat"]
    p.amount = v.get("amount") or 0
    if v.get("deltas") is not None:
        _fill(p.deltas, list(v["deltas"]), _lib.SEATS, "deltas")
        p.has_deltas = 1
    if v.get("note") is not None:
        b = v["note"].encode()
        keep.append(b)
        p.note = b
    return p


class GameBuilding:
    """The building half of :class:`paifu.Game` (mixed in): a game made by ``Game.new()`` is
    filled deal by deal and event by event, then written (``write``) or verified."""

    __slots__ = ()

    @classmethod
    def new(cls, players: Union[int, Sequence[str]] = 4, *, rules: Optional[str] = None,
            overrides: Optional[Mapping[str, Any]] = None, source_format: str = "",
            meta: Optional[Mapping[str, str]] = None, source: str = "<built>") -> Any:
        """An empty game (paifu_game_new): PLAYERS names in seat order (or their number, 3 or
        4), the rule set the game names (RULES, a preset name; None names none), rule
        OVERRIDES the game itself sets, its SOURCE_FORMAT and metadata. SOURCE names it in
        errors and findings."""
        lib = _lib.load()
        p = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_game_new(ctypes.byref(p), ctypes.byref(err)), err)
        g = object.__new__(cls)
        g._ptr, g._reader, g._owned = p, None, True
        g.index, g.source, g._deals, g._mcr = 0, source, None, None
        names = [""] * players if isinstance(players, int) else list(players)
        g.set_players(len(names))
        for seat, name in enumerate(names):
            if name:
                g.set_player_name(seat, name)
        if rules is not None:
            g.set_rules_name(rules)
        for k, v in (overrides or {}).items():
            g.add_rule_override(k, v)
        if source_format:
            g.set_source_format(source_format)
        for k, v in (meta or {}).items():
            g.set_meta(k, v)
        return g

    # -- errors with their place --
    def _call(self, fn: Any, *args: Any) -> None:
        """Call FN(game, *ARGS, err); a refusal raises PaifuError naming the deal and the
        event (its index in the deal) the call was building."""
        self._detach()
        err = new_error()
        lib = _lib.load()
        n = lib.paifu_game_deal_count(self._ptr)
        rc = fn(self._ptr, *args, ctypes.byref(err))
        if rc < 0:
            if n and not err.where.deal:
                d = lib.paifu_game_deal(self._ptr, n - 1).contents
                buf = ctypes.create_string_buffer(16)
                lib.paifu_deal_label(buf, 16, ctypes.byref(d.start))
                err.where.deal = buf.value
                if err.where.event < 0:
                    err.where.event = d.n_events
            check(rc, err, self.source)

    def _changed(self) -> None:
        self._deals = None
        self._mcr = None

    # -- the header --
    def set_players(self, players: int) -> None:
        """Seats in play: 4, or 3 (sanma)."""
        self._call(_lib.load().paifu_game_set_players, players)
        self._changed()

    def set_player_name(self, seat: int, name: str) -> None:
        self._call(_lib.load().paifu_game_set_player_name, seat, name.encode())

    def set_rules_name(self, name: Optional[str]) -> None:
        """Name the rule set the game uses (a preset); None names none."""
        self._call(_lib.load().paifu_game_set_rules_name, name.encode() if name else None)
        self._changed()

    def add_rule_override(self, key: str, value: Any) -> None:
        """A rule parameter the game itself sets (applied after its named rule set)."""
        from ._core import _rule_text
        self._call(_lib.load().paifu_game_add_rule_override, key.encode(),
                   _rule_text(value).encode())
        self._changed()

    def set_source_format(self, name: str) -> None:
        self._call(_lib.load().paifu_game_set_source_format, name.encode())

    def set_draw_tenpai(self, deal: int, draw: int, seats: Sequence[int]) -> None:
        """Record SEATS as tenpai at exhaustive draw DRAW of deal DEAL (indexes from 0), as a
        reader that learns it after the deal does (paifu_game_set_draw_tenpai)."""
        bits = 0
        for s in seats:
            bits |= 1 << int(s)
        self._call(_lib.load().paifu_game_set_draw_tenpai, deal, draw, bits)
        self._changed()

    def set_truncated(self, truncated: bool = True) -> None:
        """Mark the game as stopping before its end."""
        self._detach()
        _lib.load().paifu_game_set_truncated(self._ptr, truncated)

    def set_result(self, points: Optional[Sequence[int]] = None,
                   final: Optional[Sequence[int]] = None) -> None:
        """Record the game's outcome: raw final POINTS and FINAL scores (None: not recorded)."""
        self._detach()
        r = _lib.GameResult()
        if points is not None:
            r.has_points = True
            _fill(r.points, list(points), _lib.SEATS, "points")
        if final is not None:
            r.has_final = True
            _fill(r.final, list(final), _lib.SEATS, "final")
        _lib.load().paifu_game_set_result(self._ptr, ctypes.byref(r))

    def set_result_location(self, line: int, column: int = 0) -> None:
        """Where the source records the result (see ``result_line``)."""
        self._detach()
        _lib.load().paifu_game_set_result_location(self._ptr, line, column)

    def set_place_sanction(self, seat: int, hundredths: int) -> None:
        """A referee's sanction of HUNDREDTHS of a place for SEAT (see place_sanction)."""
        self._call(_lib.load().paifu_game_set_place_sanction, seat, hundredths)

    def set_limits(self, max_deals: int = 0, max_events: int = 0) -> None:
        """Cap deals per game and events per deal (0: the defaults); past a cap a call fails
        with "limit exceeded"."""
        self._detach()
        _lib.load().paifu_game_set_limits(self._ptr, max_deals, max_events)

    # -- deals --
    def begin_deal(self, like: Any = None, *, round_wind: Union[str, int] = "E",
                   hand_number: int = 1, dealer: Optional[int] = None,
                   honba: Optional[int] = None, riichi_sticks: Optional[int] = None,
                   scores: Optional[Sequence[int]] = None, dora_indicator: TileLike = None,
                   dice: Optional[Sequence[int]] = None,
                   hands: Optional[Sequence[Union[str, Sequence[TileLike]]]] = None,
                   wall: Optional[Sequence[TileLike]] = None, flags: Iterable[str] = (),
                   hand_ids: Optional[Sequence[Sequence[Optional[int]]]] = None,
                   dora_indicator_id: Optional[int] = None,
                   wall_ids: Optional[Sequence[Optional[int]]] = None,
                   line: int = 0, column: int = 0) -> None:
        """Start a deal (paifu_game_begin_deal). LIKE, a :class:`paifu.Deal`, gives every start
        value, its physical tile ids and its wall's layout (then the keywords are ignored);
        else round_wind "E".."N", the 1-based hand_number, the dealer (default:
        hand_number - 1), honba and riichi_sticks (given: recorded), the start scores, the
        dora indicator, the dice, the starting hands per seat and the wall in draw order,
        each recorded when given; FLAGS adds deal flags by name
        ("round_unknown", "time_up", "has_sticks", ...); HAND_IDS, DORA_INDICATOR_ID and
        WALL_IDS are the physical tile ids (0..135) where the source numbers its tiles."""
        layout = None
        if like is not None:
            round_wind, hand_number, dealer = like.round_wind, like.hand_number, like.dealer
            honba, riichi_sticks, scores = like.honba, like.riichi_sticks, like.scores
            dora_indicator, dice, hands = like.dora_indicator, like.dice, like.hands
            wall, flags, line, column = like.wall, like.flags, like.line, like.column
            c = like._game._deal_c(like.index).start
            hand_ids = [list(c.hand_ids[s][:c.n_hand[s]]) for s in range(_lib.SEATS)]
            dora_indicator_id = c.dora_indicator_id
            wall_ids = list(ctypes.string_at(c.wall_ids, c.n_wall)) if c.wall_ids else None
            layout = _lib.WallLayout.from_buffer_copy(c.wall_layout)  # where its dead wall is
        lib = _lib.load()
        st = _lib.DealStart()
        lib.paifu_deal_start_init(ctypes.byref(st))
        st.round_wind = _WIND[round_wind] if isinstance(round_wind, str) else round_wind
        st.hand_number = hand_number - 1
        st.dealer = (hand_number - 1) % 4 if dealer is None else dealer
        f = 0
        for name in flags:
            if name not in _DEAL_FLAG:
                raise PaifuError("deal flag %r: expected one of %s"
                                 % (name, ", ".join(_DEAL_FLAG)), -7)
            f |= _DEAL_FLAG[name]
        if honba is not None or riichi_sticks is not None:
            st.honba, st.riichi_sticks = honba or 0, riichi_sticks or 0
            if like is None:
                f |= 0x20
        if scores is not None:
            _fill(st.scores, list(scores), _lib.SEATS, "scores")
            f |= 0x02
        st.dora_indicator = tile_byte(dora_indicator)
        if dora_indicator_id is not None:
            st.dora_indicator_id = dora_indicator_id
        if dice is not None:
            _fill(st.dice, list(dice), 2, "dice")
            f |= 0x10
        if hands is not None:
            for s, h in enumerate(hands):
                st.n_hand[s] = _fill(st.hands[s], _tile_list(h), _lib.MAX_HAND, "hand")
                _ids(st.hand_ids[s], hand_ids[s] if hand_ids else None, st.n_hand[s])
            f |= 0x04
        keep = None
        if wall is not None:
            tiles = _tile_list(wall)
            keep = (ctypes.c_uint8 * len(tiles))(*tiles)
            ids = [_lib.TILE_ID_NONE if i is None else i for i in wall_ids or ()]
            ids += [_lib.TILE_ID_NONE] * (len(tiles) - len(ids))
            keep_ids = (ctypes.c_uint8 * len(tiles))(*ids[:len(tiles)])
            st.n_wall = len(tiles)
            st.wall = ctypes.cast(keep, ctypes.c_void_p)
            st.wall_ids = ctypes.cast(keep_ids, ctypes.c_void_p)
            f |= 0x08
        if layout is not None:
            st.wall_layout = layout
        st.flags = f & ~0x01
        self._call(lib.paifu_game_begin_deal, ctypes.byref(st), line, column)
        self._changed()
        if f & 0x01:
            self.set_deal_result_only()

    def set_deal_result_only(self) -> None:
        """Mark the current deal as a score sheet's: outcomes without tile events."""
        self._call(_lib.load().paifu_game_set_deal_result_only)
        self._changed()

    def add_event(self, event: Any, seat: Optional[int] = None, tile: TileLike = None, *,
                  tiles: Union[str, Sequence[TileLike]] = (), from_seat: Optional[int] = None,
                  tsumogiri: Optional[bool] = None, riichi: bool = False,
                  replacement: bool = False, tile_id: Optional[int] = None,
                  tile_ids: Sequence[Optional[int]] = (), line: int = 0,
                  column: int = 0) -> None:
        """Append an event to the current deal (before the first deal: a disconnect or
        reconnect, to the prelude). EVENT is a :class:`paifu.Event` (copied as it is) or its
        type ("draw", "discard", "chi", "pon", "daiminkan", "ankan", "shouminkan", "kita",
        "flower", "dora", "disconnect", "reconnect") with the keywords. Wins, draws,
        penalties and riichi deposits have their own calls (add_win, ...)."""
        lib = _lib.load()
        if isinstance(event, tuple):
            ev = _lib.Event.from_buffer_copy(struct_pack(event))
        else:
            from ._game import EVENT_TYPES
            if event not in EVENT_TYPES[1:]:
                raise PaifuError("event type %r: expected one of %s"
                                 % (event, ", ".join(EVENT_TYPES[1:])), -7)
            ev = _lib.Event()
            lib.paifu_event_init(ctypes.byref(ev), EVENT_TYPES.index(event),
                                 -1 if seat is None else seat)
            ev.tile = tile_byte(tile)
            if tile_id is not None:
                ev.tile_id = tile_id
            ev.n = _fill(ev.tiles, _tile_list(tiles), 4, "tiles")
            _ids(ev.ids, list(tile_ids) or None, ev.n)
            if from_seat is not None:
                ev.from_ = from_seat
            fl = 0
            if tsumogiri is not None:
                fl |= 0x02 | (0x01 if tsumogiri else 0)
            fl |= (0x04 if riichi else 0) | (0x08 if replacement else 0)
            ev.flags = fl
            ev.line, ev.column = line, column
        if ev.type == 10:  # a riichi deposit keeps its recorded scores in a row of the deal
            raise PaifuError("a riichi deposit is added by add_riichi_accepted()", -7)
        self._call(lib.paifu_game_add_event, ctypes.byref(ev))

    def add_riichi_accepted(self, seat: int, scores_after: Optional[Sequence[int]] = None, *,
                            double_riichi: bool = False, line: int = 0, column: int = 0) -> None:
        """Append SEAT's riichi deposit, with the recorded scores after it when given."""
        arr = None
        if scores_after is not None:
            arr = (ctypes.c_int32 * _lib.SEATS)()
            _fill(arr, list(scores_after), _lib.SEATS, "scores_after")
        self._call(_lib.load().paifu_game_add_riichi_accepted, seat,
                   0x10 if double_riichi else 0, arr, line, column)

    def add_win(self, win: Any = None, *, line: int = 0, column: int = 0, **fields: Any) -> None:
        """Append a win: WIN (a :class:`paifu.Win` read from a log) and/or its fields by the
        names of paifu.Win's attributes (winner, from_seat (the winner for tsumo), han, fu,
        points, limit, yaku as paifu.Yaku or (id or name, han[, count]) pairs, hand, dora,
        ura, deltas, scores_before, honba, riichi_sticks, ...). A field left None is not
        recorded (``known`` says which are, unless given)."""
        keep: List[Any] = []
        w = win_struct(_values(win, fields, _WIN_KEYS), keep)
        self._call(_lib.load().paifu_game_add_win, ctypes.byref(w), line, column)

    def add_draw(self, draw: Any = None, *, line: int = 0, column: int = 0,
                 **fields: Any) -> None:
        """Append a draw: DRAW (a :class:`paifu.Draw`) and/or its fields (kind "exhaustive",
        "kyuushu", ...; seat; tenpai and nagashi as lists of seats; shown {seat: tiles};
        honba, riichi_sticks, deltas, scores_before)."""
        d = draw_struct(_values(draw, fields, _DRAW_KEYS))
        self._call(_lib.load().paifu_game_add_draw, ctypes.byref(d), line, column)

    def add_penalty(self, penalty: Any = None, *, line: int = 0, column: int = 0,
                    **fields: Any) -> None:
        """Append a penalty: PENALTY (a :class:`paifu.Penalty`) and/or its fields (kind
        "chombo", "dead_hand", "fine", "other", "mistaken_hu", "exposed_hand"; timing
        "by_rules", "after_uma", "immediate"; seat; amount; deltas; note)."""
        keep: List[Any] = []
        p = penalty_struct(_values(penalty, fields, _PENALTY_KEYS), keep)
        self._call(_lib.load().paifu_game_add_penalty, ctypes.byref(p), line, column)

    def add_deal(self, deal: Any) -> None:
        """Append a copy of DEAL (of another game) through the calls above: its start, then
        every event with its record, the physical tile ids included."""
        self.begin_deal(deal)
        rows = deal.score_rows
        c = deal._game._deal_c(deal.index)
        for ev in deal.events:
            t = ev.type
            if t == "win":
                w = c.wins[ev.detail]
                self.add_win(deal.record(ev), hand_ids=list(w.hand_ids[:w.n_hand]),
                             dora_ids=list(w.dora_ids[:w.n_dora]),
                             ura_ids=list(w.ura_ids[:w.n_ura]), line=ev.line, column=ev.column)
            elif t in ("exhaustive_draw", "abortive_draw"):
                d = c.draws[ev.detail]
                ids = {s: list(d.hand_ids[s][:d.n_hand[s]]) for s in range(_lib.SEATS)
                       if d.shown >> s & 1}
                self.add_draw(deal.record(ev), hand_ids=ids, line=ev.line, column=ev.column)
            elif t == "penalty":
                self.add_penalty(deal.record(ev), line=ev.line, column=ev.column)
            elif t == "riichi_accepted":
                self.add_riichi_accepted(ev.seat, rows[ev.detail] if ev.detail >= 0 else None,
                                         double_riichi=ev.double_riichi, line=ev.line,
                                         column=ev.column)
            else:
                self.add_event(ev)

    # -- writing --
    def write(self, to: str, **kw: Any) -> bytes:
        """The game written in format TO (as ``convert(game, TO, ...).data``)."""
        from ._game import convert
        return convert([self], to, **kw).data


def struct_pack(event: tuple) -> bytes:
    from ._game import _EVENT
    return _EVENT.pack(*event)
