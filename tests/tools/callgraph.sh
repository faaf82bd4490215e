#!/usr/bin/env bash
# callgraph.sh [LIB_DIR]: the file-level call graph of lib/ has no cycle.
#
# Inside lib/ calls run one way (lib/README.md): the game walk above the replay, the replay above
# settlement, findings at the floor. A file that calls a function of a file which calls it back
# (directly, or through other files) is a circle a reader has to follow back and forth, so this
# test fails on any cycle between files and names the calls that close it.
#
# How: GNU cflow lists, per .c file, the global functions it defines and the names it refers
# to (`cflow -x`, no preprocessing, static functions left out). A reference in file A to a
# function defined (non-static) in another file B is an edge A -> B. Files in one strongly
# connected component of that graph call each other in a circle. Calls made inside the inline
# functions of headers are not seen (they belong to no .c file).
#
# Exit 0: no cycle; 1: cycles (printed); 77: cflow is not installed (skipped). Debian package:
# cflow. With --edges, every call between files is printed too ("A -> B: function (line)").
set -u
edges=0
[ "${1:-}" = --edges ] && { edges=1; shift; }
lib=${1:-$(cd "$(dirname "$0")/../../lib" && pwd)}
command -v cflow >/dev/null 2>&1 || { echo "callgraph: cflow not installed, skipped"; exit 77; }

files=$(find "$lib" -name '*.c' | sort)
[ -n "$files" ] || { echo "callgraph: no .c files under $lib"; exit 1; }

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in $files; do
  # "NAME * FILE:LINE DECL" defines NAME, "NAME   FILE:LINE" refers to it
  cflow -x "$f" 2>/dev/null | awk -v file="${f#"$lib"/}" '
    $2 == "*" && index($0, "(") { print "D", $1, file, $3; next }
    NF == 2 { sub(/^.*\//, "", $2); print "R", $1, file, $2 }'
done > "$tmp"

awk -v lib="$lib" -v print_edges=$edges '
function is_static(file, line,   path, n, l, text) {
  # cflow leaves static functions out, but a table just above a definition can hide the
  # keyword from it: read the definition line itself
  path = lib "/" file; n = 0; text = ""
  while ((getline l < path) > 0) { n++; if (n == line) { text = l; break } }
  close(path)
  return text ~ /(^|[^A-Za-z_])static[ \t]/
}
$1 == "D" { split($4, p, ":"); if (!is_static($3, p[2])) { def[$2] = def[$2] " " $3; own[$3, $2] = 1 }
            files[$3] = 1; next }
$1 == "R" { files[$3] = 1; refs[++nr] = $2; rfile[nr] = $3; rline[nr] = $4 }
END {
  for (i = 1; i <= nr; i++) {
    a = rfile[i]; s = refs[i]
    if (!(s in def) || ((a, s) in own)) continue
    n = split(def[s], tgt, " ")
    for (k = 1; k <= n; k++) {
      b = tgt[k]
      if (b == a) continue
      if (!((a, b) in edge)) { edge[a, b] = s " (" rline[i] ")"; reach[a, b] = 1 }
    }
  }
  if (print_edges) for (e in edge) { split(e, ab, SUBSEP); printf "%s -> %s: %s\n", ab[1], ab[2], edge[e] | "sort" }
  close("sort")
  # transitive closure (a few dozen files)
  for (k in files) for (a in files) if ((a, k) in reach) for (b in files)
    if ((k, b) in reach) reach[a, b] = 1
  bad = 0
  for (a in files) {
    if (!((a, a) in reach) || (a in done)) continue
    comp = ""
    for (b in files) if (b == a || ((a, b) in reach && (b, a) in reach)) { comp = comp " " b; done[b] = 1 }
    bad++
    printf "callgraph: these files call each other in a circle:%s\n", comp
    nc = split(comp, cf, " ")
    for (x = 1; x <= nc; x++) for (y = 1; y <= nc; y++)
      if ((cf[x], cf[y]) in edge)
        printf "  %s -> %s: %s\n", cf[x], cf[y], edge[cf[x], cf[y]]
  }
  ne = 0; for (e in edge) ne++
  nf = 0; for (f in files) nf++
  if (bad) exit 1
  printf "callgraph: %d files, %d calls between files, no cycle\n", nf, ne
}' "$tmp"
