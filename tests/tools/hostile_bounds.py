#!/usr/bin/env python3
"""hostile_bounds.py PAIFU WORKDIR [--sanitized]: the hostile inputs of issue 16 are refused
within 2 s and 256 MB of peak memory, at -j 1 and -j 4.

Each kind of input is written four times into WORKDIR:
  json-gz      a 29 KB .json.gz holding a tenhou6 `log` of 30 MB of `{},` (its DOM took 2.3 GB)
  json-40mb    the same as a plain 40 MB file (3.1 GB)
  mjlog-attrs  an mjlog tag of 12 MB of attributes (libxml2's duplicate check: over 60 s)
  gzip-bomb    1 GiB of zeros gzip-compressed after an mjlog head (-j 4: 4 GB)
and `paifu validate -q -j J` runs over the four files as a child process, for J = 1 and 4. The
child's own resource use comes from wait4(): its peak resident set (ru_maxrss) must stay under
256 MiB and its CPU time (user + system) under 2 s per input; every file must be refused with
its error named, and the run must end with exit status 2. CPU time, not wall time, is the
measure: on a shared machine the wall clock says more about the neighbours than about paifu.
Under the sanitizers (--sanitized) memory and time mean something else (shadow memory, the
allocator's quarantine): the test is skipped (exit 77).
"""
import gzip
import os
import subprocess
import sys
import time
import zlib

LIMIT_RSS = 256 << 20
LIMIT_CPU_PER_INPUT = 2.0
COPIES = 4


def write_inputs(work, dry=False):
    """Write the inputs (DRY: only name them); {name: (paths, expected error text)}."""
    os.makedirs(work, exist_ok=True)
    made = {}

    def copies(name, data, expect):
        paths = [os.path.join(work, f"{i}-{name}") for i in range(COPIES)]
        made[name] = (paths, expect)
        if dry:
            return
        first = paths[0]
        with open(first, "wb") as f:
            f.write(data())
        for p in paths[1:]:
            if os.path.exists(p):
                os.unlink(p)
            os.link(first, p)

    def bomb():
        c = zlib.compressobj(9, zlib.DEFLATED, 31)
        parts = [c.compress(b'<mjloggm ver="2.3">')]
        zeros = bytes(1 << 20)
        for _ in range(1024):
            parts.append(c.compress(zeros))
        parts.append(c.flush())
        return b"".join(parts)

    copies("json-gz.json.gz",
           lambda: gzip.compress(b'{"log":[' + b"{}," * (10 << 20) + b"{}]}", 9),
           "too large to hold")
    copies("json-40mb.json", lambda: b'{"log":[' + b"{}," * ((40 << 20) // 3) + b"{}]}",
           "too large")
    copies("mjlog-attrs.mjlog",
           lambda: b'<mjloggm ver="2.3"><GO ' + b'a="1" ' * ((12 << 20) // 6) + b"/></mjloggm>",
           "attributes")
    copies("gzip-bomb.mjlog.gz", bomb, "too large")
    return made


def run(paifu, paths, jobs):
    start = time.monotonic()
    child = subprocess.Popen([paifu, "validate", "-q", "-j", str(jobs)] + paths,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = child.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return (child.returncode, err, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime,
            time.monotonic() - start)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    if "--sanitized" in sys.argv[3:]:
        print("hostile_bounds: skipped under the sanitizers (their memory is not paifu's)")
        return 77
    paifu, work = sys.argv[1], sys.argv[2]
    if "--write-only" in sys.argv[3:]:
        write_inputs(work)
        return 0
    # the inputs are made in another process: a child forked from this one would start with
    # this process's resident pages (the inputs' buffers) in its ru_maxrss
    subprocess.run([sys.executable, __file__, paifu, work, "--write-only"], check=True)
    made = write_inputs(work, dry=True)
    failures = 0
    for name, (paths, expect) in made.items():
        for jobs in (1, 4):
            rc, err, rss, cpu, wall = run(paifu, paths, jobs)
            size = os.path.getsize(paths[0])
            print(f"{name} ({size:,} bytes) x{COPIES} -j {jobs}: exit {rc}, peak "
                  f"{rss / 2**20:.0f} MiB, CPU {cpu:.2f} s ({cpu / COPIES:.2f} s per input), "
                  f"wall {wall:.2f} s")
            problems = []
            if rc != 2:
                problems.append(f"exit status {rc}, expected 2")
            for p in paths:
                line = next((l for l in err.splitlines() if p in l and "error" in l), None)
                if line is None or expect not in line:
                    problems.append(f"{p}: no error saying '{expect}' ({line})")
            if rss > LIMIT_RSS:
                problems.append(f"peak memory {rss:,} bytes over {LIMIT_RSS:,}")
            if cpu > LIMIT_CPU_PER_INPUT * COPIES:
                problems.append(f"CPU {cpu:.2f} s over {LIMIT_CPU_PER_INPUT} s per input")
            for p in problems:
                print("  FAIL:", p)
            failures += len(problems)
    for paths, _ in made.values():
        for p in paths:
            os.unlink(p)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
