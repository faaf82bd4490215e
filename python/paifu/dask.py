"""paifu.dask: validate, convert and export many logs on a Dask cluster.

Dask does the scheduling: this module only gives it functions to map over a ``dask.bag`` of
inputs. Nothing here runs a scheduler, queue or pool of its own. Each worker process imports
``paifu`` and loads the C library itself (``$PAIFU_LIBRARY``, the copy installed in the
package, or the system's), the first time a task needs it.

An input is one of:

* a path (``str``): the worker reads it, so the files must be on storage every worker sees
  at the same path (NFS, a cluster file system, a bind mount);
* a ``(name, bytes)`` pair: the bytes travel inside the task, no shared storage needed
  (:func:`files` with ``ship=True`` reads them on the client);
* an :class:`ArchiveEntry` ``(archive, member)``: the worker opens the zip or tar archive
  (shared storage) and reads that member; :func:`archive` lists them, or ships the bytes.

Results keep their file and game: every finding's ``location.file`` is the input's name and
``location.game`` its game within the file (from 1), as ``paifu validate`` reports them.

Every function that reads inputs takes ``errors`` with paifu's one meaning (see
:func:`paifu.games`): "raise" raises the first unreadable input's PaifuError when the bag is
computed; "skip" leaves it out and goes on; "collect" goes on and keeps the unreadable inputs
beside the results: :func:`validate` and :func:`convert` keep them as results holding their
error (``FileReport.error``, ``Converted.error``; :func:`report` gathers them in
``report.unreadable``), :func:`export` as :class:`paifu.Unreadable` items among the rows that
:func:`table` sets beside the table (``Collected(table, unreadable)``).

>>> from dask.distributed import Client
>>> client = Client("tcp://scheduler:8786")          # or LocalCluster() for one machine
>>> bag = paifu.dask.files(["/shared/logs"])          # a dask.bag of paths
>>> report = paifu.dask.report(paifu.dask.validate(bag, rules="rrc"))
>>> report.to_dict() == json.loads(`paifu validate --format json --rules rrc /shared/logs`)
"""

from __future__ import annotations

import os
import tarfile
import zipfile
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Union

try:
    import dask.bag as _db
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError("paifu.dask needs Dask (Debian: apt-get install python3-dask "
                      "python3-distributed)") from e

from ._core import PaifuError, RulesLike
from ._game import (Collected, FileReport, Report, Unreadable, check_errors,
                    convert as _convert, expand_inputs, read as _read)
from ._game import validate_file as _validate_file
from ._table import DTYPES, _rows_of, by_file_columns

__all__ = ["ArchiveEntry", "Converted", "DEALS_META", "archive", "convert", "export", "files",
           "report", "table", "validate"]



def __getattr__(name: str) -> Any:
    """DEALS_META: the ``meta`` of :func:`export`'s rows for ``bag.to_dataframe(meta=
    DEALS_META)``: every column of paifu.COLUMNS in order with its pandas type, those of
    ``paifu.deals_table(frame=True)`` (the library's column types: nullable ``Int64`` for
    INTEGER, which a draw leaves empty in the win's columns). Without it Dask guesses the
    types from the first rows and a later draw fails to convert. Computed when first asked
    (the library is loaded then)."""
    if name == "DEALS_META":
        return list(DTYPES.items())
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


class ArchiveEntry(NamedTuple):
    """One member of a zip or tar archive that the worker reads (shared storage)."""

    archive: str
    member: str


class Converted(NamedTuple):
    """One input written in another format: the bytes (what `paifu convert --to FORMAT FILE`
    prints), the losses (each once), or the error that stopped it."""

    file: str
    data: Optional[bytes]
    losses: List[str]
    error: Optional[PaifuError]


Item = Union[str, "os.PathLike[str]", tuple, ArchiveEntry]


def _name_and_source(item: Item):
    if isinstance(item, ArchiveEntry):
        return "%s:%s" % item, _archive_read(item)
    if isinstance(item, tuple):
        return item[0], item[1]
    p = os.fspath(item)
    return p, p


def _archive_read(e: ArchiveEntry) -> bytes:
    if zipfile.is_zipfile(e.archive):
        with zipfile.ZipFile(e.archive) as z:
            return z.read(e.member)
    with tarfile.open(e.archive) as t:
        f = t.extractfile(e.member)
        if f is None:
            raise PaifuError("%s is no regular file of the archive" % e.member, -3)
        return f.read()


def _bag(items: Any, npartitions: Optional[int]) -> "_db.Bag":
    if isinstance(items, _db.Bag):
        return items
    items = list(items)
    if npartitions is None:
        return _db.from_sequence(items)
    return _db.from_sequence(items, npartitions=max(1, min(npartitions, len(items) or 1)))


