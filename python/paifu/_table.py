"""The columnar path: one row per deal over many files, as lists of plain values."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import _lib
from ._core import _s
from ._game import Collected, Unreadable, _games_of, check_errors, inputs_of

# deals_table's and events_table's columns: each a column of one of the library's tables
# (paifu/table.h, the rows `paifu export` writes), named as there. deals_table joins a deal's
# row with its game's format and players and its first win's row; both have file and game
# (within the file) where export has game_id.
_DEAL_SOURCES: Tuple[Tuple[str, str], ...] = (
    ("deal", "deals"), ("label", "deals"), ("format", "games"), ("players", "games"),
    ("round_wind", "deals"), ("hand_number", "deals"), ("dealer", "deals"),
    ("honba", "deals"), ("riichi_sticks", "deals"), ("events", "deals"), ("draws", "deals"),
    ("discards", "deals"), ("calls", "deals"), ("kans", "deals"), ("riichi", "deals"),
    ("outcome", "deals"), ("draw_kind", "deals"), ("wins", "deals"), ("winner", "wins"),
    ("payer", "wins"), ("tsumo", "wins"), ("han", "wins"), ("fu", "wins"), ("points", "wins"),
    ("hand_limit", "wins"), ("yaku", "wins"), ("dora_indicator", "deals"),
    ("result_only", "deals"), ("delta_0", "deals"), ("delta_1", "deals"),
    ("delta_2", "deals"), ("delta_3", "deals"))
_EVENT_SOURCES: Tuple[Tuple[str, str], ...] = tuple(
    (c, "events") for c in ("deal", "event_index", "event", "seat", "type", "tile", "tsumogiri",
                            "riichi", "tiles", "from_seat"))

COLUMNS: Tuple[str, ...] = ("file", "game") + tuple(c for c, _ in _DEAL_SOURCES)
"""Columns of :func:`deals_table`, in order: ``file`` and ``game`` (numbered from 1 within the
file) for export's ``game_id``, then columns of export's deals table, its games table
(``format``, ``players``) and the deal's first win in its wins table, named as there."""

EVENT_COLUMNS: Tuple[str, ...] = ("file", "game") + tuple(c for c, _ in _EVENT_SOURCES)
"""Columns of :func:`events_table`, in order: those of `paifu export`'s events table
(doc/export.md), with ``file`` and ``game`` (numbered from 1 within the file, through a
database's rows or an archive's members, as `paifu validate` numbers it) for its ``game_id``."""


class _Dtypes(Mapping):
    """A column's pandas type, from the library's column types (read when first asked: the
    library is loaded by the first call that needs it, not by the import)."""

    def __init__(self, sources: Tuple[Tuple[str, str], ...]):
        self._sources = sources
        self._types: Dict[str, str] = {}

    def _all(self) -> Dict[str, str]:
        if not self._types:
            lib = {t: {n: typ for n, typ, _ in table_columns(t)} for t in TABLES}
            self._types = dict({"file": "object", "game": "int64"},
                               **{c: _TABLE_PANDAS[lib[t][c]] for c, t in self._sources})
        return self._types

    def __getitem__(self, k: str) -> str:
        return self._all()[k]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


DTYPES: Mapping = _Dtypes(_DEAL_SOURCES)
"""The pandas type of each column of :func:`deals_table`, which ``frame=True`` gives and
``paifu.dask.DEALS_META`` hands to Dask: the library's column types (nullable ``Int64`` for
INTEGER, which a draw leaves empty in the win's columns)."""

EVENT_DTYPES: Mapping = _Dtypes(_EVENT_SOURCES)
"""The pandas type of each column of :func:`events_table`, which ``frame=True`` gives."""


def _sources(table: str) -> Tuple[Tuple[str, str], ...]:
    """The columns of TABLE with file and game (by_file_columns), each with its library table."""
    if table == "deals":
        return _DEAL_SOURCES
    return tuple((c, table) for c, _, _ in table_columns(table) if c != "game_id")


def by_file_columns(table: str) -> Tuple[str, ...]:
    """The columns of TABLE's rows keyed by file and game (from 1 within the file) instead of
    export's running game_id: :data:`COLUMNS` for "deals" (deals_table's), export's columns of
    the other tables with ``file`` and ``game`` in place of ``game_id``, :data:`EVENT_COLUMNS`
    for "events"."""
    if table not in TABLES:
        raise ValueError("no table %r (the tables: %s)" % (table, ", ".join(TABLES)))
    return ("file", "game") + tuple(c for c, _ in _sources(table))


