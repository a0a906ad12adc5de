"""A test-only extension exercising what the fake must support: subcommands with typed options,
selects, modals, files, ephemeral replies, deferred edits, oversized components, slow answers."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

PICKS = ["1m", "5p", "9s", "7z"]


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)
        self.picker: discord.ui.Select[PickView] = discord.ui.Select(
            custom_id="probe:pick",
            placeholder="Pick tiles",
            min_values=1,
            max_values=2,
            options=[discord.SelectOption(label=t, value=t) for t in PICKS],
        )
        self.picker.callback = self.picked  # type: ignore[method-assign]
        self.add_item(self.picker)

    async def picked(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content="picked " + ",".join(self.picker.values), view=None)


class SeatView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="probe:seat", max_values=2)
    async def seat(
        self, interaction: discord.Interaction[Any], select: discord.ui.UserSelect[SeatView]
    ) -> None:
        names = ",".join(sorted(u.name for u in select.values))
        await interaction.response.edit_message(content=f"seated {names}", view=None)


class NameModal(discord.ui.Modal, title="Who are you?"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Name", custom_id="probe:name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class SecretView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.button(label="Reveal", custom_id="probe:reveal")
    async def reveal(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[SecretView]
    ) -> None:
        await interaction.response.send_message("revealed", ephemeral=True)

    @discord.ui.button(label="Locked", custom_id="probe:locked", disabled=True)
    async def locked(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[SecretView]
    ) -> None:
        await interaction.response.send_message("should not happen", ephemeral=True)


class DmView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.button(label="OK", custom_id="probe:dm-ok")
    async def ok(self, interaction: discord.Interaction[Any], button: discord.ui.Button[DmView]) -> None:
        where = "DM" if isinstance(interaction.channel, discord.DMChannel) else "guild"
        await interaction.response.edit_message(
            content=f"clicked in {where} by {interaction.user.id}", view=None
        )


class SlowEditView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.button(label="Render", custom_id="probe:render")
    async def render(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[SlowEditView]
    ) -> None:
        await interaction.response.defer()  # type 6: acknowledge now, edit when the picture is ready
        # Paces only (the "rendering"): the test waits for the edit's record, however long this takes.
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content="rendered", view=None)


class Probe(commands.GroupCog, group_name="probe", group_description="Test-only probes"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.slow_seconds = 0.0
        self.errors: list[BaseException] = []

    @app_commands.command(name="echo", description="Echo typed options")
    @app_commands.describe(count="a number", who="a user", mode="a choice", loud="a flag")
    async def echo(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 5],
        who: discord.User,
        mode: Literal["fast", "slow"] = "fast",
        loud: bool = False,
        note: app_commands.Range[str, 2, 10] | None = None,
        text: str | None = None,
        big: int | None = None,
    ) -> None:
        kind = type(count).__name__
        text = f"count={count}:{kind} who={who.id} mode={mode} loud={loud} locale={interaction.locale}"
        await interaction.response.send_message(text)

    @app_commands.command(name="pick", description="Send a select menu")
    async def pick(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick some tiles", view=PickView())

    @app_commands.command(name="seat", description="Pick players with a user select")
    async def seat(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("who plays?", view=SeatView())

    @app_commands.command(name="form", description="Open a modal")
    async def form(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(name="file", description="Send a picture, then replace it")
    async def file(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(
            content="your hand", attachments=[discord.File(_bytes_io(b"\x89PNG first"), filename="hand.png")]
        )
        await interaction.edit_original_response(
            attachments=[discord.File(_bytes_io(b"\x89PNG second"), filename="hand2.png")]
        )

    @app_commands.command(name="card", description="Answer with a file in the initial response")
    async def card(self, interaction: discord.Interaction[Any]) -> None:
        embed = discord.Embed(title="Card").set_image(url="attachment://card.png")
        await interaction.response.send_message(
            "a card", embed=embed, file=discord.File(_bytes_io(b"\x89PNG card"), filename="card.png")
        )

    @app_commands.command(name="secret", description="An ephemeral message with buttons")
    async def secret(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("for your eyes only", view=SecretView(), ephemeral=True)

    @app_commands.command(name="rows", description="Send a message with n action rows")
    async def rows(self, interaction: discord.Interaction[Any], n: int) -> None:
        # discord.py's View refuses a sixth row, so send the raw payload as a careless bot might.
        rows = [
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": f"row {i}", "custom_id": f"probe:row:{i}"}],
            }
            for i in range(n)
        ]
        channel_id = interaction.channel_id
        assert channel_id is not None
        await interaction.response.defer(ephemeral=True)
        await self.bot.http.request(
            discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id),
            json={"content": "rows", "components": rows},
        )
        await interaction.followup.send("sent", ephemeral=True)

    @app_commands.command(name="slow", description="Answer after the configured delay")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        # The scenario, not a wait for something: an answer this late (past the fake's deadline, or after
        # a check the test makes before its next await).  A loaded machine only makes it later still.
        await asyncio.sleep(self.slow_seconds)
        try:
            await interaction.response.send_message("finally")
        except discord.HTTPException as exc:
            self.errors.append(exc)

    @app_commands.command(name="dm", description="DM a button to the caller")
    async def dm(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("press OK", view=DmView())
        await interaction.response.send_message("check your DMs", ephemeral=True)

    @app_commands.command(name="render", description="A button answered by a deferred update")
    async def render(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("not yet", view=SlowEditView())

    @app_commands.command(name="tile", description="Autocomplete a tile")
    async def tile(self, interaction: discord.Interaction[Any], name: str, count: int = 1) -> None:
        await interaction.response.send_message(f"{count} x {name}")

    @tile.autocomplete("name")
    async def tile_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in PICKS if t.startswith(current)]

    @app_commands.command(name="burst", description="Post n messages in a row")
    async def burst(self, interaction: discord.Interaction[Any], n: int) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        for i in range(n):
            await channel.send(f"burst {i}")
        await interaction.followup.send("done", ephemeral=True)


def _bytes_io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


class ProbeAdmin(commands.Cog):
    @app_commands.command(name="probe-admin", description="Only for server managers, only in servers")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def admin(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("admin ok", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Probe(bot))
    await bot.add_cog(ProbeAdmin())
