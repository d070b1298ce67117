"""A server chooses the language of its posts and pictures with `/gamehost settings
language`; by default they follow the server's own Discord settings, and a reply seen by
one person stays in that person's language."""

from __future__ import annotations

from bot.play.words.languages import translations
from bot.play.words.text import plain, t
from tests.bot.drawn_words import Drawn
from tests.bot.harness import DiscordHarness


def polish(english: str) -> str:
    """A sentence of the catalogs as the Polish catalog says it."""
    return translations("pl").gettext(english)


async def test_a_server_chooses_the_language_of_its_posts_and_pictures(
    discord: DiscordHarness, drawn: Drawn
) -> None:
    owner = discord.user("olga")
    server = discord.new_guild("Club", owner=owner)  # its Discord speaks English
    channel = discord.text_channel("games", guild=server)
    alice, bob = discord.user("alice"), discord.user("bob", locale="ja")
    shown = await discord.slash(owner, "gamehost settings", {"language": "pl"}, channel=channel)
    assert shown.ephemeral and "Language of posts: Polski\n" in shown.content  # the owner's English
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    accept = plain(t("Accept"), language="pl")
    accepted = await discord.click(bob, challenge.message, accept)
    turn = accepted.messages[-1]
    assert turn.content.startswith(
        polish("{game} begins: {players}.").format(game="Tink #1", players="alice i bob")
    )
    new_game = polish("{game}: a new game").format(game="Tink")
    assert new_game in drawn.texts, "the picture speaks the server's language"
    record = await discord.client.host.games.newest_in(channel.id)  # type: ignore[attr-defined]
    first, second = (alice, bob) if record.turn_user_id == alice.id else (bob, alice)
    refused = await discord.slash(second, "tink move", {"move": "S d4"}, channel=channel)
    turn_of = translations(second.locale).gettext("It is {player}'s turn.")
    assert refused.ephemeral and refused.content == turn_of.format(player=first.name)
    moved = await discord.slash(first, "tink move", {"move": "S c3"}, channel=channel)
    assert polish("Move {number}: {move}").format(number=1, move="S c3") in drawn.texts
    assert not moved.ephemeral and "S c3" in moved.content
    await discord.slash(owner, "gamehost settings", {"language": "server"}, channel=channel)
    await discord.slash(second, "tink move", {"move": "S c6"}, channel=channel)
    assert "Move 2: S c6" in drawn.texts, "back to the server's own language"
    shown = await discord.slash(owner, "gamehost settings", channel=channel)
    assert "Language of posts: English, from the server's Discord settings" in shown.content


async def test_by_default_a_server_speaks_its_discord_settings_language(
    discord: DiscordHarness, drawn: Drawn
) -> None:
    server = discord.new_guild("Klub", locale="pl")
    channel = discord.text_channel("gry", guild=server)
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, plain(t("Accept"), language="pl"))
    assert polish("{game}: a new game").format(game="Tink") in drawn.texts
    shown = await discord.slash(server.owner, "gamehost settings", channel=channel)
    assert "Language of posts: Polski, from the server's Discord settings" in shown.content
