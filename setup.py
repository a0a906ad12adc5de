"""The compiled build: the typed core (shanten, riichi scoring, the referee) compiled with mypyc where it can.

Everything else about the package is in pyproject.toml.  The pure-Python package is the reference and
installs anywhere; a wheel built where mypyc and a working C compiler are present also carries the
core's modules compiled (same code, same results: CI runs the core's tests on both builds).

* ``pip install .`` / ``python -m build --wheel``: compiled when it can be, else pure (a note says why);
* ``pip install -e .`` (editable): always pure, so an edited .py file is the one that runs;
* ``python setup.py build_ext --inplace``: the compiled modules next to the sources (CI's compiled run;
  delete the ``.so`` files to go back to pure);
* ``MAHJONG_COMPILE=0`` forces the pure build, ``MAHJONG_COMPILE=1`` makes a failure to compile an error.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping, Sequence

from setuptools import setup

#: The modules compiled: the hot core, whose classes no uncompiled module subclasses (mypyc's native
#: classes cannot be subclassed by interpreted code: bot/hand/refusal.py and bot/hand/meld.py stay pure),
#: and the referee's loop: the rule set classes, which other rule sets subclass, are compiled as ordinary
#: Python classes (bot/engine/native.py); bot/engine/actions.py stays pure (an action is checked for
#: its types when applied, with a clear message, not refused with a TypeError when made).
COMPILED_MODULES = [
    "bot/hand/tiles.py",
    "bot/hand/table_code.py",
    "bot/hand/special_shapes.py",
    "bot/hand/shanten.py",
    "bot/hand/decompose.py",
    "bot/rules/riichi/situation.py",
    "bot/rules/riichi/shape.py",
    "bot/rules/riichi/hand.py",
    "bot/rules/riichi/points.py",
    "bot/rules/riichi/dora.py",
    "bot/rules/riichi/fu.py",
    "bot/rules/riichi/yaku.py",
    "bot/rules/riichi/yakuman.py",
    "bot/rules/riichi/scoring.py",
    "bot/engine/calls.py",
    "bot/engine/decisions.py",
    "bot/engine/game.py",
    "bot/engine/hand.py",
    "bot/engine/ruleset.py",
    "bot/engine/state.py",
    "bot/engine/waits.py",
    "bot/engine/wall.py",
    "bot/rules/riichi/flow.py",
    # score --batch's reading of a line (issue 41: within 2x of the scorer on this build too)
    "bot/hand/notation_masks.py",
    "bot/rules/request.py",
    "bot/rules/riichi/request.py",
]

#: The setup commands that build modules (a wheel, or extensions in place); metadata and editable
#: installs never compile.
BUILDING_COMMANDS = frozenset({"bdist_wheel", "build", "build_ext", "install"})


def compile_requested(argv: Sequence[str], env: Mapping[str, str]) -> bool:
    """Whether this run should try to compile: a building command, not an editable install, not
    ``MAHJONG_COMPILE=0``."""
    if env.get("MAHJONG_COMPILE", "auto") == "0":
        return False
    commands = set(argv[1:])
    return bool(commands & BUILDING_COMMANDS) and "editable_wheel" not in commands


def compiler_problem() -> str | None:
    """Why no C extension can be built here (None when a trivial one compiles)."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler
    except ImportError as error:  # pragma: no cover - setuptools always has them
        return f"no distutils compiler interface ({error})"
    compiler = new_compiler()
    customize_compiler(compiler)  # type: ignore[no-untyped-call]
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w") as probe:
            probe.write("#include <Python.h>\nint probe(void) { return 0; }\n")
        import sysconfig

        try:
            compiler.compile([source], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception as error:  # CompileError, or the compiler missing altogether
            return f"the C compiler does not work here ({type(error).__name__}: {str(error)[:200]})"
    return None


def compiled_extensions(argv: Sequence[str], env: Mapping[str, str]) -> list[object]:
    """mypyc's extensions for :data:`COMPILED_MODULES`, or [] for the pure build (with a note why)."""
    if not compile_requested(argv, env):
        return []
    forced = env.get("MAHJONG_COMPILE") == "1"
    try:
        from mypyc.build import mypycify
    except ImportError:
        problem: str | None = "mypyc is not installed (it comes with mypy)"
    else:
        problem = compiler_problem()
        if problem is None:
            try:
                # One group compiled without whole-program assumptions (``separate``): with them mypyc
                # checks an argument typed as a class against the compiled subclasses it knows only,
                # and refused the rule sets' uncompiled subclasses (mingjiang's, the tests').
                group = [(COMPILED_MODULES, None)]
                return list(mypycify(COMPILED_MODULES, opt_level="3", separate=group))
            except (Exception, SystemExit) as error:
                problem = f"mypyc failed: {error}"
    if forced:
        raise SystemExit(f"MAHJONG_COMPILE=1 but the core cannot be compiled: {problem}")
    print(f"building the pure-Python package: {problem}", file=sys.stderr)
    return []


if __name__ == "__main__":
    setup(ext_modules=compiled_extensions(sys.argv, os.environ))
