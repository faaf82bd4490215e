"""What `paifu validate` says about a game beyond the library's findings, as cli/names.c says
it: the rule set a game is checked under (with the document it comes from and who named it),
the public document a finding's rule reference cites, and the seats a finding concerns."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List, Mapping, Optional

from . import _lib
from ._core import Location, Rules, _s, presets

_DOCS = (("RRC-2024", "RRC 2024"), ("000 ", "RRC 2024 "), ("002 ", "RRC 2024 basic rules "),
         ("003 ", "JHC 2016 "), ("004 ", "EMA 2012 "), ("JH 003 ", "JHC 2016 "),
         ("EMA 004 ", "EMA 2012 "))
_MCR_TOPICS = (None, "tiles", "game structure", "winning hands", "counting fans",
               "minimum and flowers", "fans", "fans", "payments", "penalties",
               "totals and ranking")


def rules_info(game: Any, rules: Rules, origin: str, chosen: Any,
               overrides: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    """The "rules" of a game in the JSON report: preset, overrides (the resolved rule set's
    values that differ from its preset's: the C library's paifu_rules_changes, as the command
    line says them), document, citation, origin, assumed."""
    ov: List[str] = rules.changes()
    preset = rules.name
    document = presets().get(preset, "")
    return {"preset": preset, "overrides": ov, "document": document,
            "citation": document.split(": ", 1)[0], "origin": origin,
            "assumed": origin == "assumed"}


def _cite_part(p: str, fallback: str, out: str) -> str:
    for frm, to in _DOCS:
        if p.startswith(frm):
            out += to
            p = p[len(frm):]
            break
    if p.startswith("mcr.md"):
        out += "MCR 2006 (Green Book)"
        p = p[6:]
        sec = 0
        if p.startswith(" §"):
            for ch in p[2:]:
                if not ch.isdigit() or not ch.isascii():
                    break
                sec = sec * 10 + int(ch)
        if "#" in p:
            digits = p[p.index("#") + 1:]
            n = len(digits) - len(digits.lstrip("0123456789"))
            out += " fan %s" % digits[:n]
        elif 0 < sec < len(_MCR_TOPICS):
            out += ", %s" % _MCR_TOPICS[sec]
        if ":" in p:
            out += p[p.index(":"):]
        return out
    if ".md" in p or p.startswith("seed"):
        if out and out[-1] != " " and fallback:
            out += " "
        out += fallback
        if ":" in p:
            out += p[p.index(":"):]
        return out
    i, n = 0, len(p)
    while i < n:
        if (p[i] == "t" and i + 1 < n and p[i + 1] == "3" and (i == 0 or p[i - 1] == " ") and
                (i + 2 == n or p[i + 2] in " ,-:")):
            out += "RRC 2024 Table 3"
            i += 1
            if i + 1 < n and p[i + 1] == "-":
                out += " "
                i += 1
            i += 1
            continue
        out += p[i]
        i += 1
    return out


def citation(ref: Optional[str], fallback: str = "") -> str:
    """The public documents a rule reference ("000 §3.7.3; t3") stands for
    ("RRC 2024 §3.7.3; RRC 2024 Table 3"); FALLBACK (the game's document) for paifu's own
    notes."""
    if not ref:
        return ""
    out = ""
    parts = ref.split("; ")
    for part in parts:
        if out:
            out += "; "
        before = len(out)
        out = _cite_part(part, fallback, out)
        if len(out) == before and len(out) >= 2:
            out = out[:-2]
    return out


def finding_deal(game: Any, loc: Location) -> int:
    """1-based index of the deal a finding is in, 0 when none (a repeated label is told apart
    by the source line)."""
    if not loc.deal:
        return 0
    lib = _lib.load()
    first = 0
    buf = ctypes.create_string_buffer(16)
    for d in range(lib.paifu_game_deal_count(game._ptr)):
        deal = game._deal_c(d)
        lib.paifu_deal_label(buf, 16, ctypes.byref(deal.start))
        if _s(buf.value) != loc.deal:
            continue
        if not first:
            first = d + 1
        if not loc.line:
            break
        if 0 <= loc.event < deal.n_events:
            ev = _lib.Event.from_address(deal.events + loc.event * _EVENT_SIZE)
            if ev.line == loc.line:
                return d + 1
        elif deal.line == loc.line:
            return d + 1
    if first or not loc.line:
        return first
    # a score sheet records no round: its deals' labels are the walk's, so the source line of
    # the finding's event tells its deal (as cli_finding_deal)
    for d in range(lib.paifu_game_deal_count(game._ptr)):
        deal = game._deal_c(d)
        if deal.flags & 0x40 and 0 <= loc.event < deal.n_events:
            ev = _lib.Event.from_address(deal.events + loc.event * _EVENT_SIZE)
            if ev.line == loc.line:
                return d + 1
    return 0


_EVENT_SIZE = ctypes.sizeof(_lib.Event)


def finding_seats(game: Any, loc: Location) -> List[int]:
    """The seats a finding concerns: the acting seat of its event and the seat it took a tile
    from (a win's winner and discarder, a draw's declarer, a penalty's offender)."""
    deal = finding_deal(game, loc)
    if not deal or loc.event < 0:
        return []
    d = game._deal_c(deal - 1)
    if loc.event >= d.n_events:
        return []
    ev = _lib.Event.from_address(d.events + loc.event * _EVENT_SIZE)
    a, b = ev.seat, ev.from_
    if ev.type == 12 and 0 <= ev.detail < d.n_wins:
        a, b = d.wins[ev.detail].winner, d.wins[ev.detail].from_
    elif ev.type in (13, 14) and 0 <= ev.detail < d.n_draws:
        a, b = d.draws[ev.detail].seat, -1
    elif ev.type == 15 and 0 <= ev.detail < d.n_penalties:
        a, b = d.penalties[ev.detail].seat, -1
    players = game.n_players
    out = []
    if 0 <= a < players:
        out.append(a)
    if 0 <= b < players and b != a:
        out.append(b)
    return out
