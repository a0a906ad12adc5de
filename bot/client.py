"""The discord.py bot: opens the store, loads the cogs, uploads the tile emojis, restores unfinished
tables and syncs the slash commands.

The services are built once, here, and the cogs read them from the bot by type (``bot: MahjongBot``, the
shape of discord.py's examples/advanced_startup.py): ``config``, ``store``, ``tables`` (the table service),
``table_pictures``, ``tile_emojis`` and ``cluster``.  What a cog lends the rest of the bot (the handlers
its buttons call, the table's front end) it lends under a typed key (:class:`PartKey`, ``lend``/``part``)
or through ``show_tables_with``, never under its name.

Start-up order (``setup_hook``: discord.py 2.x runs it inside ``login()``, after the application id is
known and before the gateway connects; ``mahjong-bot run`` calls ``start_metrics`` and ``open_store``
before the login, bot/cli/run.py, so they are done by then):
1. ``open_store``        - open bot/store at ``config.database`` (``self.store``); shards split across
                           processes on a SQLite file are refused here.
2. ``build_services``    - the table service (``self.tables``, bot/service/table.py) on that store, and
                           the renderer (bot/render) the table cog draws with (``self.table_pictures``),
                           unless ``config.pictures`` is off (then tables are shown as text).
3. ``load_tile_emojis``  - tile_images/emoji/*.png as application emojis (``self.tile_emojis``,
                           face name -> emoji, for the tile buttons); a failure leaves text labels.
                           Before the restore, so the prompts of restored tables already carry them.
4. load ``extensions``   - every cog module listed in EXTENSIONS (each ends with ``async def setup(bot)``);
                           the table cog shows the tables (``show_tables_with``).
5. ``start_cluster``     - with PostgreSQL: leases, decisions for tables other processes run, takeovers
                           (bot/service/cluster.py, docs/SCALE.md).  Nothing with SQLite.
6. ``restore_tables``    - replay unfinished games so their buttons work again (in a cluster: only those
                           no live process runs), each shown again by the table's front end.
7. ``sync_commands``     - push the command tree, globally or to the configured guilds.

Shards: an AutoShardedBot.  ``config.shard_ids`` unset runs every shard here (Discord says how many);
set, this process runs those shards of ``config.shard_count`` and other processes the rest.

Mentions: nothing a message says pings anyone unless it allows exactly whom (``allowed_mentions`` is
"no mentions" bot-wide; a message that means to ping passes ``AllowedMentions(users=[...])``).

Shutdown (``close``) runs it backwards: the table service cancels its workers and timers, the cogs stop,
then the store closes, so no table writes to a closed database.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import BotConfig
from bot.metrics import LIVE_TABLES, MetricsServer, watch_response
from bot.render.engine_view import TableDrawing, TablePictures
from bot.render.geometry import TILE_IMAGES_DIR
from bot.service.cluster import Cluster
from bot.service.table import TableService
from bot.service.table_model import Table, TableListener
from bot.store import Store, StoreError

if TYPE_CHECKING:  # the web page's server is imported when it is served (aiohttp, Jinja2)
    from bot.web.server import WebServer

log = logging.getLogger(__name__)

#: The cogs the bot loads, in order. Add a module here when its cog is ready.
EXTENSIONS: tuple[str, ...] = ("cogs.meta", "cogs.scoring", "cogs.league", "cogs.table")

#: Discord's error code for "Cannot send messages to this user" (DMs closed or no shared server).
CANNOT_DM_USER = 50007

#: The upload-ready tile faces (128x128 PNG), one file per face name: ``5p.png``, ``0p.png``, ``3f.png``.
TILE_EMOJI_DIR = TILE_IMAGES_DIR / "emoji"
#: Application emoji names are shared by everything the application shows: ours start with this.
TILE_EMOJI_PREFIX = "mj_"


def tile_emoji_images(folder: Path = TILE_EMOJI_DIR) -> dict[str, bytes]:
    """``{"mj_5p": PNG bytes, ...}`` for every ``<face>.png`` in ``folder`` (sorted by name)."""
    return {f"{TILE_EMOJI_PREFIX}{path.stem}": path.read_bytes() for path in sorted(folder.glob("*.png"))}


def face_of_emoji_name(name: str) -> str:
    """``"mj_5p"`` -> ``"5p"``, the face name the table cog looks tiles up by."""
    return name.removeprefix(TILE_EMOJI_PREFIX)


def bot_intents() -> discord.Intents:
    """Only non-privileged intents: slash commands and buttons need no member list or message content."""
    intents = discord.Intents.default()
    intents.members = False
    intents.presences = False
    intents.message_content = False
    return intents


class MahjongTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Never leave a user staring at "The application did not respond": log, then say so."""
        log.error(
            "command %r failed", interaction.command and interaction.command.qualified_name, exc_info=error
        )
        text = "Sorry, something went wrong while handling that command."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report the error to the user", exc_info=True)


