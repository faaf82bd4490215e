#!/usr/bin/env python3
"""Write paifu's man pages from the tool's own --help texts, so that they cannot drift.

    python3 doc/man/gen_man.py PAIFU OUTDIR

PAIFU is the built tool (build/cli/paifu). OUTDIR gets paifu.1, which lists the commands (from
`paifu --help`) around the hand-written sections of doc/man/paifu.1.in, and one page
paifu-COMMAND.1 per command, made from `paifu COMMAND --help`:

- the `usage:` lines become SYNOPSIS;
- the paragraphs before the first list become DESCRIPTION;
- a line ending in ':' that starts a block ("options:", "HAND, in one argument ...:") becomes a
  section of its own (OPTIONS, or the line itself as a subsection of DESCRIPTION), and its
  indented two-column lines ("  -q, --quiet   print ...") become tagged paragraphs;
- an "exit status:" line becomes EXIT STATUS.

The pages in doc/man/ are this script's output, committed so that they can be read without a
build; the test `doc.man` runs the script again and fails when they differ (a --help text
changed without its page). The date is left out of .TH on purpose: the version says which
release a page belongs to, and a date would change the pages on every run.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# a term and its description: at least two spaces between them
TWO_COLUMNS = re.compile(r"^ {1,6}(\S(?:.*?\S)?) {2,}(\S.*)$")
# an option whose argument runs into its description with one space ("--length east|half log
# databases: ..."): the argument is one word in capitals or with a '|'
ONE_SPACE_OPTION = re.compile(r"^ {1,6}(-[\w-]+(?:, -[\w-]+)?(?: (?:[A-Z][A-Z0-9=_.]*|\S*\|\S*))?) (\S.*)$")


def esc(text):
    """Roff-escape plain text: backslashes, hyphens (so that options copy as ASCII) and a
    leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def bold_options(text):
    """Options and commands in bold, arguments left as they are."""
    return re.sub(r"(?<![\w\\])(\\-\\-?[A-Za-z][\w\\-]*)", r"\\fB\1\\fR", text)


def run(paifu, *args):
    p = subprocess.run([paifu, *args], capture_output=True, text=True, env={"LC_ALL": "C"})
    if p.returncode != 0:
        sys.exit("gen_man: %s %s exited with %d: %s" % (paifu, " ".join(args), p.returncode,
                                                       p.stderr.strip()))
    return p.stdout


def blocks(text):
    """The help text as blocks separated by blank lines, each a list of lines; an unindented
    "example:" or "exit status:" line starts a block of its own."""
    out, cur = [], []
    for line in text.rstrip("\n").split("\n"):
        if cur and re.match(r"(examples?|exit status)\b", line, re.I):
            out.append(cur)
            cur = []
        if line.strip():
            cur.append(line.rstrip())
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def tagged(lines):
    """Indented two-column lines as .TP paragraphs; continuation lines (indented further, or
    a line that has no second column) join the description above. Returns None when the
    block is not such a list."""
    items = []
    base = None  # the first term's indent; options may stand up to 4 columns deeper ("      --x")
    for line in lines:
        m = TWO_COLUMNS.match(line) or ONE_SPACE_OPTION.match(line)
        indent = len(line) - len(line.lstrip())
        if m and (base is None or indent == base or
                  (indent <= base + 4 and m.group(1).startswith("-"))):
            base = indent if base is None else base
            items.append([m.group(1), [m.group(2)], indent])
        elif items and line.startswith(" "):
            items[-1][1].append(line.strip())
        else:
            return None
    return items or None


def render_items(items):
    out = []
    for term, desc, _ in items:
        out.append(".TP")
        out.append(bold_options(esc(term)))
        out.append(esc(" ".join(desc)))
    return out


def render_text(lines):
    """Lines kept as they are (examples, aligned tables) when they are indented, else filled."""
    if any(l.startswith(" ") for l in lines):
        return [".nf"] + [esc(l) for l in lines] + [".fi"]
    return [esc(" ".join(l.strip() for l in lines))]


