"""The columnar path: one row per deal over many files, as lists of plain values."""

from __future__ import annotations

import ctypes
import os
from typing import Any, Dict, List, Optional, Tuple

from . import _lib
from ._core import LIMITS_BY_CODE, TILE_NAMES, _s, format_tiles
from ._game import (DRAW_KINDS, WINDS, Collected, Unreadable, _games_of, check_errors,
                    inputs_of)

# Each table's columns with the kind of their values: "int" (always there), "int?" and "bool?"
# (None where the deal or event has none: a draw has no winner, an event no tsumogiri flag),
# "text" (a str, or None). The column tuples and the pandas types both come from them.
_DEAL_COLUMNS: Tuple[Tuple[str, str], ...] = (
    ("file", "text"), ("game", "int"), ("deal", "int"), ("label", "text"), ("format", "text"),
    ("players", "int"), ("round_wind", "text"), ("hand_number", "int"), ("dealer", "int"),
    ("honba", "int"), ("riichi_sticks", "int"), ("events", "int"), ("draws", "int"),
    ("discards", "int"), ("calls", "int"), ("kans", "int"), ("riichi", "int"),
    ("outcome", "text"), ("draw_kind", "text"), ("wins", "int"), ("winner", "int?"),
    ("from_seat", "int?"), ("tsumo", "int?"), ("han", "int?"), ("fu", "int?"),
    ("points", "int?"), ("limit", "text"), ("yaku", "text"), ("dora_indicator", "text"))
_EVENT_COLUMNS: Tuple[Tuple[str, str], ...] = (
    ("file", "text"), ("game", "int"), ("deal", "int"), ("event_index", "int"), ("event", "int"),
    ("seat", "int?"), ("type", "text"), ("tile", "text"), ("tsumogiri", "int?"),
    ("riichi", "int"), ("tiles", "text"), ("from_seat", "int?"))
# pandas' types: nullable Int64 and boolean where a value may be missing (guessed from the
# first rows, a column of ints takes int64, which a later draw's None cannot be cast to)
_PANDAS = {"int": "int64", "int?": "Int64", "bool?": "boolean", "text": "object"}

COLUMNS: Tuple[str, ...] = tuple(c for c, _ in _DEAL_COLUMNS)
"""Columns of :func:`deals_table`, in order."""

EVENT_COLUMNS: Tuple[str, ...] = tuple(c for c, _ in _EVENT_COLUMNS)
"""Columns of :func:`events_table`, in order: those of `paifu export`'s events table
(doc/export.md), with ``file`` and ``game`` (numbered from 1 within the file, through a
database's rows or an archive's members, as `paifu validate` numbers it) for its ``game_id``."""

DTYPES: Dict[str, str] = {c: _PANDAS[k] for c, k in _DEAL_COLUMNS}
"""The pandas type of each column of :func:`deals_table`, which ``frame=True`` gives and
``paifu.dask.DEALS_META`` hands to Dask: nullable ``Int64`` for the win's
columns, which a draw leaves empty."""

EVENT_DTYPES: Dict[str, str] = {c: _PANDAS[k] for c, k in _EVENT_COLUMNS}
"""The pandas type of each column of :func:`events_table`, which ``frame=True`` gives."""

# event type codes (paifu/game.h)
_DRAW, _DISCARD, _CHI, _PON, _DMK, _ANKAN, _SMK = 1, 2, 3, 4, 5, 6, 7
_RIICHI, _WIN, _EXH, _ABORT = 10, 12, 13, 14


def _rows_of(source: Any, cols: Dict[str, List[Any]], errors: str = "raise",
             unreadable: Optional[List[Unreadable]] = None) -> int:
    """The rows of every game of one input (a path, or a (name, bytes) pair) into COLS."""
    it = _games_of([source], errors, [] if unreadable is None else unreadable, {})
    n = 0
    while True:
        g = next(it, None)
        if g is None:
            return n
        n += _rows_of_game(g, cols)
        del g  # unreferenced when the reader moves on: not copied out


