"""Run one test module verbosely; exit 77 (ctest's "skipped") when every test was skipped,
after printing why, 1 on a failure, 0 otherwise. usage: run.py MODULE"""
import sys
import unittest

suite = unittest.defaultTestLoader.loadTestsFromName(sys.argv[1])
result = unittest.TextTestRunner(verbosity=2).run(suite)
if not result.wasSuccessful():
    sys.exit(1)
if result.testsRun and len(result.skipped) == result.testsRun:
    for reason in sorted({r for _, r in result.skipped}):
        print("skipped:", reason)
    sys.exit(77)
sys.exit(0)