PartT = TypeVar("PartT")


class PartKey(Generic[PartT]):
    """The typed name of something a cog lends the rest of the bot, e.g. the handlers its buttons call:
    ``bot.part(TABLE_PRESSES)`` is typed ``TablePresses | None``.  The key is an object (compared by
    identity), so the link shows in the imports and the types, not in a string."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return f"PartKey({self.what!r})"


class TableFrontEnd(TableListener, Protocol):
    """The table service's front end as the bot knows it (cogs/table's DiscordTableFront): what a table
    shows, and how a table comes back after a restart or from a process that stopped."""

    async def resumed(self, table: Table) -> None:
        """A table replayed from the store at start-up: take back its messages and redraw it."""
        ...

    async def adopted(self, table: Table) -> None:
        """A table taken over from a process that stopped (bot/service/cluster.py)."""
        ...


#: The bot-wide default: a message pings nobody (a league named "@everyone party", a display name with
#: a mention in it) unless the call allows exactly the users it means to ping.
NO_MENTIONS = discord.AllowedMentions.none()


class MahjongBot(commands.AutoShardedBot):
    def __init__(
        self,
        config: BotConfig | None = None,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        store: Store | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", bot_intents())
        # No prefix commands: message content is privileged; everything is a slash command or a button.
        options.setdefault("command_prefix", commands.when_mentioned)
        options.setdefault("help_command", None)
        options.setdefault("tree_cls", MahjongTree)
        options.setdefault("allowed_mentions", NO_MENTIONS)
        config = config or BotConfig()
        if config.shard_count is not None:
            options.setdefault("shard_count", config.shard_count)
        if config.shard_ids is not None:
            options.setdefault("shard_ids", list(config.shard_ids))
        super().__init__(**options)
        self.config: BotConfig = config
        #: Several processes on one PostgreSQL (None on SQLite): see ``start_cluster``.
        self.cluster: Cluster | None = None
        #: The opt-in /health and /metrics endpoint (``config.metrics_port``).
        self.metrics_server: MetricsServer | None = None
        #: The opt-in web page of leagues, games and replays (``config.web_port``): bot/web.
        self.web_server: WebServer | None = None
        self.extension_names: tuple[str, ...] = tuple(extensions)
        #: The repository (bot/store): given by the caller (who closes it), else opened by ``open_store``.
        self.store: Store | None = store
        self._owns_store = store is None
        #: The table service (bot/service/table.py), built by ``build_services`` once the store is open.
        self.tables: TableService | None = None
        #: What shows the tables (the table cog's front end, set by ``show_tables_with``); None: no table
        #: cog is loaded, so no table is restored or taken over here.
        self.table_front: TableFrontEnd | None = None
        #: The pictures the table cog draws; None shows tables as text.  Set by ``build_services`` when
        #: ``config.pictures`` is on.
        self.table_pictures: TableDrawing | None = None
        #: Face name ("5p", "0p", "3f") -> application emoji, for the tile buttons; empty = text labels.
        self.tile_emojis: dict[str, discord.Emoji] = {}
        #: Where ``load_tile_emojis`` reads the faces from.
        self.tile_emoji_dir: Path = TILE_EMOJI_DIR
        #: What the cogs lend under a typed key (``lend``/``part``).
        self._parts: dict[PartKey[Any], Any] = {}

    async def setup_hook(self) -> None:
        await self.start_metrics()
        await self.open_store()
        await self.start_web()
        self.build_services()
        if self.config.upload_emojis:
            await self.load_tile_emojis()
        for name in self.extension_names:
            await self.load_extension(name)
        await self.start_cluster()
        await self.restore_tables()
        if self.config.sync_commands:
            await self.sync_commands()

    async def open_store(self) -> None:
        """Open the database at ``self.config.database`` as ``self.store`` (unless a store was given),
        migrated to the newest schema.  A split of shards across processes on SQLite is refused: two
        processes cannot share one SQLite file."""
        if self.store is None:
            self.store = await Store.open(self.config.database)
        dialect = self.store.db.dialect
        if dialect != "postgresql" and self.config.split_across_processes:
            raise StoreError(
                "shard_ids runs only some shards here, so other processes run the rest: they must share "
                'a PostgreSQL database (database = "postgresql://..."), not a SQLite file'
            )

    def build_services(self) -> None:
        """The table service on the open store (outside AIs as the operator configured them) and, when
        ``config.pictures`` is on, the table pictures; each is built once (a test may have set them)."""
        if self.store is not None and self.tables is None:
            self.tables = TableService(self.store, mjai=self.config.mjai)
        if self.config.pictures and self.table_pictures is None:
            self.table_pictures = TablePictures()

    def show_tables_with(self, front: TableFrontEnd) -> TableService:
        """The table cog's front end shows the tables from now on (restores and takeovers included);
        returns the table service it shows."""
        if self.tables is None:
            raise RuntimeError("no table service: build_services makes it once the store is open")
        self.tables.listener = front
        self.table_front = front
        return self.tables

    def lend(self, key: PartKey[PartT], part: PartT) -> None:
        """Let the rest of the bot reach ``part`` by ``key`` (a cog lends its button handlers as it loads)."""
        self._parts[key] = part

    def take_back(self, key: PartKey[Any]) -> None:
        self._parts.pop(key, None)

    def part(self, key: PartKey[PartT]) -> PartT | None:
        """What was lent under ``key``; None when its cog is not loaded."""
        found: PartT | None = self._parts.get(key)
        return found

    async def start_web(self) -> None:
        """The opt-in web page (``config.web_port``) over the bot's store, once the store is open."""
        if self.config.web_port is None or self.web_server is not None or self.store is None:
            return
        from bot.web.server import WebServer  # aiohttp and Jinja2 are loaded only when the page is served

        server = WebServer(self.store, self.config.web_host, self.config.web_port)
        await server.start()
        self.web_server = server

    async def start_metrics(self) -> None:
        """The opt-in /health and /metrics endpoint (``config.metrics_port``), and what it counts."""
        if self.config.metrics_port is None or self.metrics_server is not None:
            return
        LIVE_TABLES.set_function(lambda: len(self.tables.by_game) if self.tables is not None else 0)
        self.metrics_server = MetricsServer(self.config.metrics_host, self.config.metrics_port, self.health)
        await self.metrics_server.start()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if self.metrics_server is not None:
            self.loop.create_task(watch_response(interaction))

    async def health(self) -> tuple[bool, dict[str, Any]]:
        """Connected to Discord and the database answers: what /health reports."""
        started = time.perf_counter()
        try:
            if self.store is None:
                database = "opening"  # /health answers from the start, before the store is open
            else:
                await self.store.db.fetch_one("SELECT 1")
                database = "ok"
        except Exception as exc:
            database = f"error: {exc}"
        details = {
            "discord": "ready" if self.is_ready() and not self.is_closed() else "connecting",
            "database": database,
            "database_ms": round((time.perf_counter() - started) * 1000, 2),
            "shards": list(self.shard_ids or []) if self.shard_ids else "all",
            "cluster_node": self.cluster.node if self.cluster is not None else None,
        }
        return database == "ok" and details["discord"] == "ready", details

    def runs_guild(self, guild_id: int | None) -> bool:
        """True when this process runs the shard of ``guild_id`` (DMs: shard 0)."""
        if self.config.shard_ids is None or not self.config.shard_count:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.config.shard_count
        return shard in self.config.shard_ids

    async def start_cluster(self) -> None:
        """With PostgreSQL: join the other processes (bot/service/cluster.py)."""
        dialect = self.store.db.dialect if self.store is not None else "sqlite"
        if dialect != "postgresql":
            return
        service, front = self.tables, self.table_front
        if service is None or front is None:
            return
        self.cluster = Cluster(
            service,
            lease_seconds=self.config.lease_seconds,
            on_adopted=front.adopted,
            runs_guild=self.runs_guild,
        )
        service.cluster = self.cluster
        await self.cluster.start()
        log.info("cluster: this process is %s", self.cluster.node)

    async def restore_tables(self) -> list[Table]:
        """Rebuild every unfinished table from its stored events (bot/service) after the cogs load, and
        show each again (its language, its old messages, a fresh draw).  Nothing without a table cog.

        Buttons need nothing here: their custom ids are DynamicItems, matched on every click.
        """
        if self.tables is None or self.table_front is None:
            return []
        restored = await self.tables.restore()
        for table in restored:
            await self.table_front.resumed(table)
        log.info("restored %d unfinished tables", len(restored))
        return restored

    async def close_store(self) -> None:
        """Close the store this bot opened (every commit is already on disk)."""
        if self._owns_store and self.store is not None:
            store, self.store = self.store, None
            await store.close()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Push the command tree: to ``config.sync_guilds`` (instant) if set, else globally."""
        if not self.config.sync_guilds:
            synced = await self.tree.sync()
        else:
            synced = []
            for guild_id in self.config.sync_guilds:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced += await self.tree.sync(guild=guild)
        log.info("synced %d application commands", len(synced))
        return synced

    async def sync_application_emojis(self, images: Mapping[str, bytes]) -> dict[str, discord.Emoji]:
        """An application emoji for every ``name -> PNG bytes`` in ``images``, uploading only missing names.

        Existing emojis are matched by name and reused, so a restart costs one request. A changed
        picture therefore needs a new name (e.g. a version suffix) or ``delete()`` of the old emoji.
        """
        existing = {emoji.name: emoji for emoji in await self.fetch_application_emojis()}
        for name, image in images.items():
            if name not in existing:
                existing[name] = await self.create_application_emoji(name=name, image=image)
        return {name: existing[name] for name in images}

    async def load_tile_emojis(self) -> dict[str, discord.Emoji]:
        """Upload the tile faces Discord does not have yet and set ``self.tile_emojis``.

        Never fatal: when the pictures cannot be read or Discord refuses (an HTTP error, the emoji
        limit), a warning is logged and the buttons keep their text labels.
        """
        try:
            images = tile_emoji_images(self.tile_emoji_dir)
            if not images:
                raise FileNotFoundError(f"no tile pictures in {self.tile_emoji_dir}")
            emojis = await self.sync_application_emojis(images)
        except (discord.HTTPException, OSError) as exc:
            log.warning("tile emojis unavailable, the tile buttons show text only: %s", exc)
            return self.tile_emojis
        self.tile_emojis = {face_of_emoji_name(name): emoji for name, emoji in emojis.items()}
        log.info("%d tile emojis ready", len(self.tile_emojis))
        return self.tile_emojis

    async def stop_extensions(self) -> None:
        """Unload every extension and remove every cog (their ``cog_unload`` stops the table service's
        workers and timers), logging rather than raising so the shutdown goes on."""
        for name in reversed(tuple(self.extensions)):
            try:
                await self.unload_extension(name)
            except Exception:
                log.exception("could not unload %s cleanly", name)
        for cog_name in reversed(tuple(self.cogs)):
            try:
                await self.remove_cog(cog_name)
            except Exception:
                log.exception("could not remove the cog %s cleanly", cog_name)

    async def close(self) -> None:
        """Stop the tables' workers and timers first (a table mid-decision must not write to a closed
        store), then the cogs, then the store, then discord.py's own shutdown.  In a cluster our leases
        expire at once for a peer to take over."""
        try:
            if self.tables is not None:
                await self.tables.close()
            await self.stop_extensions()
            if self.cluster is not None:
                cluster, self.cluster = self.cluster, None
                await cluster.close()
            if self.metrics_server is not None:
                server, self.metrics_server = self.metrics_server, None
                await server.close()
            if self.web_server is not None:
                web_server, self.web_server = self.web_server, None
                await web_server.close()
            await self.close_store()
        finally:
            await super().close()


async def try_dm(user: discord.User | discord.Member, **message: Any) -> discord.Message | None:
    """Send ``user`` a DM; None when Discord refuses because their DMs are closed (50007).

    Callers decide how to tell the user (in the channel, or ephemerally). Other errors propagate.
    """
    try:
        return await user.send(**message)
    except discord.Forbidden as exc:
        if exc.code != CANNOT_DM_USER:
            raise
        log.info("DMs closed for user %s", user.id)
        return None