def _recorded_rows(g: Any) -> Tuple[List[str], List[List[Any]]]:
    """The library's deals outcomes and wins rows of G as recorded (paifu_table_rows without a
    verification: the values that need none), for deals_table's vocabulary: the outcome, and
    per deal its first win's tsumo (0/1), limit and yaku as export writes them."""
    lib = _lib.load()
    outcome_at = [c for c, _, _ in table_columns("deals")].index("outcome")
    wcols = [c for c, _, _ in table_columns("wins")]
    wat = {c: wcols.index(c) for c in ("deal", "win", "tsumo", "hand_limit", "yaku")}
    outcomes: List[str] = []
    first_wins: Dict[int, List[Any]] = {}

    def on_row(table, cells, payload):
        try:
            if table == TABLES.index("deals"):
                outcomes.append(_s(cells[outcome_at].s))
            else:
                deal, win = cells[wat["deal"]].i, cells[wat["win"]].i
                if win == 1:
                    c = [cells[wat[k]] for k in ("tsumo", "hand_limit", "yaku")]
                    first_wins[deal] = [x.i if x.kind == b"i" else _s(x.s) if x.kind == b"t"
                                        else None for x in c]
            return 0
        except BaseException:
            return -1

    try:
        rules = g.rules()
    except Exception:
        return outcomes, []
    cb = _lib.TABLE_ROW_CB(on_row)
    info = _lib.TableGame(1, os.fsencode(g.source), None, None, 0, None, None)
    mask = (1 << TABLES.index("deals")) | (1 << TABLES.index("wins"))
    lib.paifu_table_rows(g._ptr, rules._ptr, ctypes.byref(info), mask, cb, None)
    return outcomes, [first_wins.get(i + 1) for i in range(len(outcomes))]


def _rows_of_game(g: Any, cols: Dict[str, List[Any]]) -> int:
    lib = _lib.load()
    n = 0
    # the vocabulary is the library's (export's): outcome, tsumo, limit and yaku as the deals
    # and wins tables give them
    outcomes, first_wins = _recorded_rows(g)
    esize = ctypes.sizeof(_lib.Event)
    label = ctypes.create_string_buffer(16)
    name, fmt = g.source, g.source_format
    gp = g._ptr
    players = lib.paifu_game_players(gp)
    yname = lib.paifu_mcr_fan_name if g.is_mcr else lib.paifu_yaku_name
    # a score sheet names no round: its deals' start as the game walk takes them (the settled
    # view, as Deal and `paifu info` give them)
    walked = None
    for i in range(lib.paifu_game_deal_count(gp)):
        d = lib.paifu_game_deal(gp, i).contents
        st = d.start
        ne = d.n_events
        types = ctypes.string_at(d.events, ne * esize)[0::esize] if ne else b""
        lib.paifu_deal_label(label, 16, ctypes.byref(st))
        nw, ndr = d.n_wins, d.n_draws
        outcome = outcomes[i] if i < len(outcomes) else None
        fw = first_wins[i] if i < len(first_wins) else None
        if nw:
            w = d.wins[0]
            k = w.known
            win = (w.winner, w.from_, fw[0] if fw else int(w.winner == w.from_),
                   w.han if k & 1 else None, w.fu if k & 2 else None,
                   w.points if k & 4 else None,
                   fw[1] if fw else (LIMITS_BY_CODE.get(w.limit) if k & 8 else None),
                   fw[2] if fw else (" ".join("%s:%d" % (_s(yname(y.id) or b"?"), y.han)
                                              for y in w.yaku[:w.n_yaku])
                                     if k & 0x10 else None))
        else:
            win = (None,) * 8
        draw_kind = None
        if ndr:
            dk = d.draws[0].kind
            draw_kind = DRAW_KINDS[dk] if dk < len(DRAW_KINDS) else str(dk)
        start = (_s(label.value), WINDS[st.round_wind & 3], st.hand_number + 1, st.dealer,
                 st.honba, st.riichi_sticks)
        if st.flags & 0x40:
            if walked is None:
                walked = {x["deal"]: x for x in g.settled()["deals"]}
            x = walked.get(i)
            if x:
                start = (x["label"], x["round_wind"], x["hand_number"], x["dealer"],
                         x["honba"], x["riichi_sticks"])
        row = (name, g.index + 1, i + 1, start[0], fmt, players) + start[1:] + (
               ne, types.count(_DRAW), types.count(_DISCARD),
               types.count(_CHI) + types.count(_PON) + types.count(_DMK) +
               types.count(_SMK),
               types.count(_ANKAN) + types.count(_DMK) + types.count(_SMK),
               types.count(_RIICHI), outcome, draw_kind, nw) + win + (
                   TILE_NAMES[st.dora_indicator],)
        for c, v in zip(COLUMNS, row):
            cols[c].append(v)
        n += 1
    return n


