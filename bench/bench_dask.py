#!/usr/bin/env python3
"""bench_dask.py: paifu.dask.validate on a LocalCluster with 1 worker against 2 workers.

usage: PAIFU_LIBRARY=build/libpaifu.so PYTHONPATH=python \\
         /usr/bin/python3 bench/bench_dask.py [--cli build/cli/paifu] [--passes N]
                                              [--partitions P] [PATH...]

PATHs default to the corpus's Tenhou logs. For each cluster (worker processes with one thread
each, started before timing; a first untimed pass loads the C library on every worker) the
validation of all files runs N times (default 3, each with its own task keys: P, P+1, ...
partitions) and the best wall time is kept, once with
paths (shared storage: the worker reads the file) and once with the bytes shipped in the tasks.
Also measured: the CPU time the workers spent per pass (time.process_time() of every
worker before and after, averaged over the passes), the per-task overhead (a no-op task per partition) and, for reference,
`paifu validate -q -j 1` and `-j 2` on the same files. The results of every pass are checked
equal to the first one.
"""
import os
import subprocess
import time

import bench_common


def best_wall(fn, passes):
    best, out = None, None
    for i in range(passes):
        t0 = time.perf_counter()
        out = fn(i)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best, out


def main():
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    import paifu
    import paifu.dask as pdask

    a, files, _ = bench_common.options(3, [("--partitions", int, 32)])
    shipped = []
    for p in files:
        with open(p, "rb") as f:
            shipped.append((p, f.read()))
    size = sum(len(b) for _, b in shipped)
    print("%d files, %.1f MB, %d partitions, %d passes, best wall time kept; %d CPUs, "
          "load average %.1f at the start" % (len(files), size / 1e6, a.partitions, a.passes,
                                              os.cpu_count(), os.getloadavg()[0]))
    for j in (1, 2):
        t, _ = best_wall(lambda i: subprocess.run([a.cli, "validate", "-q", "-j", str(j)] + files,
                                                stdout=subprocess.DEVNULL), a.passes)
        print("cli validate -j %d: %.3f s" % (j, t))
    reference = None
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            pdask.validate(files[:workers * 2], npartitions=workers * 2).compute()  # warm up
            for kind, items in (("paths", files), ("shipped bytes", shipped)):
                def run(i):
                    # a different partitioning per pass gives different task keys, so that
                    # no pass reuses results a previous one left on the workers
                    return pdask.report(pdask.validate(items, npartitions=a.partitions + i))
                cpu0 = sum(client.run(time.process_time).values())
                t, rep = best_wall(run, a.passes)
                cpu = (sum(client.run(time.process_time).values()) - cpu0) / a.passes
                d = rep.to_dict()
                if reference is None:
                    reference = d
                assert d == reference, "results differ between runs"
                print("dask %d worker%s, %-13s: %.3f s wall; workers' CPU %.3f s per pass "
                      "(%d games, %d findings)" % (workers, "" if workers == 1 else "s", kind, t,
                                                   cpu, d["summary"]["games"],
                                                   d["summary"]["findings"]))
            n = 400
            t, _ = best_wall(lambda i: db.from_sequence(range(i, n + i), npartitions=n)
                             .map(lambda x: x).compute(), a.passes)
            print("dask %d worker%s, per-task overhead: %.2f ms (%d no-op tasks in %.3f s)" % (
                workers, "" if workers == 1 else "s", 1000 * t / n, n, t))
    print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
