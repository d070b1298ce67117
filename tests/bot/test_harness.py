"""Self-tests of the Discord-payload harness against a small toy bot."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.bot.harness import (
    PNG_SIGNATURE,
    DiscordHarness,
    HarnessError,
    HarnessTimeout,
    InvalidRequest,
    Kind,
    NetworkBlocked,
    Reply,
    waiting,
)
from tests.bot.harness.server import NONCE_WINDOW

Response = discord.InteractionResponseType
FAKE_PNG = PNG_SIGNATURE + b"toy board"
COLOURS = ["red", "green", "blue", "yellow"]


class AcceptButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"accept:(?P<id>\d+)"):
    """A restart-proof button carrying the challenger's id."""

    def __init__(self, challenger_id: int) -> None:
        super().__init__(discord.ui.Button(label="Accept", custom_id=f"accept:{challenger_id}"))
        self.challenger_id = challenger_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AcceptButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        self.item.disabled = True
        view = discord.ui.View(timeout=None)
        view.add_item(self)
        content = f"<@{self.challenger_id}> vs {interaction.user.mention}: game on!"
        await interaction.response.edit_message(content=content, view=view)


class ConfirmView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.confirmed = False

    @discord.ui.button(label="Confirm", custom_id="confirm")
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        self.confirmed = True
        await interaction.response.defer()
        self.stop()


class NameModal(discord.ui.Modal, title="Name your game"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Named {self.name.value}", ephemeral=True)


class ColourSelect(discord.ui.View):
    @discord.ui.select(custom_id="colour", options=[discord.SelectOption(label=c) for c in COLOURS])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"Picked {select.values[0]}", view=None)


class ToyBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents(guilds=True))
        self.errors: list[app_commands.AppCommandError] = []
        self.ready = False
        self.tree.on_error = self.report_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(AcceptButton)
        self.tree.add_command(make_toy_group())
        self.tree.add_command(app_commands.ContextMenu(name="Poke", callback=poke))
        self.tree.add_command(wipe)

    async def on_ready(self) -> None:
        self.ready = True

    async def report_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)
        if str(getattr(error, "original", "")) == "error handler bug":
            raise RuntimeError("the error handler broke")
        if interaction.response.is_done():
            await interaction.followup.send("Something went wrong.", ephemeral=True)
        else:
            await interaction.response.send_message("Something went wrong.", ephemeral=True)

    async def announce(self, channel_id: int, text: str) -> None:
        channel = self.get_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(text)


async def colour_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in COLOURS if c.startswith(current)]


async def poke(interaction: discord.Interaction, member: discord.Member) -> None:
    await interaction.response.send_message(f"Poked {member.display_name}")