def deals_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """One row per deal of every game in PATHS (files, directories walked as `paifu validate`
    walks them, log databases and archives, or (name, bytes) pairs), as a dict of equally long
    lists of plain values (the columns of COLUMNS): the deal's place (``file``: the file or
    ``"FILE:MEMBER"``; ``game`` and ``deal`` numbered from 1, as `paifu validate` and
    `paifu export` number them), start, event counts (draws, discards, calls, kans, riichi),
    outcome, and its first win's recorded winner, han, fu, points, limit and yaku.

    ``frame=True`` returns a pandas DataFrame (pandas must be installed). ``errors`` as
    everywhere (:func:`paifu.games`): "raise" (default) raises the first unreadable input's
    PaifuError, "skip" goes on (the rows an input gave before its error stay), "collect"
    goes on and returns ``Collected(table, unreadable)``.
    """
    check_errors(errors)
    items, _ = inputs_of(paths)
    cols: Dict[str, List[Any]] = {c: [] for c in COLUMNS}
    unreadable: List[Unreadable] = []
    it = _games_of(items, errors, unreadable, {})
    while True:
        g = next(it, None)
        if g is None:
            break
        _rows_of_game(g, cols)
        del g
    out: Any = cols
    if frame:
        try:
            import pandas
        except ImportError as e:
            raise ImportError("deals_table(frame=True) needs pandas (Debian: python3-pandas); "
                              "without it, use the dict of lists") from e
        out = pandas.DataFrame(cols, columns=list(COLUMNS)).astype(DTYPES)
    return Collected(out, unreadable) if errors == "collect" else out


def events_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """One row per event of every deal of every game in PATHS (as :func:`deals_table` takes
    them): the rows of `paifu export`'s events table (doc/export.md), as a dict of equally long
    lists (the columns of EVENT_COLUMNS): ``game`` and ``deal`` from 1, ``event_index`` from 0,
    ``event`` from 1 (a finding's event),
    the seat, type, tile, tsumogiri (None when the log does not say), riichi (0/1), the call's
    tiles in notation sharing the suit letter and the seat the tile came from. ``frame`` and
    ``errors`` as :func:`deals_table`. Memory grows with the rows: for a whole archive, use
    :func:`paifu.games` and ``deal.events`` one game at a time, or `paifu export`."""
    check_errors(errors)
    items, _ = inputs_of(paths)
    cols: Dict[str, List[Any]] = {c: [] for c in EVENT_COLUMNS}
    unreadable: List[Unreadable] = []
    it = _games_of(items, errors, unreadable, {})
    add = [cols[c].append for c in EVENT_COLUMNS]
    while True:
        g = next(it, None)
        if g is None:
            break
        file, game = g.source, g.index + 1
        for d in g.deals:
            for i, e in enumerate(d.events):
                ts = e.tsumogiri
                row = (file, game, d.index + 1, i, i + 1, e.seat, e.type, e.tile,
                       None if ts is None else int(ts), int(e.riichi),
                       format_tiles(e.tiles, sort=False) if e[6] else None, e.from_seat)
                for f, v in zip(add, row):
                    f(v)
        del g
    out: Any = cols
    if frame:
        try:
            import pandas
        except ImportError as e:
            raise ImportError("events_table(frame=True) needs pandas (Debian: python3-pandas); "
                              "without it, use the dict of lists") from e
        out = pandas.DataFrame(cols, columns=list(EVENT_COLUMNS)).astype(EVENT_DTYPES)
    return Collected(out, unreadable) if errors == "collect" else out


# ---- the library's tables (paifu/table.h): export's rows, defined once ----

TABLES: Tuple[str, ...] = ("games", "deals", "wins", "players", "events")
"""The tables of `paifu export` (doc/export.md), in its order."""


def table_columns(table: str) -> Tuple[Tuple[str, str, Optional[Tuple[str, ...]]], ...]:
    """TABLE's columns as the library defines them (paifu_table_column_get): (name, SQL type
    "INTEGER"/"REAL"/"TEXT", the names of a text column's fixed values or None)."""
    lib = _lib.load()
    t = TABLES.index(table)
    out = []
    for i in range(lib.paifu_table_column_count(t)):
        c = lib.paifu_table_column_get(t, i).contents
        typ = {b"i": "INTEGER", b"r": "REAL"}.get(c.type, "TEXT")
        out.append((_s(c.name), typ, tuple(_s(c.values).split("|")) if c.values else None))
    return tuple(out)


# pandas' types of the library's column types: nullable where a cell may be NULL
_TABLE_PANDAS = {"INTEGER": "Int64", "REAL": "float64", "TEXT": "object"}


