#!/usr/bin/env python3
"""bench_python.py: the Python package against `paifu validate` on the same files.

usage: PAIFU_LIBRARY=build/libpaifu.so PYTHONPATH=python \\
         /usr/bin/python3 bench/bench_python.py [--cli build/cli/paifu] [--passes N] [PATH...]

PATHs default to the corpus's Tenhou logs (../shared/corpus/tenhou-xml and tenhou6). Each kind
of pass runs N times (default 5) and the best is kept, in CPU time (the child's user+sys for
the command-line tool, time.process_time() for Python) and in wall time:

  cli validate    `paifu validate -q PATHS` (read, re-simulate, verify: one process, one thread)
  py iterate      for every game, deal and event: touch event.type, .seat and .tile
  py table        paifu.deals_table(PATHS): one row per deal, columns of plain values
  py validate     paifu.validate(PATHS): verification through the binding
"""
import os
import resource
import subprocess
import time

import bench_common

import paifu  # noqa: E402 (bench_common puts it on the path)


def cli_pass(cli, paths):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    subprocess.run([cli, "validate", "-q"] + paths, stdout=subprocess.DEVNULL)
    w1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), w1 - w0


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return time.process_time() - c0, time.perf_counter() - w0, out


def iterate(files):
    n = 0
    red = 0
    for f in files:
        for g in paifu.open(f):
            for d in g.deals:
                for e in d.events:
                    n += 1
                    if e.type == "discard" and e.seat == 0 and e.tile == "0m":
                        red += 1
    return n


def main():
    a, files, skipped = bench_common.options(5)
    print("library %s, %d files (%d skipped), %d passes, best kept" %
          (paifu.library_path(), len(files), skipped, a.passes))
    rows = {}
    for _ in range(a.passes):
        for name, fn in (("cli validate", lambda: cli_pass(a.cli, files) + (None,)),
                         ("py iterate", lambda: timed(lambda: iterate(files))),
                         ("py table", lambda: timed(lambda: paifu.deals_table(files))),
                         ("py validate", lambda: timed(lambda: paifu.validate(files)))):
            cpu, wall, out = fn()
            best = rows.get(name)
            rows[name] = (min(cpu, best[0]) if best else cpu, min(wall, best[1]) if best else wall,
                          out if out is not None else (best[2] if best else None))
    events = rows["py iterate"][2]
    deals = len(rows["py table"][2]["file"])
    base_cpu, base_wall = rows["cli validate"][:2]
    print("%d deals, %d events" % (deals, events))
    print("%-14s %10s %10s %9s %9s %12s" % ("pass", "CPU s", "wall s", "CPU x", "wall x",
                                            "events/s CPU"))
    for name, (cpu, wall, _) in rows.items():
        print("%-14s %10.3f %10.3f %9.2f %9.2f %12.0f" % (name, cpu, wall, cpu / base_cpu,
                                                         wall / base_wall, events / cpu))
    print("load average at the end: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
