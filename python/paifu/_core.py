"""Errors, locations, tiles, formats, finding codes and rule sets (the C library's basics)."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple, Union

from . import _lib

# ---- errors ----

ERROR_CODES = {0: "ok", -1: "error", -2: "out of memory", -3: "i/o error", -4: "format error",
               -5: "unsupported", -6: "limit exceeded", -7: "invalid argument",
               -8: "internal error"}


class Location(NamedTuple):
    """Where something happened in an input: the file (``"FILE:MEMBER"`` inside a database or
    an archive), its line and column, the game's number in the file counted from 1 as
    `paifu validate` prints it (text and JSON), the deal's label and the event's index within
    the deal (from 0; every output, the JSON's ``event`` and ``str()`` among them, numbers it
    from 1). Unknown parts are 0 / "" / -1 (event)."""

    file: str = ""
    line: int = 0
    column: int = 0
    offset: int = 0
    path: str = ""
    game: int = 0
    deal: str = ""
    event: int = -1

    def to_dict(self) -> Dict[str, Any]:
        """The location as `paifu validate --format json` writes it (unknown parts left out)."""
        d: Dict[str, Any] = {"file": self.file}
        if self.line:
            d["line"] = self.line
        if self.column:
            d["column"] = self.column
        if self.offset:
            d["offset"] = self.offset
        if self.path:
            d["path"] = self.path
        if self.game > 0:  # numbered from 1, as the tool's text and JSON output
            d["game"] = self.game
        if self.deal:
            d["deal"] = self.deal
        if self.event >= 0:  # an index here; numbered from 1 in every output, as the viewer
            d["event"] = self.event + 1
        return d

    def __str__(self) -> str:
        return format_location(self)


def _s(b: bytes) -> str:
    return b.decode("utf-8", "replace")


def location_from_c(w: _lib.Location) -> Location:
    return Location(_s(w.source), w.line, w.column, w.offset, _s(w.path),
                    w.game + 1 if w.game >= 0 else 0, _s(w.deal), w.event)


def _location_to_c(loc: Location) -> _lib.Location:
    w = _lib.Location()
    w.source = loc.file.encode()[-255:]
    w.line, w.column, w.offset = loc.line, loc.column, loc.offset
    w.path = loc.path.encode()[:95]
    w.game, w.event = (loc.game - 1 if loc.game > 0 else -1), loc.event
    w.deal = loc.deal.encode()[:15]
    return w


def format_location(loc: Location) -> str:
    """"FILE:LINE:COL [game G, deal D, event E, at PATH]", as the C library renders it."""
    lib = _lib.load()
    buf = ctypes.create_string_buffer(1024)
    w = _location_to_c(loc)
    lib.paifu_location_format(buf, len(buf), ctypes.byref(w))
    return _s(buf.value)


class PaifuError(Exception):
    """The one exception of paifu: a C error's code, text and position.

    Attributes: ``code`` (the C error code's name: "format error", "invalid argument", ...),
    ``errno`` (the negative C code), ``text`` (what was expected and found) and ``location``
    (a :class:`Location`). ``str(e)`` reads like the command-line tool's error line.
    """

    def __init__(self, text: str, code: int = -1, location: Optional[Location] = None):
        self.text = text
        self.errno = code
        self.code = _code_name(code)
        self.location = location or Location()
        where = format_location(self.location) if self.location.file or self.location.deal \
            else ""
        super().__init__("%s: error: %s" % (where, text) if where else text)

    def to_dict(self) -> Dict[str, Any]:
        """As the "error" member of a file in `paifu validate --format json`."""
        return {"code": self.code, "message": self.text, "where": self.location.to_dict()}


def _code_name(code: int) -> str:
    try:
        return _s(_lib.load().paifu_error_code_name(code) or b"error")
    except ImportError:
        return ERROR_CODES.get(code, "error")


def new_error() -> _lib.Error:
    e = _lib.Error()
    e.where.game = -1
    e.where.event = -1
    return e


def check(rc: int, err: _lib.Error, source: Optional[str] = None) -> int:
    """Raise PaifuError for a negative return code; return RC otherwise."""
    if rc < 0:
        raise error_from_c(rc, err, source)
    return rc


def error_from_c(rc: int, err: _lib.Error, source: Optional[str] = None) -> PaifuError:
    if source is not None and not err.where.source:
        err.where.source = source.encode()[-255:]
    text = _s(err.text) or ERROR_CODES.get(rc, "error")
    return PaifuError(text, err.code or rc, location_from_c(err.where))


def version() -> str:
    """Version of the loaded C library ("MAJOR.MINOR.PATCH")."""
    return _s(_lib.load().paifu_version())


# ---- tiles ----


def _build_tile_names() -> List[Optional[str]]:
    names: List[Optional[str]] = [None] * 256
    for kind in range(42):
        if kind < 27:
            n, suit = kind % 9 + 1, "mps"[kind // 9]
        elif kind < 34:
            n, suit = kind - 26, "z"
        else:
            n, suit = kind - 33, "f"
        names[kind] = "%d%s" % (n, suit)
        if kind < 27 and n == 5:
            names[kind | 0x80] = "0" + suit
    return names


TILE_NAMES: List[Optional[str]] = _build_tile_names()
"""TILE_NAMES[byte]: the notation of a paifu_tile byte ("5m", "0p" red, "7z", "3f"), None for
an absent tile (0xFF) or an invalid byte."""


def tile_name(tile: int) -> Optional[str]:
    """Notation of one tile byte ("5m", "0m" for a red five), None for no tile."""
    return TILE_NAMES[tile & 0xFF]


def parse_tiles(text: str) -> List[str]:
    """Parse tile notation ("123m406p 7z") into single tiles: ["1m", "2m", "3m", "4p", ...].
    Raises PaifuError naming the column of a bad character."""
    return [TILE_NAMES[t] or "?" for t in tile_bytes(text)]


def tile_bytes(text: str, cap: int = 256) -> List[int]:
    lib = _lib.load()
    out = (ctypes.c_uint8 * cap)()
    n = ctypes.c_size_t()
    err = new_error()
    check(lib.paifu_tile_parse(out, cap, ctypes.byref(n), text.encode(), ctypes.byref(err)), err)
    return list(out[:n.value])


_SUIT_ORDER = {"m": 0, "p": 1, "s": 2, "z": 3, "f": 4}


def _tile_key(name: str) -> Tuple[int, float]:
    """A tile's place in a sorted hand (paifu_tile_sort's): suit m p s z, then its number, a
    red five (0) after the plain fives; an unknown tile last."""
    if len(name) != 2 or name[1] not in _SUIT_ORDER or not name[0].isdigit():
        return (9, 0.0)
    n = int(name[0])
    return (_SUIT_ORDER[name[1]], 5.5 if n == 0 else float(n))


def format_tiles(tiles: Iterable[Union[str, int]], sort: bool = True) -> str:
    """Join tiles into compact notation, sharing suit letters, sorted as a hand is written
    (["2m","0p","1m"] -> "12m0p"); ``sort=False`` keeps their order (a meld's, an event's)."""
    names = [t if isinstance(t, str) else (TILE_NAMES[t] or "?") for t in tiles]
    if sort:
        names.sort(key=_tile_key)
    out: List[str] = []
    for name in names:
        if out and name[-1] == out[-1][-1] and name != "?" and out[-1] != "?":
            out[-1] = out[-1][:-1] + name
        else:
            out.append(name)
    return "".join(out)


def dora_of(indicator: str, three_player: bool = False) -> str:
    """The dora an indicator points at ("9m" -> "1m"; 3-player: "1m" -> "9m")."""
    lib = _lib.load()
    t = lib.paifu_tile_dora(tile_bytes(indicator)[0], three_player)
    return TILE_NAMES[t] or "?"


# ---- formats ----


class FormatInfo(NamedTuple):
    """A registered format: name, description, whether paifu reads and writes it, what its
    writer carries (names of the PAIFU_CARRIES_* bits) and the extension of written files."""

    name: str
    description: str
    can_read: bool
    can_write: bool
    carries: Tuple[str, ...]
    extension: str
    multi_game: bool


CARRIES = {0x0001: "wall", 0x0002: "tsumogiri", 0x0004: "connection", 0x0008: "tile_ids",
           0x0010: "penalties", 0x0020: "flowers", 0x0040: "result_only", 0x0080: "final",
           0x0100: "rules", 0x0200: "name_id"}


def formats() -> List[FormatInfo]:
    """Every format paifu knows (as `paifu info --formats`)."""
    lib = _lib.load()
    out = []
    for i in range(lib.paifu_format_count()):
        f = lib.paifu_format(i).contents
        name = _s(f.name)
        out.append(FormatInfo(name, _s(f.description or b""), f.can_read, f.can_write,
                              tuple(v for k, v in CARRIES.items() if f.carries & k),
                              _s(f.extension or b""),
                              bool(f.can_write and lib.paifu_format_multi_game(f.name))))
    return out


def writers() -> List[str]:
    """Names of the formats paifu can write."""
    return [f.name for f in formats() if f.can_write]


def detect(data: Union[bytes, bytearray, memoryview]) -> Optional[str]:
    """The format of DATA (not compressed), or None when it is no format paifu reads."""
    b = bytes(data)
    r = _lib.load().paifu_format_detect(b, len(b))
    return _s(r) if r else None


def detect_file(path: str) -> Optional[str]:
    """The format of the file PATH (gzip inflated), None when paifu reads no such format."""
    lib = _lib.load()
    out = ctypes.c_char_p()
    err = new_error()
    check(lib.paifu_format_detect_file(ctypes.byref(out), _fs(path), None, ctypes.byref(err)),
          err, str(path))
    return _s(out.value) if out.value else None


def _fs(path: Any) -> bytes:
    import os
    return os.fsencode(path)


# ---- finding codes, yaku ----


class FindingCode(NamedTuple):
    """A registered finding code with its severity and meaning."""

    code: str
    severity: str
    meaning: str


SEVERITIES = ("info", "warning", "error")
LIMITS_BY_CODE = {0: "none", 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman",
                  5: "yakuman", 255: "unknown"}


def finding_codes() -> List[FindingCode]:
    """Every finding code the verifier can report (stable API strings such as "score.fu")."""
    lib = _lib.load()
    out = []
    for i in range(lib.paifu_finding_code_count()):
        c = lib.paifu_finding_code(i).contents
        out.append(FindingCode(_s(c.code), SEVERITIES[c.severity], _s(c.meaning)))
    return out


def yaku_name(yaku_id: int) -> Optional[str]:
    """Canonical name of a riichi yaku id (Tenhou's numbering): 1 -> "riichi"."""
    r = _lib.load().paifu_yaku_name(yaku_id)
    return _s(r) if r else None


def yaku_id(name: str) -> Optional[int]:
    """Yaku id of a name or common romanisation ("reach", "haku", ...), None if unknown."""
    r = _lib.load().paifu_yaku_from_name(name.encode())
    return r if r >= 0 else None


# ---- rules ----


class RuleParam(NamedTuple):
    """One rule parameter: name, topic group, type ("bool", "int", "enum", "set", "int[4]"),
    allowed values (enum/set), meaning and source in the rule documents."""

    name: str
    group: str
    type: str
    values: Tuple[str, ...]
    doc: str
    source: str


def rule_params() -> List[RuleParam]:
    """Every rule parameter (as `paifu rules params`)."""
    lib = _lib.load()
    out = []
    for i in range(lib.paifu_rules_param_count()):
        p = lib.paifu_rules_param(i).contents
        vals = _s(p.values or b"")
        out.append(RuleParam(_s(p.name), _s(p.group or b""), _s(lib.paifu_rule_type_name(p.type)),
                             tuple(vals.split("|")) if vals else (), _s(p.doc or b""),
                             _s(p.source or b"")))
    return out


def presets() -> Dict[str, str]:
    """Rule presets by name with their source document ({"rrc": "...", "ema": ...})."""
    lib = _lib.load()
    return {_s(lib.paifu_rules_preset_name(i)): _s(lib.paifu_rules_preset_doc(i) or b"")
            for i in range(lib.paifu_rules_preset_count())}


class Rules:
    """A resolved rule set: a preset plus overridden parameters.

    >>> r = Rules("rrc", kiriage=True)
    >>> r["kiriage"], r.name
    ('true', 'rrc')

    Values go in as Python values or text (bool, int, a list for sets and int[4]) and come out
    as the C library's text form. ``dict(r)`` gives every parameter.
    """

    __slots__ = ("_ptr", "__weakref__")

    def __init__(self, preset: str = "rrc", overrides: Optional[Mapping[str, Any]] = None,
                 **kw: Any):
        lib = _lib.load()
        self._ptr = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_rules_preset(ctypes.byref(self._ptr), preset.encode(),
                                     ctypes.byref(err)), err)
        self.update(overrides or {}, **kw)

    @property
    def _as_parameter_(self) -> ctypes.c_void_p:
        """What ctypes passes for a Rules argument: its handle, with the Rules object itself
        held by the call's arguments (a temporary's ._ptr alone would let the object be freed,
        and the handle with it, before the call: heap-use-after-free under ASan)."""
        return self._ptr

    @classmethod
    def from_file(cls, path: str) -> "Rules":
        """Read a JSON rule file ({"preset": ..., "overrides": {...}}, or what `paifu rules show
        PRESET --format json` writes: {"preset": ..., "parameters": {...}})."""
        lib = _lib.load()
        r = cls.__new__(cls)
        r._ptr = ctypes.c_void_p()
        err = new_error()
        check(lib.paifu_rules_read_file(ctypes.byref(r._ptr), _fs(path), ctypes.byref(err)),
              err, str(path))
        return r

    @classmethod
    def _adopt(cls, ptr: ctypes.c_void_p) -> "Rules":
        r = cls.__new__(cls)
        r._ptr = ptr
        return r

    def copy(self) -> "Rules":
        """An independent copy."""
        p = ctypes.c_void_p()
        err = new_error()
        check(_lib.load().paifu_rules_copy(ctypes.byref(p), self._ptr, ctypes.byref(err)), err)
        return Rules._adopt(p)

    def __del__(self) -> None:
        p = getattr(self, "_ptr", None)
        if p and _lib._lib is not None:
            _lib._lib.paifu_rules_free(p)
            self._ptr = None

    @property
    def name(self) -> str:
        """Name of the preset the rule set started from."""
        return _s(_lib.load().paifu_rules_name(self._ptr))

    @property
    def override_count(self) -> int:
        """Number of parameters set after the preset was loaded."""
        return _lib.load().paifu_rules_override_count(self._ptr)

    def changes(self) -> List[str]:
        """"KEY=VALUE" for every parameter whose value differs from the preset's, in the
        order of rule_params(): what the rule set is, however it was made."""
        lib = _lib.load()
        buf = ctypes.create_string_buffer(512)
        n = lib.paifu_rules_changes(buf, len(buf), self._ptr)
        if n >= len(buf):
            buf = ctypes.create_string_buffer(n + 1)
            n = lib.paifu_rules_changes(buf, len(buf), self._ptr)
        text = _s(buf.value) if n > 0 else ""
        return text.split(", ") if text else []

    def set(self, key: str, value: Any) -> "Rules":
        """Set parameter KEY (PaifuError names an unknown key or value). Returns self."""
        err = new_error()
        check(_lib.load().paifu_rules_set(self._ptr, key.encode(), _rule_text(value).encode(),
                                          ctypes.byref(err)), err)
        return self

    def assign(self, assignment: str) -> "Rules":
        """Apply "KEY=VALUE", as the command line's --rule. Returns self."""
        err = new_error()
        check(_lib.load().paifu_rules_set_assignment(self._ptr, assignment.encode(),
                                                     ctypes.byref(err)), err)
        return self

    def update(self, overrides: Mapping[str, Any] = (), **kw: Any) -> "Rules":
        for k, v in dict(overrides, **kw).items():
            self.set(k, v)
        return self

    def get(self, key: str) -> str:
        """Text form of parameter KEY ("true", "30000", "15000,5000,-5000,-15000")."""
        buf = ctypes.create_string_buffer(512)
        err = new_error()
        check(_lib.load().paifu_rules_get(buf, len(buf), self._ptr, key.encode(),
                                          ctypes.byref(err)), err)
        return _s(buf.value)

    __getitem__ = get

    def __setitem__(self, key: str, value: Any) -> None:
        self.set(key, value)

    def keys(self) -> List[str]:
        return [p.name for p in rule_params()]

    def __iter__(self):
        return iter(self.keys())

    def to_dict(self) -> Dict[str, str]:
        """Every parameter's text form."""
        return {k: self.get(k) for k in self.keys()}

    def scoring_text(self) -> str:
        """The rule set's scoring identity in words, as the standings' footnote says it
        (paifu_rules_scoring_text)."""
        lib = _lib.load()
        buf = ctypes.create_string_buffer(512)
        n = lib.paifu_rules_scoring_text(buf, len(buf), self._ptr)
        if n >= len(buf):
            buf = ctypes.create_string_buffer(n + 1)
            lib.paifu_rules_scoring_text(buf, len(buf), self._ptr)
        return _s(buf.value)

    def scoring_equal(self, other: "Rules") -> bool:
        """True when both rule sets score games alike: start, return, oka, uma, ranking
        (paifu_rules_scoring_equal)."""
        return _lib.load().paifu_rules_scoring_equal(self._ptr, other._ptr) == 1

    def live_wall(self, players: int = 4) -> int:
        """Live-wall tiles before the first draw for a game of PLAYERS (paifu_rules_live_wall:
        the replay's wall count starts here)."""
        return _lib.load().paifu_rules_live_wall(self._ptr, players)

    def __repr__(self) -> str:
        n = self.override_count
        return "Rules(%r%s)" % (self.name, ", %d override%s" % (n, "" if n == 1 else "s")
                                if n else "")


