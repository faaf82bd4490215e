"""The README's Python example runs as written, from the source directory, and prints what the
README says it prints."""
import os
import re
import subprocess
import sys
import unittest

import common


def example():
    text = open(os.path.join(common.SOURCE, "README.md"), encoding="utf-8").read()
    at = text.index("<!-- python-example")
    m = re.compile(r"```python\n(.*?)```\s*\n.*?```text\n(.*?)```", re.S).search(text, at)
    return m.group(1), m.group(2)


class ReadmeExample(unittest.TestCase):
    def test_runs_as_written(self):
        code, shown = example()
        self.assertIn("import paifu", code)
        p = subprocess.run([sys.executable, "-c", code], cwd=common.SOURCE, capture_output=True,
                           text=True, env=dict(os.environ))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, shown)


if __name__ == "__main__":
    unittest.main()