def files(paths: Iterable[Union[str, "os.PathLike[str]"]], *, ship: bool = False,
          npartitions: Optional[int] = None) -> "_db.Bag":
    """A bag of the log files in PATHS, directories walked as `paifu validate` walks them
    (name order, files of no known format skipped). With SHIP the client reads each file and
    the bytes travel in the tasks as (name, bytes) pairs."""
    found, skipped = expand_inputs(paths)
    if ship:
        items: List[Any] = []
        for p in found:
            with open(p, "rb") as f:
                items.append((p, f.read()))
        return _skipping(_bag(items, npartitions), skipped)
    return _skipping(_bag(found, npartitions), skipped)


def _skipping(bag: "_db.Bag", skipped: Any) -> "_db.Bag":
    """BAG with the walk's files skipped as no log (expand_inputs' count, which names them)
    beside it: validate passes it on, report counts and names them as `paifu validate`."""
    bag.paifu_skipped = skipped
    return bag


def archive(path: str, *, ship: bool = False, npartitions: Optional[int] = None) -> "_db.Bag":
    """A bag of the regular members of a zip or tar(.gz) archive, as ArchiveEntry items the
    workers open (shared storage), or with SHIP as ("ARCHIVE:MEMBER", bytes) pairs."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            names = [i.filename for i in z.infolist() if not i.is_dir()]
    else:
        with tarfile.open(path) as t:
            names = [m.name for m in t.getmembers() if m.isfile()]
    entries = [ArchiveEntry(path, n) for n in sorted(names)]
    if ship:
        return _bag([("%s:%s" % e, _archive_read(e)) for e in entries], npartitions)
    return _bag(entries, npartitions)


# ---- the per-input functions the workers run (module level, so they pickle by name) ----


def validate_one(item: Item, rules: RulesLike = None, overrides: Optional[Mapping] = None,
                 fallback: str = "rrc", max_findings: int = 0,
                 errors: str = "collect") -> Optional[FileReport]:
    """Verify one input on a worker (see paifu.validate_file); ERRORS as paifu.validate:
    None for an unreadable input under "skip"."""
    try:
        name, src = _name_and_source(item)
    except (OSError, KeyError, PaifuError, tarfile.TarError, zipfile.BadZipFile) as e:
        err = e if isinstance(e, PaifuError) else PaifuError("%s: %s" % (item, e), -3)
        fr = FileReport(str(item), [], None, 0, err, {})
    else:
        fr = _validate_file((name, src) if not isinstance(src, str) else src, rules,
                            overrides=overrides, fallback=fallback, max_findings=max_findings,
                            name=name)
    if fr.unreadable and errors == "raise":
        raise fr.unreadable[0].error
    if errors == "skip":
        if fr.error is not None:
            return None
        fr.member_errors = []
    return fr


def convert_one(item: Item, to: str, strict: bool = False,
                errors: str = "collect") -> Optional[Converted]:
    """Convert one input on a worker (see paifu.convert); ERRORS: "collect" (default) returns
    the error in Converted.error, "skip" None, "raise" raises it."""
    try:
        name, src = _name_and_source(item)
        if isinstance(src, str):
            games = _read(src)
        else:
            games = _read(src, name=name)
        conv = _convert(games, to, strict=strict)
        losses: List[str] = []
        for loss in conv.losses:
            if loss.what not in losses:
                losses.append(loss.what)
        return Converted(name, conv.data, losses, None)
    except (OSError, KeyError, PaifuError, tarfile.TarError, zipfile.BadZipFile) as e:
        if errors == "raise":
            raise
        if errors == "skip":
            return None
        err = e if isinstance(e, PaifuError) else PaifuError("%s: %s" % (item, e), -3)
        return Converted(str(item[0] if isinstance(item, tuple) else item), None, [], err)


def export_one(item: Item, errors: str = "raise", table: str = "deals") -> List[Any]:
    """TABLE's rows of one input (dicts of plain values, keys paifu.by_file_columns(TABLE):
    for "deals" paifu.COLUMNS); under errors="collect" an unreadable input (or member) adds an
    :class:`paifu.Unreadable` item."""
    try:
        name, src = _name_and_source(item)
    except (OSError, KeyError, PaifuError, tarfile.TarError, zipfile.BadZipFile) as e:
        err = e if isinstance(e, PaifuError) else PaifuError("%s: %s" % (item, e), -3)
        if errors == "raise":
            raise err
        return [Unreadable(str(item), err)] if errors == "collect" else []
    columns = by_file_columns(table)
    cols: Dict[str, List[Any]] = {c: [] for c in columns}
    bad: List[Unreadable] = []
    n = _rows_of((name, src) if not isinstance(src, str) else src, cols, errors, bad, table)
    rows: List[Any] = [{c: cols[c][i] for c in columns} for i in range(n)]
    return rows + (bad if errors == "collect" else [])


# ---- over a bag ----


def validate(items: Any, rules: RulesLike = None, *, overrides: Optional[Mapping] = None,
             fallback: str = "rrc", max_findings: int = 0, errors: str = "collect",
             npartitions: Optional[int] = None) -> "_db.Bag":
    """A bag of FileReport, one per input (lazy: compute it, or pass it to :func:`report`).
    RULES is a preset name or None (the rule set each log names); OVERRIDES set parameters;
    ERRORS as paifu.validate."""
    bag = _bag(items, npartitions).map(validate_one, rules=rules, overrides=overrides,
                                       fallback=fallback, max_findings=max_findings,
                                       errors=check_errors(errors))
    bag = bag.filter(_not_none) if errors == "skip" else bag
    return _skipping(bag, getattr(items, "paifu_skipped", 0))


def _not_none(x: Any) -> bool:
    return x is not None


def report(reports: Any, skipped: Any = None, **compute_kw: Any) -> Report:
    """Compute a bag (or list) of FileReport into one Report, in input order; its
    ``to_dict()`` is `paifu validate --format json` over the same files (the files the walk
    skipped as no log included: :func:`files` keeps them with its bag, and :func:`validate`
    passes them on; SKIPPED, an expand_inputs count, overrides) and its ``unreadable`` the
    inputs that could not be read."""
    if skipped is None:
        skipped = getattr(reports, "paifu_skipped", 0)
    if isinstance(reports, _db.Bag):
        reports = reports.compute(**compute_kw)
    return Report([r for r in reports if r is not None], skipped)


def convert(items: Any, to: str, *, strict: bool = False, errors: str = "collect",
            npartitions: Optional[int] = None) -> "_db.Bag":
    """A bag of Converted, one per input: its bytes in format TO and the losses; ERRORS:
    "collect" (default) keeps an unreadable input as a Converted with its ``error``, "skip"
    leaves it out, "raise" raises its PaifuError."""
    bag = _bag(items, npartitions).map(convert_one, to=to, strict=strict,
                                       errors=check_errors(errors))
    return bag.filter(_not_none) if errors == "skip" else bag


def export(items: Any, *, table: str = "deals", errors: str = "raise",
           npartitions: Optional[int] = None) -> "_db.Bag":
    """A bag of the rows of `paifu export`'s TABLE ("games", "deals", "wins", "players" or
    "events"), each a dict with the keys of paifu.by_file_columns(TABLE): export's columns with
    ``file`` and ``game`` (from 1 within the file) where export has its running ``game_id``;
    "deals" (the default) gives paifu.deals_table's rows (paifu.COLUMNS), one per deal. The
    files the walk skipped as no log travel with the bag (``paifu_skipped``) as with
    :func:`validate`. With pandas,
    ``export(bag).to_dataframe(meta=paifu.dask.DEALS_META)`` makes a dask DataFrame of it,
    typed as ``paifu.deals_table(frame=True)``; :func:`table` collects it. ERRORS as
    paifu.deals_table: under "collect" the bag also holds an :class:`paifu.Unreadable` per
    unreadable input, which :func:`table` sets beside the table (a DataFrame takes rows only:
    use "raise" or "skip" there).

    >>> deals = paifu.dask.export(paifu.dask.files(["/shared/logs"]))
    >>> frame = deals.to_dataframe(meta=paifu.dask.DEALS_META)
    >>> frame.groupby("outcome").size().compute()
    """
    by_file_columns(table)  # an unknown table is an error here, not on a worker
    bag = _bag(items, npartitions).map(export_one, errors=check_errors(errors),
                                       table=table).flatten()
    bag.paifu_table = table
    return _skipping(bag, getattr(items, "paifu_skipped", 0))


def table(rows: Any, *, errors: str = "raise", table: Optional[str] = None,
          **compute_kw: Any) -> Any:
    """Collect a bag of rows into columns, as paifu.deals_table returns them (TABLE: the one
    :func:`export` was given, which its bag remembers; "deals" for a list). ERRORS, the one
    given to :func:`export`: "collect" returns ``Collected(table, unreadable)`` (the
    :class:`paifu.Unreadable` items of the bag set beside the table); "raise" raises the first
    one's error; "skip" leaves them out."""
    check_errors(errors)
    columns = by_file_columns(table or getattr(rows, "paifu_table", "deals"))
    if isinstance(rows, _db.Bag):
        rows = rows.compute(**compute_kw)
    bad = [r for r in rows if isinstance(r, Unreadable)]
    if bad and errors == "raise":
        raise bad[0].error
    cols = {c: [r[c] for r in rows if not isinstance(r, Unreadable)] for c in columns}
    return Collected(cols, bad) if errors == "collect" else cols
