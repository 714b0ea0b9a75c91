"""A running server picks up a catalog import without a restart.

The catalog is read through cached functions (`tools.catalog.load_catalog` and the name indexes
built on it). `reload()` clears every such cache of our packages, so the next turn reads the
files again; `CatalogWatch` calls it when the catalog files change (`operator.catalog_watch_s`), and
the admin page's reload endpoint calls it on demand. The FAQ cache and the knowledge index are
keyed by the catalog's content, so they follow by themselves (`gpu-sizer catalog import` re-indexes).
"""
from __future__ import annotations

import functools
import logging
import sys
import threading
from pathlib import Path

log = logging.getLogger(__name__)
PACKAGES = ("tools.", "assistant.", "knowledge.")
KEEP = {("assistant.settings", "get_settings")}  # the settings object is not catalog data


def stamp(directory: Path | None = None) -> tuple:
    from tools.paths import CATALOG_DIR

    d = Path(directory or CATALOG_DIR)
    return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(d.glob("*.yaml")))


def reload() -> int:
    """Clear the catalog-derived caches; returns how many were cleared."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(PACKAGES):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, functools._lru_cache_wrapper) and (name, attr) not in KEEP \
                    and getattr(value, "__module__", name) == name:
                value.cache_clear()
                cleared += 1
    log.info("catalog reloaded (%d caches cleared)", cleared)
    return cleared


class CatalogWatch:
    def __init__(self, every_s: float, directory: Path | None = None):
        self.every_s, self.directory = every_s, directory
        self._stop = threading.Event()
        self._seen = stamp(directory)
        self.reloads = 0

    def check(self) -> bool:
        """Reload when the files changed since the last look; whether it did."""
        try:
            now = stamp(self.directory)
        except OSError:  # a file being replaced right now: look again next time
            return False
        if now == self._seen:
            return False
        self._seen = now
        reload()
        self.reloads += 1
        return True

    def start(self) -> "CatalogWatch":
        if self.every_s > 0:
            threading.Thread(target=self._run, name="catalog-watch", daemon=True).start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            self.check()

    def stop(self) -> None:
        self._stop.set()