def _rows_of(source: Any, cols: Dict[str, List[Any]], errors: str = "raise",
             unreadable: Optional[List[Unreadable]] = None, table: str = "deals") -> int:
    """TABLE's rows keyed by file (by_file_columns) of every game of one input (a path, or a
    (name, bytes) pair) into COLS; the number of rows."""
    n = len(cols["file"])
    which = ("games", "deals", "wins") if table == "deals" else (table,)
    for g, _, got in _game_tables([source], which, errors,
                                  [] if unreadable is None else unreadable):
        _joined(got, _sources(table), g.source, g.index + 1, cols)
    return len(cols["file"]) - n


def _joined(tables_of: Dict[str, Dict[str, List[Any]]], sources: Tuple[Tuple[str, str], ...],
            file: str, game: int, cols: Dict[str, List[Any]]) -> None:
    """One game's rows of the library's tables (TABLES_OF) as deals_table's or events_table's
    rows (SOURCES) into COLS: a deal's row, its game's and its first win's."""
    main = sources[0][1]
    rows = tables_of[main]
    n = len(rows[sources[0][0]])
    if not n:
        return
    first: Dict[int, int] = {}
    if "wins" in tables_of:
        w = tables_of["wins"]
        first = {d: i for i, (d, k) in enumerate(zip(w["deal"], w["win"])) if k == 1}
    deal_at = rows.get("deal", ())
    cols["file"].extend([file] * n)
    cols["game"].extend([game] * n)
    for c, t in sources:
        if t == main:
            cols[c].extend(rows[c])
        elif t == "games":
            cols[c].extend([tables_of["games"][c][0]] * n)
        else:  # the deal's first win
            v = tables_of["wins"][c]
            cols[c].extend([v[first[d]] if d in first else None for d in deal_at])


def _deal_rows(items: List[Any], cols: Dict[str, List[Any]], errors: str,
               unreadable: List[Unreadable]) -> None:
    for g, _, got in _game_tables(items, ("games", "deals", "wins"), errors, unreadable):
        _joined(got, _DEAL_SOURCES, g.source, g.index + 1, cols)


def _frame(cols: Dict[str, List[Any]], columns: Tuple[str, ...], dtypes: Mapping,
           what: str) -> Any:
    try:
        import pandas
    except ImportError as e:
        raise ImportError("%s(frame=True) needs pandas (Debian: python3-pandas); "
                          "without it, use the dict of lists" % what) from e
    return pandas.DataFrame(cols, columns=list(columns)).astype(dict(dtypes))


def deals_table(paths: Any, *, frame: bool = False, errors: str = "raise") -> Any:
    """One row per deal of every game in PATHS (files, directories walked as `paifu validate`
    walks them, log databases and archives, or (name, bytes) pairs), as a dict of equally long
    lists of plain values (the columns of COLUMNS): the rows of `paifu export`'s deals table
    (the library's one definition, doc/export.md), each with its game's ``format`` and
    ``players`` and its first win's ``winner``, ``payer``, ``tsumo``, ``han``, ``fu``,
    ``points``, ``hand_limit`` and ``yaku`` from export's wins table (None for a deal without a
    win, or where the log does not record it); ``file`` (the file or ``"FILE:MEMBER"``) and
    ``game`` (from 1 within it, as `paifu validate` numbers it) where export has ``game_id``.
    Each game is checked under its rule set (the log's, else rrc), as `paifu export` checks it.

    ``frame=True`` returns a pandas DataFrame (pandas must be installed). ``errors`` as
    everywhere (:func:`paifu.games`): "raise" (default) raises the first unreadable input's
    PaifuError, "skip" goes on (the rows an input gave before its error stay), "collect"
    goes on and returns ``Collected(table, unreadable)``.
    """
    check_errors(errors)
    items, _ = inputs_of(paths)
    cols: Dict[str, List[Any]] = {c: [] for c in COLUMNS}
    unreadable: List[Unreadable] = []
    _deal_rows(items, cols, errors, unreadable)
    out: Any = _frame(cols, COLUMNS, DTYPES, "deals_table") if frame else cols
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
    for g, _, got in _game_tables(items, ("events",), errors, unreadable):
        _joined(got, _EVENT_SOURCES, g.source, g.index + 1, cols)
    out: Any = _frame(cols, EVENT_COLUMNS, EVENT_DTYPES, "events_table") if frame else cols
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