def _rule_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple, set, frozenset)):
        return ",".join(_rule_text(v) for v in value)
    return str(value)


RulesLike = Union[None, str, Rules]


# ---- tiles, numbers and rule documents (the C helpers every output uses) ----


def tile_code(name: str) -> int:
    """The C byte of one tile in notation ("5m", "0p" red, "?" unknown; paifu_tile_parse_one).
    Raises PaifuError for anything else."""
    out = ctypes.c_uint8()
    err = new_error()
    check(_lib.load().paifu_tile_parse_one(ctypes.byref(out), name.encode(), ctypes.byref(err)),
          err)
    return out.value


def tile_make(kind: int, red: bool = False) -> Optional[str]:
    """The tile of KIND (0..33: 1m..9m, 1p..9p, 1s..9s, 1z..7z; 34..41 flowers) and a red flag
    (honoured only for fives), in notation; None for a kind that is no tile."""
    lib = _lib.load()
    t = lib.paifu_tile_make(kind, red)
    return TILE_NAMES[t] if lib.paifu_tile_valid(t) else None


def tile_valid(tile: int) -> bool:
    """True for a well-formed tile byte (paifu_tile_valid)."""
    return bool(_lib.load().paifu_tile_valid(tile & 0xFF))


def join_tiles(tiles: Iterable[Union[str, int]]) -> str:
    """Tiles in their given order as the library writes them, consecutive tiles of a suit
    sharing its letter (paifu_tile_format): ["1m", "2m", "0p", "6p"] -> "12m06p"."""
    codes = [t if isinstance(t, int) else tile_code(t) for t in tiles]
    arr = (ctypes.c_uint8 * max(1, len(codes)))(*codes)
    lib = _lib.load()
    need = lib.paifu_tile_format(None, 0, arr, len(codes))
    buf = ctypes.create_string_buffer(need + 1)
    lib.paifu_tile_format(buf, need + 1, arr, len(codes))
    return _s(buf.value)


