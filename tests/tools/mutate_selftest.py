#!/usr/bin/env python3
"""The mutation tool's verdicts on a project small enough to know them (tests/tools/mutate.py).

usage: mutate_selftest.py MUTATE_PY WORK_DIR

WORK_DIR gets a project of mutate.py's shape: lib/core.c (the library paifu_core, two
functions), a unit test whose program checks mini_add, a program that runs mini_noise and checks
nothing, and a test named doc.blocks that runs a nested ctest of both programs without naming
them (as the project's doc.blocks runs doc/development.md's ctest commands). Two planted
mutants, in this order:
  0  lib/core.c mini_add's `a + b` -> `a - b`: only the unit test's program catches it
  1  lib/core.c mini_noise's `x * 2` -> `x * 3`: no test can catch it
The tool must say killed (stage 1) for the first and survived for the second: a tool that left
the unit test's program linked from mutant 0 would have doc.blocks fail on mutant 1 (a false
kill), and one that did not rebuild what doc.blocks runs could not tell at all. Its self-check
(the whole suite run again in a clean tree for each verdict) must confirm both. Exit 77
(skipped) without ninja or gcov.
"""
import os
import re
import shutil
import subprocess
import sys

FILES = {
    "CMakeLists.txt": """cmake_minimum_required(VERSION 3.20)
project(mini C)
set(PAIFU_CORPUS_DIR "" CACHE PATH "the corpus (unused)")
enable_testing()
add_subdirectory(lib)
add_executable(test_add tests/test_add.c)
target_link_libraries(test_add paifu_core)
add_test(NAME unit.test_add COMMAND test_add)
add_executable(noise tests/noise.c)
target_link_libraries(noise paifu_core)
add_test(NAME unit.noise COMMAND noise)
# as doc.blocks: a nested ctest that runs the programs above without naming them
add_test(NAME doc.blocks COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${CMAKE_BINARY_DIR}
         -R "^unit\\\\." --output-on-failure)
""",
    "lib/CMakeLists.txt": """add_library(paifu_core STATIC core.c)
target_include_directories(paifu_core PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
""",
    "lib/core.h": """int mini_add(int a, int b);
int mini_noise(int x);
""",
    "lib/core.c": """#include "core.h"
int mini_add(int a, int b) { return a + b; }
int mini_noise(int x) { int y = x * 2; return y; }
""",
    "tests/test_add.c": """#include "core.h"
int main(void) { return mini_add(2, 3) == 5 ? 0 : 1; }
""",
    "tests/noise.c": """#include "core.h"
int main(void) { return mini_noise(3) > 1000; }
""",
}


def main():
    mutate, work = sys.argv[1:3]
    if not shutil.which("ninja") or not shutil.which("gcov"):
        print("SKIPPED: ninja or gcov is not installed")
        return 77
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    top = os.path.join(work, "mini")
    for rel, text in FILES.items():
        os.makedirs(os.path.dirname(os.path.join(top, rel)) or top, exist_ok=True)
        with open(os.path.join(top, rel), "w") as f:
            f.write(text)
    cmd = [sys.executable, mutate, "--top", top, "--work", os.path.join(work, "mut"),
           "--no-corpus", "--jobs", "1", "--min-timeout", "30",
           "--plant", "lib/core.c:2:a + b:a - b", "--plant", "lib/core.c:3:x * 2:x * 3",
           "--check-kills", "1", "--check-survivors", "1"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    print(p.stdout[-4000:])
    print(p.stderr[-2000:])
    failures = []

    def check(what, ok):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    lines = {}
    for line in p.stdout.splitlines():
        m = re.match(r"^(\d+)\t(\w+)\t", line)
        if m:
            lines[int(m.group(1))] = line
    check("the tool exits 0", p.returncode == 0)
    check("mutant 0 (only the unit test's program catches it) is killed without the corpus",
          lines.get(0, "").split("\t")[1:2] == ["killed1"])
    check("mutant 1 (no test catches it) survives, doc.blocks present",
          lines.get(1, "").split("\t")[1:2] == ["survived"])
    check("the self-check confirms both verdicts", "self-check: 2 of 2 verdicts confirmed" in p.stdout)
    check("doc.blocks is named as a test that runs a nested build or ctest",
          "doc.blocks" in p.stdout and "nested" in p.stdout)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
