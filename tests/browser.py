"""Headless Debian chromium through selenium and chromedriver, for the report's browser tests."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1"]


def missing() -> str | None:
    """Why no browser can be started here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for exe in ("chromium", "chromedriver"):
        if not shutil.which(exe):
            return f"{exe} not found: apt-get install chromium chromium-driver (see .ci/run)"
    return None


@contextmanager
def chromium(width: int = 1280, height: int = 800):
    """A headless chromium with a fresh profile; selenium is told both paths, so it downloads nothing."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="factalign-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}", f"--window-size={width},{height}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def file_url(path: str | Path) -> str:
    return Path(path).resolve().as_uri()


def wait_until(driver, condition, seconds: float = 10):
    """Wait for `condition(driver)`: what the page does on hashchange runs after the click returns."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds).until(condition)
