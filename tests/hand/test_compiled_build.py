"""The two builds of the core (issue 41): setup.py compiles the typed core with mypyc where it can, and
builds the pure-Python package (the reference) everywhere else without failing.  CI runs the core's
tests a second time on the compiled modules with ``MAHJONG_EXPECT_COMPILED=1`` (.ci/run), and the first
test here makes sure that run really is on the compiled build, not silently on the .py files."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mahjong_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() itself only runs as __main__
    return module


def test_the_compiled_run_is_on_the_compiled_modules() -> None:
    if os.environ.get("MAHJONG_EXPECT_COMPILED") != "1":
        pytest.skip("the pure-Python build (CI's compiled run sets MAHJONG_EXPECT_COMPILED=1)")
    listed = build_script().COMPILED_MODULES
    for path in listed:
        name = path.removesuffix(".py").replace("/", ".")
        module = importlib.import_module(name)
        assert module.__file__ is not None and not module.__file__.endswith(".py"), module.__file__


def test_every_compiled_module_exists_and_the_listed_ones_only() -> None:
    listed = build_script().COMPILED_MODULES
    assert listed and all((ROOT / path).is_file() for path in listed)
    assert len(set(listed)) == len(listed)


@pytest.mark.parametrize(
    ("argv", "env", "compiles"),
    [
        (["setup.py", "bdist_wheel", "--dist-dir", "x"], {}, True),
        (["setup.py", "build_ext", "--inplace"], {}, True),
        (["setup.py", "bdist_wheel"], {"MAHJONG_COMPILE": "0"}, False),  # asked for the pure build
        (["setup.py", "editable_wheel", "--dist-dir", "x"], {}, False),  # pip install -e: the .py files run
        (["setup.py", "egg_info"], {}, False),  # metadata only
        (["setup.py", "dist_info"], {}, False),
    ],
)
def test_which_setup_commands_compile(argv: list[str], env: dict[str, str], compiles: bool) -> None:
    assert build_script().compile_requested(argv, env) is compiles


def test_without_a_working_compiler_the_wheel_is_the_pure_package(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", str(ROOT / "no-such-compiler"))
    script = build_script()
    assert script.compiled_extensions(["setup.py", "bdist_wheel"], {}) == []
    assert "building the pure-Python package: the C compiler does not work here" in capsys.readouterr().err
    # ... unless the compiled build was demanded: then it is an error naming the reason.
    with pytest.raises(SystemExit, match="MAHJONG_COMPILE=1 but the core cannot be compiled: the C compiler"):
        script.compiled_extensions(["setup.py", "bdist_wheel"], {"MAHJONG_COMPILE": "1"})
