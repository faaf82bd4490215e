#!/usr/bin/env python3
"""The finding codes of doc/referee.md, from lib/base/finding_codes.def.

    python3 doc/gen_codes.py            write the table in doc/referee.md anew
    python3 doc/gen_codes.py --check    exit 1 when the table differs from the .def, or when a
                                        code has no "what to do" text (the test doc.codes)

The table stands between the markers `<!-- codes:begin -->` and `<!-- codes:end -->`: code,
severity and meaning come from the .def file (so they cannot drift); the last column, what a
referee does about the finding, is written by hand in that table and kept across runs. A new
code gets "TODO" there, which --check refuses.
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(TOP, "lib", "base", "finding_codes.def")
GUIDE = os.path.join(TOP, "doc", "referee.md")
BEGIN, END = "<!-- codes:begin -->", "<!-- codes:end -->"
ROW = re.compile(r'^X\("([^"]+)",\s*(\w+),\s*"((?:[^"\\]|\\.)*)"\)', re.M)
HEAD = ["| code | severity | meaning | what to do |", "|---|---|---|---|"]


def codes():
    text = open(DEF, encoding="utf-8").read()
    found = [(c, s.lower(), m.replace('\\"', '"')) for c, s, m in ROW.findall(text)]
    if not found:
        sys.exit("gen_codes: no X(...) rows in " + DEF)
    return found


def cell(text):
    return text.replace("|", "\\|")


def kept_actions(guide):
    """The hand-written last column of the table as it stands, by code."""
    actions = {}
    if BEGIN not in guide:
        return actions
    table = guide.split(BEGIN, 1)[1].split(END, 1)[0]
    for line in table.split("\n"):
        m = re.match(r"^\| `([^`]+)` \|.*\| ([^|]*(?:\\\|[^|]*)*) \|$", line)
        if m:
            actions[m.group(1)] = m.group(2).strip()
    return actions


def table(guide):
    actions = kept_actions(guide)
    rows = list(HEAD)
    for code, severity, meaning in codes():
        rows.append("| `%s` | %s | %s | %s |" % (code, severity, cell(meaning),
                                                  actions.get(code, "TODO")))
    return "\n".join(rows)


def render(guide):
    if BEGIN not in guide or END not in guide:
        sys.exit("gen_codes: %s has no %s ... %s markers" % (GUIDE, BEGIN, END))
    before, rest = guide.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    return before + BEGIN + "\n" + table(guide) + "\n" + END + after


def main():
    guide = open(GUIDE, encoding="utf-8").read()
    new = render(guide)
    if "--check" in sys.argv[1:]:
        bad = 0
        if new != guide:
            print("doc.codes: doc/referee.md's table of finding codes differs from "
                  "lib/base/finding_codes.def: run python3 doc/gen_codes.py")
            bad = 1
        todo = [c for c, a in kept_actions(new).items() if a in ("", "TODO")]
        if todo:
            print("doc.codes: no 'what to do' in doc/referee.md for: " + ", ".join(todo))
            bad = 1
        if not bad:
            print("doc.codes: ok, %d codes" % len(codes()))
        sys.exit(bad)
    open(GUIDE, "w", encoding="utf-8").write(new)


if __name__ == "__main__":
    main()