def command_page(paifu, name, summary, version):
    text = run(paifu, name, "--help")
    bl = blocks(text)
    out = ['.TH PAIFU\\-%s 1 "" "paifu %s" "paifu manual"' % (esc(name.upper()), version),
           ".SH NAME", "paifu\\-%s \\- %s" % (esc(name), esc(summary)), ".SH SYNOPSIS", ".nf"]
    usage = bl.pop(0)
    for line in usage:
        line = re.sub(r"^(usage:)?\s*", "", line)
        out.append(bold_options(esc(line)))
    out.append(".fi")
    section = None
    exit_lines = []
    for b in bl:
        head = b[0]
        if head.lower().startswith("exit status"):
            exit_lines.extend(b)
            continue
        if re.match(r"examples?:", head, re.I):
            out.append(".SH EXAMPLES")
            section = "EXAMPLES"
            first = head.split(":", 1)[1].strip()
            out += [".nf"] + ([esc(first)] if first else []) + [esc(l.strip()) for l in b[1:]]
            out.append(".fi")
            continue
        starts_list = head.endswith(":") and not head.startswith(" ")
        if starts_list:
            title = head[:-1]
            body = b[1:]
            if title.lower() == "options":
                out.append(".SH OPTIONS")
                section = "OPTIONS"
            else:
                if section != "DESCRIPTION":
                    out.append(".SH DESCRIPTION")
                    section = "DESCRIPTION"
                out.append(".SS " + esc(title[0].upper() + title[1:]))
            items = tagged(body)
            out.extend(render_items(items) if items else render_text(body))
            continue
        if section is None:
            out.append(".SH DESCRIPTION")
            section = "DESCRIPTION"
        else:
            out.append(".PP")
        items = tagged(b)
        out.extend(render_items(items) if items else render_text(b))
    out.append(".SH EXIT STATUS")
    if exit_lines:
        text = " ".join(l.strip() for l in exit_lines)
        out.append(esc(re.sub(r"^exit status:\s*", "", text, flags=re.I)))
    else:
        out.append("As \\fBpaifu\\fR(1) says.")
    out += [".SH SEE ALSO", "\\fBpaifu\\fR(1)"]
    return "\n".join(out) + "\n"


def commands(paifu):
    text = run(paifu, "--help")
    found = []
    listing = False
    for line in text.split("\n"):
        if line.startswith("commands:"):
            listing = True
            continue
        if listing:
            m = re.match(r"^  (\w+)\s+(.*)$", line)
            if not m:
                break
            found.append((m.group(1), m.group(2)))
    if not found:
        sys.exit("gen_man: `paifu --help` lists no commands")
    return found


def main_page(cmds, version):
    template = open(os.path.join(HERE, "paifu.1.in"), encoding="utf-8").read()
    synopsis = []
    listing = []
    for name, summary in cmds:
        synopsis += [".B paifu %s" % esc(name), "[\\fIoptions\\fR] ...", ".br"]
        listing += [".TP", "\\fBpaifu\\-%s\\fR(1)" % esc(name), esc(summary)]
    synopsis += [".B paifu \\-\\-version", ".br", ".B paifu help", "\\fICOMMAND\\fR"]
    see_also = ", ".join("\\fBpaifu\\-%s\\fR(1)" % esc(n) for n, _ in cmds)
    return (template.replace("@VERSION@", version)
            .replace("@SYNOPSIS@", "\n".join(synopsis))
            .replace("@COMMANDS@", "\n".join(listing))
            .replace("@SEE_ALSO@", see_also))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    paifu, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    version = run(paifu, "--version").split()[1]
    cmds = commands(paifu)
    pages = {"paifu.1": main_page(cmds, version)}
    for name, summary in cmds:
        pages["paifu-%s.1" % name] = command_page(paifu, name, summary, version)
    for fname, text in pages.items():
        with open(os.path.join(outdir, fname), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