def points_text(points: int, signed: bool = False) -> str:
    """Points as every output writes them: "25,000", "-4,900"; "+4,900" with SIGNED."""
    buf = ctypes.create_string_buffer(32)
    return _s(_lib.load().paifu_points_text(buf, 32, points, signed))


def final_score_text(score: int, mcr: bool = False) -> str:
    """A final score (in points) as the report writes it: thousands with one decimal and a
    sign ("+24.0", "±0.0"); an MCR game's in points ("+24")."""
    buf = ctypes.create_string_buffer(32)
    return _s(_lib.load().paifu_final_score_text(buf, 32, score, mcr))


def finding_code(code: str) -> Optional[FindingCode]:
    """The finding code CODE ("score.han", ...) with its severity and meaning, None if unknown
    (paifu_finding_code_find)."""
    c = _lib.load().paifu_finding_code_find(code.encode())
    if not c:
        return None
    c = c.contents
    return FindingCode(_s(c.code), SEVERITIES[c.severity], _s(c.meaning))


class RuleCheck(NamedTuple):
    """One rule of a preset's document and how paifu checks it (`paifu rules checks`): the
    clause ("RRC 2024 §3.13"), the rule in words, its status ("enforced", "enforced on tile
    logs only", "cannot be checked from a log"), the parameters that carry it and the finding
    codes that report a breach."""

    clause: str
    rule: str
    status: str
    params: List[str]
    findings: List[str]


def rule_checks(preset: str) -> List[RuleCheck]:
    """The enforcement table of PRESET (paifu_rules_checks); [] for an unknown preset."""
    lib = _lib.load()
    rows = ctypes.POINTER(_lib.RuleCheck)()
    n = lib.paifu_rules_checks(ctypes.byref(rows), preset.encode())
    out = []
    for i in range(n):
        r = rows[i]
        out.append(RuleCheck(_s(r.clause), _s(r.rule),
                             _s(lib.paifu_rule_check_status_name(r.status)),
                             [p for p in _s(r.params or b"").split(",") if p],
                             [f for f in _s(r.findings or b"").split(",") if f]))
    return out
