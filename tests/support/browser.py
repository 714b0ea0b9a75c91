"""Debian's chromium through Playwright for the browser tier (Playwright never downloads a browser
here), and where its screenshots go for a person to look at."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]
SHOTS = Path(__file__).resolve().parents[2] / "reports" / "screenshots"


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless chromium (a Playwright Browser), closed on the way out."""
    assert CHROMIUM.exists(), "Debian chromium is missing: run `make system-deps` (apt-get install chromium chromium-driver)"
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def shot(page: Any, name: str, full_page: bool = True) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)
