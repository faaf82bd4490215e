"""What `paifu validate` says about a game beyond the library's findings, as cli/names.c says
it: the rule set a game is checked under (with the document it comes from and who named it),
the public document a finding's rule reference cites (the seats a finding concerns are the
library's: paifu_report_finding_seats)."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

from ._core import Rules, _s, presets

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