def _game_tables(items: List[Any], which: Tuple[str, ...], errors: str,
                 unreadable: List[Unreadable]) -> Iterator[Tuple[Any, int, Dict[str, Any]]]:
    """(game, game_id, {table: {column: [values]}}) for each game of ITEMS checked as `paifu
    export` checks it (its rule set, the log's or else rrc; a game the rule set refuses is
    left out, as export leaves it out), the rows of the tables WHICH (paifu_table_rows);
    game_id counts the games given, from 1."""
    from ._game import resolve_rules, new_error, check
    lib = _lib.load()
    names = {t: [n for n, _, _ in table_columns(t)] for t in which}
    mask = 0
    for t in which:
        mask |= 1 << TABLES.index(t)
    got: Dict[str, Dict[str, List[Any]]] = {}
    adds: Dict[int, List[Any]] = {}

    def on_row(table, cells, payload):
        try:
            for k, add in enumerate(adds[table]):
                c = cells[k]
                kind = c.kind
                add(c.i if kind == b"i" else c.r if kind == b"r" else
                    _s(c.s) if kind == b"t" else None)
            return 0
        except BaseException:  # never let an exception cross into C
            return -1

    cb = _lib.TABLE_ROW_CB(on_row)
    # the events rows need no verification: the game's rows do
    settle = bool(mask & ~(1 << TABLES.index("events")))
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
        got = {t: {n: [] for n in names[t]} for t in which}
        adds.clear()
        adds.update({TABLES.index(t): [got[t][n].append for n in names[t]] for t in which})
        rep, view = ctypes.c_void_p(), ctypes.c_void_p()
        err = new_error()
        src = g.source
        if settle:
            check(lib.paifu_report_new(ctypes.byref(rep), ctypes.byref(err)), err)
        try:
            if settle:
                vo = _lib.VerifyOptions(1, os.fsencode(src), 0, 0)
                if lib.paifu_game_settle(ctypes.byref(view), g._ptr, rules._ptr, rep,
                                         ctypes.byref(vo), ctypes.byref(err)) < 0:
                    continue
            gid += 1
            info = _lib.TableGame(gid, os.fsencode(src), lib.paifu_game_source_format(g._ptr),
                                  origin.encode(),
                                  lib.paifu_report_stats(rep).contents.findings if settle else 0,
                                  rep, view)
            rc = lib.paifu_table_rows(g._ptr, rules._ptr, ctypes.byref(info), mask, cb, None)
            if settle:
                lib.paifu_settled_free(view)
            if rc != 0:
                raise RuntimeError("paifu: the tables' rows of %s could not be taken" % src)
        finally:
            if settle:
                lib.paifu_report_free(rep)
        yield g, gid, got
        del g


def tables(paths: Any, which: Any = TABLES, *, frame: bool = False,
           errors: str = "raise") -> Dict[str, Any]:
    """The rows of `paifu export` over PATHS (as :func:`deals_table` takes them), table by
    table: {name: {column: [values]}} for the tables named in WHICH, the same values export
    writes (game_id counted from 1 over the call's games, as export counts them over its
    inputs; None for NULL). Each game is checked under its rule set (the log's, else rrc),
    as `paifu export` checks it; a game refused by the rule set is left out, as export leaves
    it out. ``frame`` and ``errors`` as :func:`deals_table`."""
    check_errors(errors)
    which = (which,) if isinstance(which, str) else tuple(which)
    for w in which:
        if w not in TABLES:
            raise ValueError("no table %r (the tables: %s)" % (w, ", ".join(TABLES)))
    cols = {t: {n: [] for n, _, _ in table_columns(t)} for t in which}
    items, _ = inputs_of(paths)
    unreadable: List[Unreadable] = []
    for _, _, got in _game_tables(items, which, errors, unreadable):
        for t in which:
            for n, v in got[t].items():
                cols[t][n].extend(v)
    out: Dict[str, Any] = cols
    if frame:
        out = {t: _frame(cols[t], tuple(cols[t]), table_dtypes(t), "tables") for t in which}
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