def table_dtypes(table: str) -> Dict[str, str]:
    """The pandas type of each column of TABLE, which ``frame=True`` gives."""
    return {n: _TABLE_PANDAS[t] for n, t, _ in table_columns(table)}


def tables(paths: Any, which: Any = TABLES, *, frame: bool = False,
           errors: str = "raise") -> Dict[str, Any]:
    """The rows of `paifu export` over PATHS (as :func:`deals_table` takes them), table by
    table: {name: {column: [values]}} for the tables named in WHICH, the same values export
    writes (game_id counted from 1 over the call's games, as export counts them over its
    inputs; None for NULL). Each game is checked under its rule set (the log's, else rrc),
    as `paifu export` checks it; a game refused by the rule set is left out, as export leaves
    it out. ``frame`` and ``errors`` as :func:`deals_table`."""
    from ._game import resolve_rules, new_error, check
    check_errors(errors)
    which = (which,) if isinstance(which, str) else tuple(which)
    for w in which:
        if w not in TABLES:
            raise ValueError("no table %r (the tables: %s)" % (w, ", ".join(TABLES)))
    lib = _lib.load()
    cols = {t: {n: [] for n, _, _ in table_columns(t)} for t in which}
    adds = {TABLES.index(t): [(cols[t][n].append, typ) for n, typ, _ in table_columns(t)]
            for t in which}
    mask = 0
    for t in which:
        mask |= 1 << TABLES.index(t)

    def on_row(table, cells, payload):
        try:
            for k, (add, typ) in enumerate(adds[table]):
                c = cells[k]
                kind = c.kind
                add(c.i if kind == b"i" else c.r if kind == b"r" else
                    _s(c.s) if kind == b"t" else None)
            return 0
        except BaseException:  # never let an exception cross into C
            return -1

    cb = _lib.TABLE_ROW_CB(on_row)
    items, _ = inputs_of(paths)
    unreadable: List[Unreadable] = []
    it = _games_of(items, errors, unreadable, {})
    gid = 0
    while True:
        g = next(it, None)
        if g is None:
            break
        try:
            rules, origin = resolve_rules(g, None, None, "rrc", with_origin=True)
        except Exception:
            del g  # refused (a rule set of the other family), as export refuses it
            continue
        rep, view = ctypes.c_void_p(), ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_report_new(ctypes.byref(rep), ctypes.byref(err)), err)
        try:
            src = g.source
            vo = _lib.VerifyOptions(1, os.fsencode(src), 0, 0)
            rc = lib.paifu_game_settle(ctypes.byref(view), g._ptr, rules._ptr, rep,
                                       ctypes.byref(vo), ctypes.byref(err))
            if rc < 0:
                continue
            gid += 1
            info = _lib.TableGame(gid, os.fsencode(src),
                                  lib.paifu_game_source_format(g._ptr),
                                  origin.encode(), lib.paifu_report_stats(rep).contents.findings,
                                  rep, view)
            rc = lib.paifu_table_rows(g._ptr, rules._ptr, ctypes.byref(info), mask, cb, None)
            lib.paifu_settled_free(view)
            if rc != 0:
                raise RuntimeError("paifu: the tables' rows of %s could not be taken" % src)
        finally:
            lib.paifu_report_free(rep)
        del g
    out: Dict[str, Any] = cols
    if frame:
        try:
            import pandas
        except ImportError as e:
            raise ImportError("tables(frame=True) needs pandas (Debian: python3-pandas); "
                              "without it, use the dicts of lists") from e
        out = {t: pandas.DataFrame(cols[t], columns=list(cols[t])).astype(table_dtypes(t))
               for t in which}
    return Collected(out, unreadable) if errors == "collect" else out


def games_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """`paifu export`'s games table over PATHS: one row per game (doc/export.md), as a dict of
    equally long lists, or a pandas DataFrame with ``frame=True``. See :func:`tables`."""
    return _one(paths, "games", frame, errors)


def wins_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """`paifu export`'s wins table over PATHS: one row per win, recorded values beside the
    replay's (the c_ columns). See :func:`tables`."""
    return _one(paths, "wins", frame, errors)


def players_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """`paifu export`'s players table over PATHS: one row per seat of every game (its points,
    place, wins, deal-ins, riichi, calls...): the riichi rate of a player is one group-by away.
    See :func:`tables`."""
    return _one(paths, "players", frame, errors)


def _one(paths: Any, table: str, frame: bool, errors: str) -> Any:
    got = tables(paths, (table,), frame=frame, errors=errors)
    if errors == "collect":
        return Collected(got.results[table], got.unreadable)
    return got[table]
