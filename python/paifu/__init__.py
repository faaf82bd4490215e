"""paifu: read, verify and convert mahjong game records (Python binding of libpaifu).
"""
from ._core import *  # noqa
from ._game import *  # noqa
