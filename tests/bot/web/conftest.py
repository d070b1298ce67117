"""A bot serving its pages on a free port of this machine, driven through the harness,
and headless Chromium at a phone's width and a desktop's to look at them."""

from __future__ import annotations

import shutil
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

from bot.discord_ui.app import PyramidBot
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, new_bot

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PHONE, DESKTOP = 360, 1280
MOST_NARROW_WINDOW = 500
"""Chromium's windows are no narrower: a phone's width is emulated, as its devtools do."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock, port: int) -> AsyncIterator[DiscordHarness]:
    bot = new_bot(tmp_path, clock=clock, web_port=port, public_url=f"http://127.0.0.1:{port}")
    async with DiscordHarness(bot) as harness:
        yield harness


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def bot_of(discord: DiscordHarness) -> PyramidBot:
    assert isinstance(discord.client, PyramidBot)
    return discord.client


def browser(width: int) -> WebDriver:
    options = Options()
    if CHROMIUM is not None:
        options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    if width < MOST_NARROW_WINDOW:
        metrics = {"width": width, "height": 780, "pixelRatio": 2.0}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    else:
        options.add_argument(f"--window-size={width},1000")
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


@pytest.fixture
def phone() -> Iterator[WebDriver]:
    driver = browser(PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def desktop() -> Iterator[WebDriver]:
    driver = browser(DESKTOP)
    yield driver
    driver.quit()
