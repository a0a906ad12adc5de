""".ci/mutation.py runs mutmut in build/mutation/TARGET through links to this checkout's code and tests:
results copied from another checkout come with links to that checkout, and a run through them would
mutate and test the other checkout's code while reporting for this one."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mutation_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_mutation", ROOT / ".ci" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_links_left_pointing_at_another_checkout_point_at_this_one_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = _mutation_tool()
    monkeypatch.setattr(tool, "WORK", tmp_path / "build" / "mutation")
    other = tmp_path / "other-checkout"
    work = tool.WORK / "riichi-scoring"
    work.mkdir(parents=True)
    for entry in tool.LINKED:
        (other / entry).mkdir(parents=True)
        (work / entry).symlink_to(other / entry, target_is_directory=True)

    assert tool.prepare("riichi-scoring", tool.targets()["riichi-scoring"]) == work

    for entry in tool.LINKED:
        assert Path(os.readlink(work / entry)) == ROOT / entry
    assert 'source_paths = ["bot/rules/riichi/scoring.py"' in (work / "pyproject.toml").read_text()


def test_a_first_run_links_this_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _mutation_tool()
    monkeypatch.setattr(tool, "WORK", tmp_path)
    for _ in range(2):  # made, then found in place
        tool.prepare("calls", tool.targets()["calls"])
        assert all(Path(os.readlink(tmp_path / "calls" / entry)) == ROOT / entry for entry in tool.LINKED)