@app_commands.command(description="Wipe the server's games")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def wipe(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Wiped.")


def make_toy_group() -> app_commands.Group:
    toy = app_commands.Group(name="toy", description="Toy commands")
    admin = app_commands.Group(name="admin", description="Admin commands", parent=toy)

    @toy.command(description="Challenge someone")
    @app_commands.autocomplete(colour=colour_choices)
    async def challenge(
        interaction: discord.Interaction, opponent: discord.Member, colour: str
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(interaction.user.id))
        text = f"{interaction.user.mention} ({colour}) challenges {opponent.display_name}"
        await interaction.response.send_message(text, view=view)

    @toy.command(description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        if not interaction.app_permissions.attach_files:
            await interaction.response.send_message("I may not attach the board here.")
            return
        board_file = discord.File(io.BytesIO(FAKE_PNG), filename="board.png")
        await interaction.response.send_message("The board:", file=board_file)

    @toy.command(description="Think first")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0)
        await interaction.followup.send("Done thinking.")

    @toy.command(description="Think in public, then answer in private")
    async def aside(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.delete_original_response()
        await interaction.followup.send("Just for you.", ephemeral=True)

    @toy.command(description="A secret")
    async def secret(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(interaction.user.id))
        await interaction.response.send_message("Only you see this.", ephemeral=True, view=view)

    @toy.command(description="Post in a channel")
    async def announce(interaction: discord.Interaction, where: discord.TextChannel) -> None:
        await interaction.response.send_message("Posting.", ephemeral=True)
        bot = interaction.client
        assert isinstance(bot, ToyBot)
        try:
            await bot.announce(where.id, "Hear ye!")
        except discord.Forbidden:
            await interaction.edit_original_response(content="I may not post there.")

    @toy.command(description="Open a room")
    async def room(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(
            name="room", type=discord.ChannelType.public_thread
        )
        await thread.send("Welcome to the room.")
        await interaction.response.send_message(f"Opened {thread.mention}", view=ColourSelect())

    @toy.command(description="Who am I")
    async def whoami(interaction: discord.Interaction) -> None:
        where = interaction.guild.name if interaction.guild else "a DM"
        await interaction.response.send_message(f"{type(interaction.user).__name__} in {where}")

    @toy.command(description="Fail")
    async def boom(interaction: discord.Interaction, why: str) -> None:
        raise ValueError(why)

    @toy.command(description="Ask first")
    async def confirm(interaction: discord.Interaction) -> None:
        view = ConfirmView()
        await interaction.response.send_message("Sure?", view=view)
        await view.wait()
        await interaction.edit_original_response(content=f"Confirmed: {view.confirmed}", view=None)

    @toy.command(description="Name it")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @toy.command(description="Vanishes")
    async def fleeting(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Soon gone.", delete_after=30)

    @toy.command(description="Waits forever")
    async def stuck(interaction: discord.Interaction) -> None:
        await asyncio.Event().wait()

    @admin.command(description="Reset everything")
    async def reset(interaction: discord.Interaction, hard: bool = False) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("You need Manage Server.", ephemeral=True)
            return
        await interaction.response.send_message(f"Reset (hard={hard}).")

    return toy


OpenHarness = Callable[..., Awaitable[DiscordHarness]]


@pytest.fixture
async def toy(open_harness: OpenHarness) -> DiscordHarness:
    return await open_harness(ToyBot())


async def test_start_logs_in_without_a_gateway_and_runs_setup_hook(toy: DiscordHarness) -> None:
    bot = toy.client
    assert isinstance(bot, ToyBot)
    assert bot.is_ready() and bot.ready
    assert bot.user is not None and bot.user.id == toy.me.id
    assert bot.application_id == toy.me.id
    assert [c.name for c in bot.tree.get_commands()] == ["toy", "wipe", "Poke"]
    assert [r.path for r in toy.requests] == ["/oauth2/applications/@me"]


async def test_subcommand_with_a_string_and_a_user_option(toy: DiscordHarness) -> None:
    alice, bob = toy.user("alice"), toy.user("bob")
    reply = await toy.slash(alice, "toy challenge", {"opponent": bob, "colour": "red"})
    assert reply.response.response_type is Response.channel_message
    assert reply.content == f"{alice.mention} (red) challenges bob"
    assert not reply.ephemeral
    assert reply.button("Accept").custom_id == f"accept:{alice.id}"
    assert toy.messages_in() == [reply.message]


async def test_users_are_stable_by_name(toy: DiscordHarness) -> None:
    assert toy.user("alice") is toy.user("alice")
    assert toy.user("alice").id != toy.user("bob").id


async def test_subcommand_group_and_member_permissions(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    refused = await toy.slash(alice, "toy admin reset", {"hard": True})
    assert refused.content == "You need Manage Server." and refused.ephemeral
    toy.set_permissions(alice, manage_guild=True)
    allowed = await toy.slash(alice, "toy admin reset", {"hard": True})
    assert allowed.content == "Reset (hard=True)."
    assert (await toy.slash(toy.guild.owner, "toy admin reset")).content == "Reset (hard=False)."


async def test_autocomplete_returns_the_choices(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    choices = await toy.autocomplete(
        alice, "toy challenge", focused="colour", options={"colour": "r"}
    )
    assert choices == [app_commands.Choice(name="red", value="red")]
    everything = await toy.autocomplete(alice, "toy challenge", focused="colour")
    assert [c.value for c in everything] == COLOURS


async def test_file_response_carries_the_png(toy: DiscordHarness) -> None:
    reply = await toy.slash(toy.user("alice"), "toy board")
    assert reply.png() == FAKE_PNG
    assert reply.response.files[0].filename == "board.png"
    assert reply.response.content == "The board:"
    assert reply.message.payload["attachments"][0]["filename"] == "board.png"


async def test_missing_attach_files_reaches_the_bot(toy: DiscordHarness) -> None:
    toy.set_permissions(toy.me, toy.channel, attach_files=False)
    reply = await toy.slash(toy.user("alice"), "toy board")
    assert reply.content == "I may not attach the board here." and not reply.files
    with pytest.raises(HarnessError, match="No PNG"):
        reply.png()


async def test_deferred_response_then_followup_replaces_the_loading_message(
    toy: DiscordHarness,
) -> None:
    reply = await toy.slash(toy.user("alice"), "toy slow")
    assert [r.kind for r in reply.requests] == [Kind.RESPONSE, Kind.FOLLOWUP]
    assert reply.response.response_type is Response.deferred_channel_message
    assert reply.message is reply.response.message
    assert reply.content == "Done thinking." and not reply.message.flags.loading
    assert len(reply.messages) == 1


async def test_a_followup_after_the_deferred_response_is_deleted_is_a_message_of_its_own(
    toy: DiscordHarness,
) -> None:
    reply = await toy.slash(toy.user("alice"), "toy aside")
    thinking, aside = reply.messages
    assert thinking.deleted and thinking is reply.response.message
    assert aside.content == "Just for you." and aside.visible_to == toy.user("alice")
    assert toy.messages_in() == [aside]


async def test_ephemeral_reply_is_only_clickable_by_its_user(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    reply = await toy.slash(alice, "toy secret")
    assert reply.ephemeral and reply.response.ephemeral
    with pytest.raises(HarnessError, match="Only alice"):
        await toy.click(toy.user("bob"), reply, "Accept")
    assert (await toy.click(alice, reply, "Accept")).content.endswith("game on!")


async def test_dynamic_button_updates_the_message(toy: DiscordHarness) -> None:
    alice, bob = toy.user("alice"), toy.user("bob")
    challenge = await toy.slash(alice, "toy challenge", {"opponent": bob, "colour": "blue"})
    answer = await toy.click(bob, challenge.message, "Accept")
    assert answer.response.response_type is Response.message_update
    assert answer.message is challenge.message
    assert challenge.message.content == f"{alice.mention} vs {bob.mention}: game on!"
    assert challenge.message.button("Accept").disabled
    with pytest.raises(HarnessError, match="disabled"):
        await toy.click(bob, challenge.message, "Accept")


async def test_message_sent_by_rest_to_a_channel(toy: DiscordHarness) -> None:
    news = toy.text_channel("news")
    reply = await toy.slash(toy.user("alice"), "toy announce", {"where": news})
    sent = reply.first(Kind.SEND)
    assert (sent.method, sent.path, sent.params) == (
        "POST",
        "/channels/{channel_id}/messages",
        {"channel_id": str(news.id)},
    )
    assert [m.content for m in toy.messages_in(news)] == ["Hear ye!"]
    assert reply.messages[0].content == "Posting."


async def test_rest_send_without_permission_is_forbidden(toy: DiscordHarness) -> None:
    news = toy.text_channel("news")
    toy.set_permissions(toy.me, news, send_messages=False)
    reply = await toy.slash(toy.user("alice"), "toy announce", {"where": news})
    assert reply.first(Kind.SEND).status == 403
    assert reply.content == "I may not post there."
    assert toy.messages_in(news) == []


async def test_a_nonce_enforced_within_minutes_returns_the_message_already_sent(
    toy: DiscordHarness,
) -> None:
    channel = toy.client.get_partial_messageable(toy.channel.id)
    first = await toy.run(channel.send("Once.", nonce="announcement-1"))
    again = await toy.run(channel.send("Once.", nonce="announcement-1"))
    other = await toy.run(channel.send("Twice.", nonce="announcement-2"))
    assert again.message is first.message and other.message is not first.message
    assert first.first(Kind.SEND).body["enforce_nonce"] is True
    assert first.message.payload["nonce"] == "announcement-1"
    toy.clock = lambda: time.time() + NONCE_WINDOW
    later = await toy.run(channel.send("Once.", nonce="announcement-1"))
    assert later.message is not first.message
    assert [m.content for m in toy.messages_in()] == ["Once.", "Twice.", "Once."]
    with pytest.raises(InvalidRequest, match=r"\$\.nonce: 26 long"):
        await toy.run(channel.send("Too long.", nonce="n" * 26))


async def test_an_interactions_reply_reads_back_by_its_token_for_15_minutes(
    toy: DiscordHarness,
) -> None:
    async def read(reply: Reply) -> Any:
        """The interaction's reply, read back by its token as the bot would."""
        route = Route(
            "GET",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
            webhook_id=toy.client.application_id,
            webhook_token=reply.response.params["webhook_token"],
        )
        found: dict[str, Any] = {}

        async def fetch() -> None:
            found.update(await toy.client.http.request(route))

        await toy.run(fetch())
        return found

    answered = await toy.slash(toy.user("alice"), "toy whoami")
    assert (await read(answered))["id"] == str(answered.message.id)
    with pytest.raises(discord.NotFound, match="Unknown Message"):
        await read(await toy.slash(toy.user("alice"), "toy aside"))
    toy.clock = lambda: time.time() + 15 * 60
    with pytest.raises(discord.HTTPException, match="Invalid Webhook Token"):
        await read(answered)


async def test_bot_code_outside_interactions_runs_through_run(toy: DiscordHarness) -> None:
    bot = toy.client
    assert isinstance(bot, ToyBot)
    reply = await toy.run(bot.announce(toy.channel.id, "Tournament tonight"))
    assert reply.content == "Tournament tonight"
    assert reply.first(Kind.SEND).body["content"] == "Tournament tonight"


async def test_command_error_reaches_the_tree_on_error(toy: DiscordHarness) -> None:
    reply = await toy.slash(toy.user("alice"), "toy boom", {"why": "kaput"})
    bot = toy.client
    assert isinstance(bot, ToyBot)
    assert isinstance(bot.errors[0], app_commands.CommandInvokeError)
    assert str(bot.errors[0].original) == "kaput"
    assert reply.content == "Something went wrong." and reply.ephemeral


async def test_an_exception_escaping_the_bot_is_raised(toy: DiscordHarness) -> None:
    with pytest.raises(RuntimeError, match="the error handler broke"):
        await toy.slash(toy.user("alice"), "toy boom", {"why": "error handler bug"})


async def test_view_wait_counts_as_waiting_for_the_user(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    question = await toy.slash(alice, "toy confirm")
    assert question.content == "Sure?"
    answer = await toy.click(alice, question, "Confirm")
    assert answer.response.response_type is Response.deferred_message_update
    assert question.message.content == "Confirmed: True"
    assert question.message.buttons == []
    assert question.requests[-1].kind is Kind.EDIT_ORIGINAL


async def test_modal_submission(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    opened = await toy.slash(alice, "toy rename")
    assert opened.modal["title"] == "Name your game"
    named = await toy.submit(alice, opened, {"name": "Friday final"})
    assert named.content == "Named Friday final" and named.ephemeral
    with pytest.raises(HarnessError, match="no input"):
        await toy.submit(alice, opened, {"title": "x"})


async def test_context_menu_on_a_user(toy: DiscordHarness) -> None:
    reply = await toy.context_menu(toy.user("alice"), "Poke", toy.user("bob"))
    assert reply.content == "Poked bob"


async def test_sleeping_tasks_do_not_block_the_reply(toy: DiscordHarness) -> None:
    reply = await toy.slash(toy.user("alice"), "toy fleeting")
    assert reply.content == "Soon gone." and not reply.message.deleted


async def test_a_stuck_handler_times_out(open_harness: OpenHarness) -> None:
    harness = await open_harness(ToyBot(), timeout=0.05)
    with pytest.raises(HarnessTimeout, match="Still busy"):
        await harness.slash(harness.user("alice"), "toy stuck")


async def test_a_task_going_on_though_cancelled_fails_the_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(waiting, "ENDS_WITHIN", 0.05)
    harness = await DiscordHarness(ToyBot()).start()

    async def going_on_once() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(3600)
        await asyncio.sleep(3600)

    await harness.run(going_on_once())
    with pytest.raises(HarnessTimeout, match="after being cancelled"):
        await harness.close()
    await harness.close()


async def test_dm_interactions_carry_a_user_not_a_member(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    assert (await toy.slash(alice, "toy whoami")).content == "Member in Test Server"
    in_dm = await toy.slash(alice, "toy whoami", channel=toy.dm(alice))
    assert in_dm.content == "User in a DM" and in_dm.message.channel == toy.dm(alice)


async def test_thread_channels_work(toy: DiscordHarness) -> None:
    thread = toy.thread("game 1")
    reply = await toy.slash(toy.user("alice"), "toy board", channel=thread)
    assert reply.message.channel == thread and reply.png() == FAKE_PNG


@pytest.mark.parametrize(
    ("command", "options", "problem"),
    [
        ("toy nothing", {}, "No slash command /toy nothing"),
        ("toy challenge", {"colour": "red"}, "needs the options"),
        ("toy challenge", {"opponent": "bob", "colour": "red"}, "takes a harness User"),
        ("toy board", {"size": 3}, "has no option"),
    ],
)
async def test_requests_discord_would_not_send_are_refused(
    toy: DiscordHarness, command: str, options: dict[str, Any], problem: str
) -> None:
    with pytest.raises(HarnessError, match=problem):
        await toy.slash(toy.user("alice"), command, options)


async def test_stub_turns_a_route_into_a_discord_error(toy: DiscordHarness) -> None:
    toy.stub(
        "POST", "/channels/{channel_id}/messages", status=403, code=50001, message="Missing Access"
    )
    bot = toy.client
    assert isinstance(bot, ToyBot)
    with pytest.raises(discord.Forbidden, match="Missing Access"):
        await toy.run(bot.announce(toy.channel.id, "hello"))


async def test_unknown_routes_fail_loudly(toy: DiscordHarness) -> None:
    with pytest.raises(HarnessError, match="No fake answer for GET /guilds"):
        await toy.run(toy.client.fetch_guild(toy.guild.id))


async def test_the_network_is_out_of_reach(toy: DiscordHarness) -> None:
    with pytest.raises(NetworkBlocked):
        await asyncio.get_running_loop().create_connection(asyncio.Protocol, "discord.com", 443)
    with pytest.raises(NetworkBlocked):
        await toy.client.http.get_from_cdn("https://cdn.discordapp.com/x.png")


async def test_close_restores_the_event_loop() -> None:
    loop = asyncio.get_running_loop()
    factory = loop.get_task_factory()
    async with DiscordHarness(ToyBot()) as harness:
        assert loop.get_task_factory() is not factory
        await harness.slash(harness.user("alice"), "toy board")
    assert loop.get_task_factory() is factory
    assert "create_connection" not in vars(loop)


async def test_concurrent_interactions_keep_their_own_requests(toy: DiscordHarness) -> None:
    users = [toy.user(f"player{n}") for n in range(20)]
    replies = await asyncio.gather(*(toy.slash(u, "toy slow") for u in users))
    assert all(len(r.requests) == 2 for r in replies)
    assert len({r.message.id for r in replies}) == len(users)


async def test_a_busy_interaction_does_not_hold_up_the_others(open_harness: OpenHarness) -> None:
    harness = await open_harness(ToyBot(), timeout=0.2)
    stuck = asyncio.ensure_future(harness.slash(harness.user("alice"), "toy stuck"))
    await asyncio.sleep(0)
    board = await harness.slash(harness.user("bob"), "toy board")
    assert board.png() == FAKE_PNG and not stuck.done()
    with pytest.raises(HarnessTimeout):
        await stuck


async def test_replies_tell_when_the_interaction_started_and_each_request_arrived(
    toy: DiscordHarness,
) -> None:
    before = time.perf_counter()
    reply = await toy.slash(toy.user("alice"), "toy slow")
    deferred, answer = reply.requests
    assert before <= reply.started_at <= deferred.sent_at <= answer.sent_at <= time.perf_counter()


async def test_thread_created_by_rest_and_a_select_menu(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    reply = await toy.slash(alice, "toy room")
    created, welcome = reply.first(Kind.THREAD), reply.first(Kind.SEND)
    assert created.params == {"channel_id": str(toy.channel.id)}
    thread = toy.client.get_channel(int(welcome.params["channel_id"]))
    assert isinstance(thread, discord.Thread) and thread.name == "room"
    assert welcome.content == "Welcome to the room."
    assert reply.content == f"Opened {thread.mention}"
    picked = await toy.select(alice, reply, "colour", ["green"])
    assert picked.content == "Picked green" and reply.message.components == []


async def test_commands_discord_would_not_offer_are_refused(toy: DiscordHarness) -> None:
    alice = toy.user("alice")
    with pytest.raises(HarnessError, match=r"needs \['manage_guild'\]"):
        await toy.slash(alice, "wipe")
    with pytest.raises(HarnessError, match="direct messages"):
        await toy.slash(toy.guild.owner, "wipe", channel=toy.dm(toy.guild.owner))
    toy.set_permissions(alice, administrator=True)
    assert (await toy.slash(alice, "wipe")).content == "Wiped."
