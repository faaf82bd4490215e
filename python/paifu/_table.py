"""The columnar path: one row per deal over many files, as lists of plain values."""

from __future__ import annotations

import ctypes
import os
from typing import Any, Dict, Iterable, List, Tuple, Union

from . import _lib
from ._core import LIMITS_BY_CODE, TILE_NAMES, PaifuError, _s
from ._game import DRAW_KINDS, WINDS, Reader, expand_inputs

COLUMNS: Tuple[str, ...] = (
    "file", "game", "deal", "label", "format", "players", "round_wind", "hand_number", "dealer",
    "honba", "riichi_sticks", "events", "draws", "discards", "calls", "kans", "riichi",
    "outcome", "draw_kind", "wins", "winner", "from_seat", "tsumo", "han", "fu", "points",
    "limit", "yaku", "dora_indicator")
"""Columns of :func:`deals_table`, in order."""

# event type codes (paifu/game.h)
_DRAW, _DISCARD, _CHI, _PON, _DMK, _ANKAN, _SMK = 1, 2, 3, 4, 5, 6, 7
_RIICHI, _WIN, _EXH, _ABORT = 10, 12, 13, 14


def _rows_of(source: Union[str, Tuple[str, bytes]], cols: Dict[str, List[Any]]) -> int:
    lib = _lib.load()
    if isinstance(source, tuple):
        name, data = source
        reader = Reader(data, name=name)
    else:
        name = os.fspath(source)
        reader = Reader(source)
    n = 0
    esize = ctypes.sizeof(_lib.Event)
    label = ctypes.create_string_buffer(16)
    with reader:
        fmt = reader.format
        while True:
            g = reader.next_game()
            if g is None:
                break
            gp = g._ptr
            players = lib.paifu_game_players(gp)
            yname = lib.paifu_mcr_fan_name if g.is_mcr else lib.paifu_yaku_name
            for i in range(lib.paifu_game_deal_count(gp)):
                d = lib.paifu_game_deal(gp, i).contents
                st = d.start
                ne = d.n_events
                types = ctypes.string_at(d.events, ne * esize)[0::esize] if ne else b""
                lib.paifu_deal_label(label, 16, ctypes.byref(st))
                nw, ndr = d.n_wins, d.n_draws
                if nw:
                    w = d.wins[0]
                    k = w.known
                    outcome = "win"
                    win = (w.winner, w.from_, w.winner == w.from_,
                           w.han if k & 1 else None, w.fu if k & 2 else None,
                           w.points if k & 4 else None,
                           LIMITS_BY_CODE.get(w.limit) if k & 8 else None,
                           ",".join(_s(yname(y.id) or b"?") for y in w.yaku[:w.n_yaku])
                           if k & 0x10 else None)
                else:
                    outcome = "none"
                    win = (None,) * 8
                draw_kind = None
                if ndr:
                    dk = d.draws[0].kind
                    draw_kind = DRAW_KINDS[dk] if dk < len(DRAW_KINDS) else str(dk)
                    if not nw:
                        outcome = "exhaustive_draw" if dk == 0 else "abortive_draw"
                row = (name, g.index, i, _s(label.value), fmt, players,
                       WINDS[st.round_wind & 3], st.hand_number + 1, st.dealer, st.honba,
                       st.riichi_sticks, ne, types.count(_DRAW), types.count(_DISCARD),
                       types.count(_CHI) + types.count(_PON) + types.count(_DMK) +
                       types.count(_SMK),
                       types.count(_ANKAN) + types.count(_DMK) + types.count(_SMK),
                       types.count(_RIICHI), outcome, draw_kind, nw) + win + (
                           TILE_NAMES[st.dora_indicator],)
                for c, v in zip(COLUMNS, row):
                    cols[c].append(v)
                n += 1
            del g  # unreferenced when the reader moves on: not copied out
    return n


def deals_table(paths: Union[str, "os.PathLike[str]", Iterable[Any]], *, frame: bool = False,
                errors: str = "raise") -> Any:
    """One row per deal of every game in PATHS (files, directories walked as `paifu validate`
    walks them, or (name, bytes) pairs), as a dict of equally long lists of plain values (the
    columns of COLUMNS): the deal's place, start, event counts (draws, discards, calls, kans,
    riichi), outcome, and its first win's recorded winner, han, fu, points, limit and yaku.

    ``frame=True`` returns a pandas DataFrame (pandas must be installed). ``errors="skip"``
    leaves out unreadable files instead of raising PaifuError.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    plain = [p for p in paths]
    named = [p for p in plain if isinstance(p, tuple)]
    files, _ = expand_inputs([p for p in plain if not isinstance(p, tuple)])
    cols: Dict[str, List[Any]] = {c: [] for c in COLUMNS}
    for src in files + named:
        before = {c: len(v) for c, v in cols.items()}
        try:
            _rows_of(src, cols)
        except PaifuError:
            if errors != "skip":
                raise
            for c, v in cols.items():
                del v[before[c]:]
    if frame:
        try:
            import pandas
        except ImportError as e:
            raise ImportError("deals_table(frame=True) needs pandas (Debian: python3-pandas); "
                              "without it, use the dict of lists") from e
        return pandas.DataFrame(cols, columns=list(COLUMNS))
    return cols
