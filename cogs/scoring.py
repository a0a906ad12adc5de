"""``/score hand``, ``/score table`` and ``/language``: thin Discord glue over bot/service/scoring.py.

Discord cannot invoke a command that has subcommands, so ``/score`` is a group: ``/score hand
rules: hand: ...`` scores a typed hand, ``/score table rules:`` shows the rule set's points table.
``/language`` sets the server's default language; it is a command of its own because ``/mahjong``
belongs to the table cog.

Replies are in the user's Discord language (the server default when we do not speak theirs).  The
3-second deadline: scoring and the hand picture (Pillow work) run in worker threads (cogs/interaction.py
``off_loop``), and the answer is deferred publicly only when the command is still running
``DEFER_AFTER`` seconds after it arrived; usually the embed and its picture go out in the one initial
response.  A hand that cannot be scored is answered privately, deferred or not.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import MahjongBot, PartKey
from bot.engine.registry import RULE_SETS
from bot.i18n import LANGUAGE_NAMES, LANGUAGES, resolve_language, t
from bot.i18n.translator import CatalogTranslator, command_text
from bot.present.glossary import say
from bot.render.hand import render_hand
from bot.render.png import to_png
from bot.service.scoring import (
    QuickReference,
    ScoreFailure,
    ScoreInput,
    ScoreReply,
    hand_scene,
    quick_reference,
    rule_flags,
    score_hand,
    seat_letters,
)
from bot.text import clip
from cogs.choices import rule_choices
from cogs.interaction import guarded, mahjong_bot, off_loop, reply

log = logging.getLogger(__name__)

PICTURE_NAME = "hand.png"
SCORE_COLOUR = discord.Colour(0x1C8052)
ERROR_COLOUR = discord.Colour(0xCC1E28)
MAX_HAND_TEXT = 200
MAX_CHOICES = 25

LANGUAGE_CHOICES = [
    app_commands.Choice(name=command_text(f"cmd.choice.language.{lang}"), value=lang) for lang in LANGUAGES
]


def _draw_or_none(draw: Callable[[ScoreReply], bytes | None], scored: ScoreReply) -> bytes | None:
    """``draw(scored)`` in a worker thread; a failure is logged and means "no picture", not no answer."""
    try:
        return draw(scored)
    except Exception:
        log.warning("could not draw the hand %r", scored.hand, exc_info=True)
        return None


def draw_hand_picture(reply: ScoreReply) -> bytes:
    """PNG of the scored hand (bot/render), the winning tile set apart.  Runs in a worker thread."""
    return to_png(render_hand(hand_scene(reply)))


#: The picture of a scored hand (None: answer without one).  Tests swap it for a fake or a failure.
HAND_PICTURE: Callable[[ScoreReply], bytes | None] | None = draw_hand_picture


def score_embed(reply: ScoreReply) -> discord.Embed:
    lang = reply.language
    embed = discord.Embed(title=clip(reply.title, 256), colour=SCORE_COLOUR)
    lines = "\n".join(f"{line.name} — {line.value}" for line in reply.lines) or t("score.no_lines", lang)
    embed.add_field(name=say(reply.rules, "lines_label", lang), value=clip(lines, 1024), inline=False)
    embed.add_field(name=t("score.total", lang), value=reply.total)
    embed.add_field(name=say(reply.rules, "points_label", lang), value=str(reply.points))
    for note in reply.notes:
        embed.add_field(name=note.name, value=note.value)
    payments = "\n".join(t("score.pays", lang, payer=p.payer, amount=p.amount) for p in reply.payments)
    embed.add_field(name=t("score.payments", lang), value=clip(payments or "-", 1024), inline=False)
    return embed


def failure_embed(failure: ScoreFailure) -> discord.Embed:
    return discord.Embed(description=clip(failure.message, 4096), colour=ERROR_COLOUR)


def table_embed(table: QuickReference) -> discord.Embed:
    embed = discord.Embed(title=clip(table.title, 256), description=table.note or None, colour=SCORE_COLOUR)
    for section in table.sections:
        body = "\n".join(section.rows)
        embed.add_field(name=clip(section.heading, 256), value=clip(f"```\n{body}\n```", 1024))
    return embed


class Scoring(commands.Cog):
    score = app_commands.Group(
        name=command_text("cmd.score.name"), description=command_text("cmd.score.description")
    )

    def __init__(self, bot: MahjongBot) -> None:
        self.bot = bot
        #: Server default languages when the bot has no store open.
        self.guild_languages: dict[int, str] = {}
        # Made again with the cog, so that their ``rules`` choices are the rule sets registered now (a
        # rule set registered after this module was imported, e.g. a test-only one, is offered too).
        for command in score_commands(rule_choices()):
            self.score.remove_command(command.name)
            self.score.add_command(command)

    # ---------------------------------------------------------------- language of a reply

    async def server_language(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        store = self.bot.store
        if store is not None:
            try:
                language: str | None = await store.get_guild_language(guild_id)
                return language
            except Exception:  # a broken store must not break scoring: fall back to memory
                log.warning("could not read the language of guild %s", guild_id, exc_info=True)
        return self.guild_languages.get(guild_id)

    async def language_of(self, interaction: discord.Interaction[Any]) -> str:
        return resolve_language(interaction.locale.value, await self.server_language(interaction.guild_id))

    # ---------------------------------------------------------------- /score hand

    async def score_and_answer(self, interaction: discord.Interaction[Any], request: ScoreInput) -> None:
        """``/score hand`` (:func:`score_hand_command`): the score, with the hand's picture, or a private
        refusal."""

        async def work() -> None:
            language = await self.language_of(interaction)
            outcome = await off_loop(interaction, score_hand, request, language, private=False)
            if isinstance(outcome, ScoreFailure):
                await reply(interaction, embed=failure_embed(outcome), ephemeral=True)
                return
            embed = score_embed(outcome)
            message: dict[str, Any] = {"embed": embed}
            draw = HAND_PICTURE
            if draw is not None:
                picture = await off_loop(interaction, _draw_or_none, draw, outcome, private=False)
                if picture is None:
                    embed.set_footer(text=t("score.picture_failed", outcome.language))
                else:
                    embed.set_image(url=f"attachment://{PICTURE_NAME}")
                    message["file"] = discord.File(io.BytesIO(picture), PICTURE_NAME)
            await reply(interaction, ephemeral=False, **message)

        await guarded(interaction, work, private=False)

    # ---------------------------------------------------------------- autocomplete

    async def seat_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = await self.language_of(interaction)
        rules = _namespace_rules(interaction)
        return _wind_choices(seat_letters(rules), current, language, dealer_first=True)

    async def round_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = await self.language_of(interaction)
        return _wind_choices("ESWN", current, language, dealer_first=False)

    async def void_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        language = await self.language_of(interaction)
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=t(f"suit.{suit}", language), value=suit)
            for suit in "mps"
            if not typed or suit.startswith(typed) or typed in t(f"suit.{suit}", language).lower()
        ]

    # ---------------------------------------------------------------- /score table

    async def answer_table(self, interaction: discord.Interaction[Any], rules: str) -> None:
        """``/score table`` (:func:`score_table_command`): the rule set's points table."""

        async def work() -> None:
            language = await self.language_of(interaction)
            table = await off_loop(interaction, quick_reference, rules, language, private=False)
            await reply(interaction, embed=table_embed(table), ephemeral=False)

        await guarded(interaction, work, private=False)

    # ---------------------------------------------------------------- /language

    @app_commands.command(
        name=command_text("cmd.language.name"), description=command_text("cmd.language.description")
    )
    @app_commands.describe(language=command_text("cmd.opt.language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.rename(language=command_text("cmd.optname.language"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction[Any], language: str | None = None) -> None:
        reader = await self.language_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await interaction.response.send_message(t("language.guild_only", reader), ephemeral=True)
            return
        if language is not None and not interaction.permissions.manage_guild:
            # Discord's default permission can be changed by any admin for any role: check it here too.
            await interaction.response.send_message(t("language.error.manage_guild", reader), ephemeral=True)
            return
        if language is not None and language not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            await interaction.response.send_message(
                t("language.error.unknown", reader, language=language[:40], known=known), ephemeral=True
            )
            return
        if language is None:
            current = await self.server_language(guild_id) or resolve_language(None)
            text = t("language.current", reader, language=LANGUAGE_NAMES[current])
            await interaction.response.send_message(text, ephemeral=True)
            return
        await self.set_server_language(guild_id, language)
        # Confirm in the new language: it is the one the server chose.
        answer = resolve_language(interaction.locale.value, language)
        await interaction.response.send_message(t("language.set", answer, language=LANGUAGE_NAMES[language]))

    async def set_server_language(self, guild_id: int, language: str) -> None:
        self.guild_languages[guild_id] = language
        store = self.bot.store
        if store is not None:
            await store.set_guild_language(guild_id, language)


def score_commands(
    rule_sets: Sequence[app_commands.Choice[str]],
) -> list[app_commands.Command[Any, ..., None]]:
    """``/score hand`` and ``/score table``, offering ``rule_sets``, in the order Discord lists them."""
    return [score_hand_command(rule_sets), score_table_command(rule_sets)]


#: The scoring cog, lent to the bot as it loads: /score's commands are made apart from it
#: (:func:`score_commands`) and reach it through this key.
SCORING: PartKey[Scoring] = PartKey("the scoring cog")


def scoring_cog(interaction: discord.Interaction[Any]) -> Scoring:
    """The cog answering ``interaction``."""
    cog = mahjong_bot(interaction).part(SCORING)
    if cog is None:
        raise RuntimeError("/score was invoked on a bot without the scoring cog")
    return cog


def score_hand_command(rule_sets: Sequence[app_commands.Choice[str]]) -> app_commands.Command[Any, ..., None]:
    """``/score hand``, offering ``rule_sets``."""

    @app_commands.command(
        name=command_text("cmd.score.hand.name"), description=command_text("cmd.score.hand.description")
    )
    @app_commands.describe(
        rules=command_text("cmd.opt.rules"),
        hand=command_text("cmd.opt.hand"),
        win=command_text("cmd.opt.win"),
        tsumo=command_text("cmd.opt.tsumo"),
        riichi=command_text("cmd.opt.riichi"),
        seat=command_text("cmd.opt.seat"),
        round=command_text("cmd.opt.round"),
        dora=command_text("cmd.opt.dora"),
        ura=command_text("cmd.opt.ura"),
        void=command_text("cmd.opt.void"),
        flowers=command_text("cmd.opt.flowers"),
        dealer=command_text("cmd.opt.dealer"),
        streak=command_text("cmd.opt.streak"),
        honba=command_text("cmd.opt.honba"),
        sticks=command_text("cmd.opt.sticks"),
        extra=command_text("cmd.opt.extra"),
    )
    @app_commands.choices(rules=list(rule_sets))
    @app_commands.rename(
        rules=command_text("cmd.optname.rules"),
        hand=command_text("cmd.optname.hand"),
        win=command_text("cmd.optname.win"),
        tsumo=command_text("cmd.optname.tsumo"),
        riichi=command_text("cmd.optname.riichi"),
        seat=command_text("cmd.optname.seat"),
        round=command_text("cmd.optname.round"),
        dora=command_text("cmd.optname.dora"),
        ura=command_text("cmd.optname.ura"),
        void=command_text("cmd.optname.void"),
        flowers=command_text("cmd.optname.flowers"),
        dealer=command_text("cmd.optname.dealer"),
        streak=command_text("cmd.optname.streak"),
        honba=command_text("cmd.optname.honba"),
        sticks=command_text("cmd.optname.sticks"),
        extra=command_text("cmd.optname.extra"),
    )
    async def score_hand_command(
        interaction: discord.Interaction[Any],
        rules: str,
        hand: app_commands.Range[str, 1, MAX_HAND_TEXT],
        win: app_commands.Range[str, 1, 8] | None = None,
        tsumo: bool = False,
        riichi: bool = False,
        seat: app_commands.Range[str, 1, 8] | None = None,
        round: app_commands.Range[str, 1, 8] | None = None,
        dora: app_commands.Range[str, 1, 40] | None = None,
        ura: app_commands.Range[str, 1, 40] | None = None,
        void: app_commands.Range[str, 1, 8] | None = None,
        flowers: app_commands.Range[str, 1, 40] | None = None,
        dealer: bool = False,
        streak: app_commands.Range[int, 0, 99] | None = None,
        honba: app_commands.Range[int, 0, 99] | None = None,
        sticks: app_commands.Range[int, 0, 99] | None = None,
        extra: app_commands.Range[str, 1, MAX_HAND_TEXT] | None = None,
    ) -> None:
        request = ScoreInput(
            rules=rules, hand=hand, win=win, tsumo=tsumo, riichi=riichi, seat=seat, round=round,
            dora=dora, ura=ura, void=void, flowers=flowers, dealer=dealer, streak=streak, honba=honba,
            sticks=sticks, extra=extra,
        )  # fmt: skip
        await scoring_cog(interaction).score_and_answer(interaction, request)

    @score_hand_command.autocomplete("seat")
    async def seat_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await scoring_cog(interaction).seat_choices(interaction, current)

    @score_hand_command.autocomplete("round")
    async def round_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await scoring_cog(interaction).round_choices(interaction, current)

    @score_hand_command.autocomplete("void")
    async def void_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await scoring_cog(interaction).void_choices(interaction, current)

    @score_hand_command.autocomplete("win")
    async def win_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        hand = str(getattr(interaction.namespace, "hand", None) or "")
        typed = current.strip().lower()
        tiles = [tile for tile in tiles_in(hand) if tile.startswith(typed)]
        return [app_commands.Choice(name=tile, value=tile) for tile in tiles[:MAX_CHOICES]]

    @score_hand_command.autocomplete("extra")
    async def extra_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        suggestions = extra_suggestions(rule_flags(_namespace_rules(interaction)), current)
        return [app_commands.Choice(name=text, value=text) for text in suggestions]

    return score_hand_command


def score_table_command(
    rule_sets: Sequence[app_commands.Choice[str]],
) -> app_commands.Command[Any, ..., None]:
    """``/score table``, offering ``rule_sets``."""

    @app_commands.command(
        name=command_text("cmd.score.table.name"), description=command_text("cmd.score.table.description")
    )
    @app_commands.describe(rules=command_text("cmd.opt.rules"))
    @app_commands.choices(rules=list(rule_sets))
    @app_commands.rename(rules=command_text("cmd.optname.rules"))
    async def score_table(interaction: discord.Interaction[Any], rules: str) -> None:
        await scoring_cog(interaction).answer_table(interaction, rules)

    return score_table


def _namespace_rules(interaction: discord.Interaction[Any]) -> str:
    rules = getattr(interaction.namespace, "rules", None)
    return rules if isinstance(rules, str) and rules in RULE_SETS else "riichi"


def _wind_choices(
    letters: str, current: str, language: str, *, dealer_first: bool
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    choices = []
    for letter in letters:
        name = t(f"wind.{letter}", language)
        if dealer_first and letter == "E":
            name = t("wind.dealer", language, wind=name)
        label = f"{letter} — {name}"
        if not typed or letter.lower().startswith(typed) or typed in name.lower():
            choices.append(app_commands.Choice(name=label, value=letter))
    return choices


_TILE_GROUP = re.compile(r"([0-9]+)([mpszf])")


def tiles_in(hand: str) -> list[str]:
    """The distinct tiles written among the concealed tiles of ``hand`` (meld tokens skipped)."""
    seen: dict[str, None] = {}
    for token in hand.split():
        if ":" in token:
            continue
        for digits, suit in _TILE_GROUP.findall(token):
            for digit in digits:
                seen.setdefault(f"{digit}{suit}")
    return list(seen)


def extra_suggestions(flags: tuple[str, ...], current: str) -> list[str]:
    """Completions of the last word of ``current`` among ``flags`` (each the whole new text)."""
    words = current.split()
    partial = "" if not words or current.endswith(" ") else words[-1]
    kept = words[:-1] if partial else words
    prefix = " ".join(kept)
    used = set(kept)
    out = []
    for flag in flags:
        if flag in used or not flag.startswith(
            partial if partial.startswith("-") else "--" + partial.lstrip("-")
        ):
            continue
        text = f"{prefix} {flag}".strip()
        if len(text) <= 100:
            out.append(text)
    return out[:MAX_CHOICES]


async def setup(bot: MahjongBot) -> None:
    if bot.tree.translator is None:
        await bot.tree.set_translator(CatalogTranslator())
    cog = Scoring(bot)
    await bot.add_cog(cog)
    bot.lend(SCORING, cog)


async def teardown(bot: MahjongBot) -> None:
    bot.take_back(SCORING)


# The commands the cog declares: with the rule sets registered when this module is executed (each cog
# makes them again with the rule sets registered when it is made).
for _command in score_commands(rule_choices()):
    Scoring.score.add_command(_command)
