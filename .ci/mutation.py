"""Opt-in mutation testing, one target at a time (the targets: .ci/mutation_targets.toml).

Each target runs in a directory of its own, build/mutation/<target>/, holding links to bot/, cogs/ and
tests/ and a pyproject.toml whose [tool.mutmut] names that target's modules and tests; mutmut keeps its
mutants and results there, so a target can be re-run (or only its survivors, by name) without redoing the
others, and `report` reads every target's results back.

    python .ci/mutation.py list
    python .ci/mutation.py run TARGET [MUTANT-NAME-OR-GLOB ...]
    python .ci/mutation.py rerun TARGET   (the mutants not killed last time, e.g. after adding tests)
    python .ci/mutation.py report [TARGET ...]
    python .ci/mutation.py show TARGET MUTANT-NAME
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ROOT / ".ci" / "mutation_targets.toml"
WORK = ROOT / "build" / "mutation"
LINKED = ("bot", "cogs", "tests")
# mutmut's result names, grouped as the report counts them.
COLUMNS = ("killed", "survived", "timeout", "suspicious", "no tests", "not checked")


def targets() -> dict[str, dict[str, list[str]]]:
    with TARGETS.open("rb") as f:
        return tomllib.load(f)


def mutmut() -> str:
    return str(Path(sys.executable).with_name("mutmut"))


def toml_list(values: list[str]) -> str:
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"


def _link(link: Path, target: Path) -> None:
    """``link`` pointing at ``target``: a link left pointing at another checkout (results copied from
    it) is pointed here again, or mutmut would mutate and test that checkout's code."""
    if link.is_symlink():
        if Path(os.readlink(link)) == target:
            return
        link.unlink()
    link.symlink_to(target, target_is_directory=True)


def prepare(name: str, target: dict[str, list[str]]) -> Path:
    """The target's directory: links to the code and tests, the project's pyproject.toml with the
    target's [tool.mutmut] appended (the project's own file has none)."""
    work = WORK / name
    work.mkdir(parents=True, exist_ok=True)
    for entry in LINKED:
        _link(work / entry, ROOT / entry)
    # The oracle data beside the checkout (tests/oracle.py looks beside the project, here build/mutation/
    # TARGET): without it the oracle tests would skip, and the mutants only they catch would survive.
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        _link(work / "shared", shared)
    deselect = [arg for test in target.get("deselect", []) for arg in ("--deselect", test)]
    config = (
        "\n[tool.mutmut]\n"
        f"source_paths = {toml_list(target['mutate'])}\n"
        f"pytest_add_cli_args_test_selection = {toml_list(target['tests'])}\n"
        f"pytest_add_cli_args = {toml_list(deselect)}\n"
        f"also_copy = {toml_list(list(LINKED))}\n"
        "use_git_change_detection = false\n"
    )
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(project + config, encoding="utf-8")
    return work


def run(name: str, mutants: list[str]) -> int:
    all_targets = targets()
    if name not in all_targets:
        print(f"no mutation target {name!r}; the targets: {', '.join(all_targets)}", file=sys.stderr)
        return 2
    work = prepare(name, all_targets[name])
    children = os.environ.get("MUTATION_CHILDREN", "1")
    command = ["nice", "-n", "15", mutmut(), "run", "--max-children", children, *mutants]
    return subprocess.run(command, cwd=work).returncode


def statuses(name: str) -> dict[str, str]:
    """Mutant name -> mutmut's status, for a target already run (empty if it never was)."""
    work = WORK / name
    if not (work / "mutants").is_dir():
        return {}
    # mutmut reads the target's configuration: written here too, as results copied from another
    # checkout (the mutants folder alone) come without it.
    prepare(name, targets()[name])
    out = subprocess.run(
        [mutmut(), "results", "--all", "true"], cwd=work, capture_output=True, text=True, check=True
    ).stdout
    found = {}
    for line in out.splitlines():
        mutant, sep, status = line.strip().rpartition(": ")
        if sep and mutant:
            found[mutant] = status
    return found


def report(names: list[str]) -> int:
    all_targets = targets()
    print("| target | modules | mutants | " + " | ".join(COLUMNS) + " | killed share |")
    print("|---" * (len(COLUMNS) + 4) + "|")
    left: list[str] = []
    for name in names or list(all_targets):
        found = statuses(name)
        if not found:
            print(f"| {name} | not run |" + " |" * (len(COLUMNS) + 2))
            continue
        counts = Counter(found.values())
        share = counts["killed"] / len(found)
        cells = " | ".join(str(counts[c]) for c in COLUMNS)
        modules = ", ".join(all_targets[name]["mutate"])
        print(f"| {name} | {modules} | {len(found)} | {cells} | {share:.0%} |")
        left += [f"{mutant}: {status}" for mutant, status in sorted(found.items()) if status != "killed"]
    if left:
        print("\nNot killed (`.ci/mutation show TARGET NAME` shows the change):")
        print("\n".join(left))
    return 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "list"
    if command == "list":
        for name, target in targets().items():
            print(f"{name}: {', '.join(target['mutate'])}  <- {' '.join(target['tests'])}")
        return 0
    if command == "run" and len(argv) >= 2:
        return run(argv[1], argv[2:])
    if command == "rerun" and len(argv) == 2:
        left = [mutant for mutant, status in statuses(argv[1]).items() if status != "killed"]
        return run(argv[1], left) if left else 0
    if command == "report":
        return report(argv[1:])
    if command == "show" and len(argv) == 3:
        return subprocess.run([mutmut(), "show", argv[2]], cwd=WORK / argv[1]).returncode
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
