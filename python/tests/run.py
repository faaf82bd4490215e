"""Run one test module verbosely; exit 77 (ctest's "skipped") when every test was skipped,
after printing why, 1 on a failure, 0 otherwise. usage: run.py MODULE"""
import sys
import unittest


def main():
    suite = unittest.defaultTestLoader.loadTestsFromName(sys.argv[1])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    if not result.wasSuccessful():
        return 1
    if result.testsRun and len(result.skipped) == result.testsRun:
        for reason in sorted({r for _, r in result.skipped}):
            print("skipped:", reason)
        return 77
    return 0


if __name__ == "__main__":  # worker processes of a LocalCluster import this module again
    sys.exit(main())
