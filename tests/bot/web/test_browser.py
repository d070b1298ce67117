"""The pages in a real browser (headless Chromium driven by Selenium), at a phone's width
and a desktop's: a game's page follows a move made in Discord without a reload, and a
player's page plays a move by tapping its board, announced in Discord. Screenshots of both
widths are saved in build/screenshots/ to be looked at.

Skipped where Chromium or its driver is missing, unless REQUIRE_BROWSER=1 (as in CI)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.bot.discord_ui.test_slow_game_commands import START, begin
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.web.conftest import CHROMIUM, DESKTOP, DRIVER, PHONE, bot_of

SCREENSHOTS = Path(__file__).resolve().parents[3] / "build" / "screenshots"
NOT_IN_DOCUMENT = "does not belong to the document"
"""ChromeDriver's words for an element whose page is being replaced as it is asked about."""

needs_browser = pytest.mark.skipif(
    (CHROMIUM is None or DRIVER is None) and os.environ.get("REQUIRE_BROWSER") != "1",
    reason="Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)",
)
pytestmark = needs_browser


def said(driver: WebDriver) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, "p.said").text)


def wait_for(driver: WebDriver, text: str, seconds: float = 5.0) -> None:
    """Wait until the page says `text`; the page may be replaced meanwhile (a live update
    swaps its main part), which leaves an element read just before stale."""
    waiting = WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))
    waiting.until(lambda d: text in said(d))


def screenshot(driver: WebDriver, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / name))


async def test_a_games_page_follows_a_move_made_in_discord(
    discord: DiscordHarness, phone: WebDriver
) -> None:
    await begin(discord)
    links = bot_of(discord).links
    assert links is not None
    await asyncio.to_thread(phone.get, links.watch(1))
    assert await asyncio.to_thread(said, phone) == "Your move, alice."
    await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
    await asyncio.to_thread(wait_for, phone, "Your move, bob.", 2.0)
    assert await asyncio.to_thread(texts, phone, "ol.moves li") == ["alice: S d4"]
    width = await asyncio.to_thread(phone.execute_script, "return document.body.scrollWidth")
    assert width <= PHONE
    await asyncio.to_thread(screenshot, phone, f"watch-{PHONE}.png")


async def test_a_player_moves_by_tapping_the_board_and_the_move_is_announced_in_discord(
    discord: DiscordHarness, desktop: WebDriver, phone: WebDriver
) -> None:
    await begin(discord)
    await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
    links = bot_of(discord).links
    assert links is not None
    page = links.play(1, discord.user("bob").id, START)
    before = len(discord.requests)
    for driver in (desktop, phone):
        await asyncio.to_thread(driver.get, page)
    await asyncio.to_thread(screenshot, desktop, f"play-{DESKTOP}.png")
    board = (await bot_of(discord).host.watching.view(1)).board
    assert board is not None
    await asyncio.to_thread(tap, phone, "e5", board.squares["e5"], board.width)
    await asyncio.to_thread(screenshot, phone, f"play-{PHONE}.png")
    await asyncio.to_thread(click, phone, "Play S e5")
    await asyncio.to_thread(wait_for, phone, "Your move, alice.")
    (announced,) = [r for r in discord.requests[before:] if r.kind is Kind.SEND]
    assert announced.content.startswith("**bob** played `S e5`")
    await asyncio.to_thread(wait_for, desktop, "Your move, alice.", 2.0)
    await asyncio.to_thread(screenshot, desktop, f"watch-{DESKTOP}.png")


def tap(driver: WebDriver, square: str, drawn: tuple[int, int, int, int], width: int) -> None:
    """Tap `square` on the board, first checking that its spot covers the square where
    the picture draws it (`drawn`, in the picture's own pixels, `width` wide), and wait
    for the next page."""
    picture = driver.find_element(By.CSS_SELECTOR, ".board img").rect
    spot = driver.find_element(By.CSS_SELECTOR, f'button.spot[aria-label="{square}"]')
    scale = picture["width"] / width
    left, top, right, bottom = (edge * scale for edge in drawn)
    middle_x = spot.rect["x"] - picture["x"] + spot.rect["width"] / 2
    middle_y = spot.rect["y"] - picture["y"] + spot.rect["height"] / 2
    assert left < middle_x < right and top < middle_y < bottom
    assert spot.rect["width"] == pytest.approx(right - left, abs=2)
    old = driver.find_element(By.TAG_NAME, "main")
    spot.click()
    WebDriverWait(driver, 5).until(lambda d: _stale(old))


def click(driver: WebDriver, label: str) -> None:
    """Press the button or link whose text is `label`, and wait for the next page."""
    old = driver.find_element(By.TAG_NAME, "main")
    (target,) = [
        element
        for element in driver.find_elements(By.CSS_SELECTOR, "section.builder button, a.back")
        if element.text.strip() == label
    ]
    target.click()
    WebDriverWait(driver, 5).until(lambda d: _stale(old))


def _stale(element: WebElement) -> bool:
    """Whether the element's page was replaced: ChromeDriver says so as a stale element,
    or, asked in the middle of the change, as a node no longer in its document."""
    try:
        _ = element.tag_name
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if NOT_IN_DOCUMENT in str(error.msg):
            return True
        raise
    return False


def texts(driver: WebDriver, selector: str) -> list[str]:
    return [str(element.text) for element in driver.find_elements(By.CSS_SELECTOR, selector)]


async def test_a_finished_games_page_offers_its_record_files_on_a_phone(
    discord: DiscordHarness, phone: WebDriver
) -> None:
    alice = discord.user("alice")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S d4"})
    confirm = await discord.slash(alice, "tink resign")
    await discord.click(alice, confirm.message, "Resign")
    links = bot_of(discord).links
    assert links is not None
    await asyncio.to_thread(phone.get, links.watch(1))
    offered = await asyncio.to_thread(texts, phone, "a[download]")
    assert offered == ["Game record", "Move list"], offered
    width = await asyncio.to_thread(phone.execute_script, "return document.body.scrollWidth")
    assert width <= PHONE
    await asyncio.to_thread(screenshot, phone, f"finished-{PHONE}.png")
    home = links.watch(1).split("/games/")[0] + "/"
    await asyncio.to_thread(phone.get, home)
    assert "Tink" in await asyncio.to_thread(lambda: phone.find_element(By.TAG_NAME, "body").text)
    await asyncio.to_thread(screenshot, phone, f"home-{PHONE}.png")
