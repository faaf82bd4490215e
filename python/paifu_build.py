"""The in-tree build backend of `pip install ./python` (PEP 517): a wheel of the paifu package
with its copy of the C library, built with the standard library alone, so that a fresh
virtual environment installs it offline (`pip install --no-build-isolation ./python`).

The library is $PAIFU_LIBRARY, else ../build/libpaifu.so (the build tree beside this folder);
it goes next to the package's modules, where paifu._lib looks first. The version is the
project's (CMakeLists.txt `project(paifu VERSION x.y.z)`). No sdist: the package is built from
the source tree it belongs to.
"""
import base64
import hashlib
import os
import re
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "paifu"


def _version():
    text = open(os.path.join(HERE, "..", "CMakeLists.txt"), encoding="utf-8").read()
    m = re.search(r"project\(paifu VERSION ([0-9.]+)", text)
    return m.group(1) if m else "0"


def _library():
    path = os.environ.get("PAIFU_LIBRARY") or os.path.join(HERE, "..", "build", "libpaifu.so")
    if not os.path.exists(path):
        raise RuntimeError("paifu: no libpaifu to bundle at %s: build it first (cmake -S . -B "
                           "build && cmake --build build) or set PAIFU_LIBRARY" % path)
    return os.path.realpath(path)


def _tag():
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + plat


def _metadata():
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: Mahjong game records: read, "
            "re-simulate, verify and convert (libpaifu's binding)\nRequires-Python: >=3.8\n"
            % (NAME, _version()))


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = "%s-%s.dist-info" % (NAME, _version())
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w") as f:
        f.write(_metadata())
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version, tag = _version(), _tag()
    info = "%s-%s.dist-info" % (NAME, version)
    files = []
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                files.append((NAME + "/" + name, f.read()))
    with open(_library(), "rb") as f:
        files.append((NAME + "/libpaifu.so", f.read()))
    files.append((info + "/METADATA", _metadata().encode()))
    files.append((info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: paifu_build\n"
                                     "Root-Is-Purelib: false\nTag: %s\n" % tag).encode()))
    record = []
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        record.append("%s,sha256=%s,%d" % (arc, digest.decode(), len(data)))
    record.append(info + "/RECORD,,")
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s-%s.whl" % (NAME, version, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            zi = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if arc.endswith(".so") else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return wheel
