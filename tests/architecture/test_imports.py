"""The project's shape, read from its own imports (every import statement, at module level or inside a
function: a deferred import is still a dependency): no module imports itself round a circle, and the pure
core (tiles and hands, rule sets, the referee) reaches no I/O, no Discord and nothing above it."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs")
#: The pure core and what it may not import (docs/ARCHITECTURE.md).
CORE = ("bot.hand", "bot.rules", "bot.engine")
CORE_MAY_NOT_IMPORT = (
    "discord",
    "aiosqlite",
    "asyncpg",
    "PIL",
    "aiohttp",
    "bot.service",
    "bot.store",
    "bot.cli",
    "bot.render",
    "bot.client",
    "bot.web",
    "cogs",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imported(path: Path, name: str, known: Collection[str] = ()) -> Iterator[str]:
    """Every module ``path`` names in an import statement (relative imports resolved).  ``from pkg import
    sub`` names the submodule ``pkg.sub`` when it is one of ``known``, else ``pkg`` (a name it defines)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield sub if sub in known else base


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        graph[name] = {m for m in imported(path, name, known) if m in known and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read_whole() -> None:
    graph = import_graph()
    assert "bot.engine.game" in graph["bot.engine"]  # a package's __init__ and what it imports
    assert "bot.service.table_model" in graph["bot.service.table"]  # module level
    assert "bot.engine.actions" in graph["bot.engine.hand"]  # from bot.engine import actions as A


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_round_a_circle() -> None:
    assert circles(import_graph()) == []


def test_the_pure_core_imports_no_io_no_discord_and_nothing_above_it() -> None:
    known = modules()
    offending = []
    for name, path in known.items():
        if not name.startswith(CORE):
            continue
        for target in imported(path, name):
            if target.startswith(CORE_MAY_NOT_IMPORT) and (
                target in CORE_MAY_NOT_IMPORT
                or target.startswith(tuple(f"{p}." for p in CORE_MAY_NOT_IMPORT))
            ):
                offending.append(f"{name} imports {target}")
    assert offending == []
