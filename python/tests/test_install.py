"""`cmake --install` puts the package, with its copy of the library, where the target Python
finds it: a staging prefix, imported with PAIFU_LIBRARY unset from another directory."""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import unittest

import common

BUILD = os.environ.get("PAIFU_BUILD_DIR", "")
SITE = os.environ.get("PAIFU_PYTHON_SITE", "")


@unittest.skipUnless(BUILD and SITE and shutil.which("cmake"),
                     "run from ctest (needs the build directory and cmake)")
class Install(unittest.TestCase):
    def test_installed_package_imports_its_own_library(self):
        with tempfile.TemporaryDirectory() as prefix:
            subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], check=True,
                           stdout=subprocess.DEVNULL)
            site = os.path.join(prefix, SITE)
            self.assertTrue(os.path.exists(os.path.join(site, "paifu", "__init__.py")))
            self.assertTrue(os.path.exists(os.path.join(site, "paifu", "libpaifu.so")))
            env = {k: v for k, v in os.environ.items()
                   if k not in ("PAIFU_LIBRARY", "PYTHONPATH")}
            env["PYTHONPATH"] = site
            code = ("import paifu, sys; print(paifu.library_path()); "
                    "print(len(paifu.read_game(sys.argv[1]).deals))")
            p = subprocess.run([sys.executable, "-c", code,
                                common.sample("synthetic-tenhou.mjlog")],
                               cwd=prefix, env=env, capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            lib, deals = p.stdout.split()
            self.assertTrue(lib.startswith(site), lib)
            self.assertEqual(deals, "7")

    def test_default_prefix_is_on_the_path(self):
        # Debian's python3 looks in /usr/local/lib/python3.X/dist-packages: the default
        # prefix's site directory must be one it searches
        if "deb_system" not in sysconfig.get_scheme_names():
            self.skipTest("not Debian's python3")
        self.assertIn(os.path.join("/usr/local", SITE), sys.path)


def readme_example():
    """README.md's Python example and the lines it prints (the text block after it)."""
    text = open(os.path.join(common.SOURCE, "README.md"), encoding="utf-8").read()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    printed = text.split("```python\n", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return code, printed


@unittest.skipUnless(os.environ.get("PAIFU_LIBRARY") and os.path.exists(
    os.environ.get("PAIFU_LIBRARY", "")), "needs the built library (PAIFU_LIBRARY)")
class PipInstall(unittest.TestCase):
    def test_pip_installs_into_a_fresh_venv(self):
        """`pip install ./python` into a new virtual environment, offline and without build
        isolation (the in-tree backend needs nothing else), installs the package with its
        library: README's example then runs from that environment alone (no PYTHONPATH, no
        PAIFU_LIBRARY) and prints what README says."""
        with tempfile.TemporaryDirectory() as d:
            venv = os.path.join(d, "venv")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            py = os.path.join(venv, "bin", "python")
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
            p = subprocess.run([py, "-m", "pip", "install", "--no-build-isolation", "--no-index",
                                "--no-cache-dir", "-q", os.path.join(common.SOURCE, "python")],
                               env=env, capture_output=True, text=True, cwd=d)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            env.pop("PAIFU_LIBRARY", None)
            code, printed = readme_example()
            p = subprocess.run([py, "-c", "import paifu, sys; print(paifu.library_path())\n"
                                + code], env=env, capture_output=True, text=True,
                               cwd=common.SOURCE)
            self.assertEqual(p.returncode, 0, p.stderr)
            lib, out = p.stdout.split("\n", 1)
            self.assertTrue(lib.startswith(venv), lib)
            self.assertEqual(out, printed)


if __name__ == "__main__":
    unittest.main()
