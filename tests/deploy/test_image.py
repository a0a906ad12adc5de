"""The Dockerfile builds what pyproject.toml declares (issue 34: `docker build` failed on a COPY of a
folder that no longer existed).

Without a docker daemon the image's build stage is replayed here: exactly the files its COPY lines bring
into /app are copied into a folder and `pip install .` is stood in for by building the wheel from that
folder, which must carry the entry point, the package data and the tile faces.  Where a daemon runs, the
image itself is built and run; where none does, that test says so in its skip reason, and under CI=true
also in the run's warnings summary (tests/ci.py: no CI machine of this project runs a docker daemon).
"""

from __future__ import annotations

import configparser
import fnmatch
import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest
from packaging.specifiers import SpecifierSet

from bot.render.geometry import SIZES, face_names
from tests.ci import NotTestedUnderCI, require_module, unavailable

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Instruction:
    name: str  # upper case: FROM, COPY, RUN, ...
    args: str


def instructions(text: str) -> list[Instruction]:
    """The Dockerfile's instructions, continuation lines joined and comments dropped."""
    found: list[Instruction] = []
    pending = ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        name, _, args = whole.partition(" ")
        found.append(Instruction(name.upper(), args.strip()))
    return found


def words(args: str) -> list[str]:
    """An instruction's arguments in the exec form (a JSON list) or the shell form."""
    return list(json.loads(args)) if args.startswith("[") else shlex.split(args)


@dataclass(frozen=True)
class Copy:
    sources: tuple[str, ...]
    destination: str
    from_stage: bool  # COPY --from=...: sources of another stage or image, not of the build context


def copies(steps: list[Instruction]) -> list[Copy]:
    found = []
    for step in steps:
        if step.name not in ("COPY", "ADD"):
            continue
        parts = words(step.args)
        flags = [p for p in parts if p.startswith("--")]
        paths = [p for p in parts if not p.startswith("--")]
        found.append(Copy(tuple(paths[:-1]), paths[-1], any(f.startswith("--from=") for f in flags)))
    return found


def ignored(path: str, patterns: list[str]) -> bool:
    """True when .dockerignore keeps ``path`` (or a folder above it) out of the build context."""
    parts = PurePosixPath(path).parts
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(fnmatch.fnmatch(prefix, pattern) for prefix in prefixes for pattern in patterns)


DOCKERFILE = instructions((ROOT / "Dockerfile").read_text(encoding="utf-8"))
DOCKERIGNORE = [
    line.strip().lstrip("/")
    for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]


def test_dockerfile_reader_joins_continued_lines_and_reads_both_forms() -> None:
    steps = instructions(
        'FROM x\n# a comment\nRUN a \\\n && b\nCOPY ["a b", "c", "/d/"]\nCOPY --chown=1 e f\n'
    )
    assert [s.name for s in steps] == ["FROM", "RUN", "COPY", "COPY"]
    assert steps[1].args == "a   && b"
    assert copies(steps) == [Copy(("a b", "c"), "/d/", False), Copy(("e",), "f", False)]
    assert ignored("data/x.sqlite3", ["data"]) and ignored("bot/__pycache__", ["**/__pycache__"])
    assert not ignored("tile_images", ["data", "tests"])


def test_every_copy_and_add_source_of_the_dockerfile_is_in_the_build_context() -> None:
    sources = [source for copy in copies(DOCKERFILE) if not copy.from_stage for source in copy.sources]
    assert sources, "the Dockerfile copies nothing"
    missing = [source for source in sources if not list(ROOT.glob(source))]
    assert missing == [], f"COPY/ADD sources that do not exist: {missing}"
    excluded = [source for source in sources if ignored(source, DOCKERIGNORE)]
    assert excluded == [], f"COPY/ADD sources .dockerignore leaves out of the build context: {excluded}"


def python_of_image() -> str:
    [base] = [step.args.split()[0] for step in DOCKERFILE if step.name == "FROM"]
    match = re.fullmatch(r"python:(\d+\.\d+)[.\w-]*", base)
    assert match, f"the image is not built FROM an official python image: {base}"
    return match[1]


def test_the_image_runs_the_entry_point_on_a_python_pyproject_accepts() -> None:
    requires = SpecifierSet(PYPROJECT["project"]["requires-python"])
    assert f"{python_of_image()}.0" in requires, (python_of_image(), str(requires))
    [entry] = [words(step.args) for step in DOCKERFILE if step.name == "ENTRYPOINT"]
    [command] = [words(step.args) for step in DOCKERFILE if step.name == "CMD"]
    assert entry[0] in PYPROJECT["project"]["scripts"] and command == ["run"]
    assert any(
        step.name == "RUN" and "pip install" in step.args and " . " in f"{step.args} " for step in DOCKERFILE
    )


def build_stage_context(into: Path) -> Path:
    """/app as the image has it before `pip install .`: every COPY into the working directory, replayed."""
    workdir = PurePosixPath("/")
    app = into / "app"
    for step in DOCKERFILE:
        if step.name == "WORKDIR":
            workdir = workdir / step.args
        if step.name == "RUN" and "pip install" in step.args:
            return app
        if step.name not in ("COPY", "ADD"):
            continue
        [copy] = copies([step])
        target = (workdir / copy.destination).relative_to("/app")
        for source in copy.sources:
            for found in ROOT.glob(source):
                destination = app / target / found.name if copy.destination.endswith("/") else app / target
                if found.is_dir():
                    shutil.copytree(
                        found, destination, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
                    )
                else:
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(found, destination)
    raise AssertionError("the Dockerfile never runs `pip install .`")


def package_data_files(wheel_names: set[str]) -> dict[str, list[str]]:
    """Each package-data pattern of pyproject for a named package -> the wheel's files it matches."""
    matched = {}
    for package, patterns in PYPROJECT["tool"]["setuptools"]["package-data"].items():
        if package == "*":
            continue
        for pattern in patterns:
            full = f"{package.replace('.', '/')}/{pattern}"
            matched[full] = [name for name in wheel_names if fnmatch.fnmatch(name, full)]
    return matched


def test_what_the_image_copies_installs_as_pyproject_declares(tmp_path: Path) -> None:
    require_module("build")
    app = build_stage_context(tmp_path)
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(tmp_path / "dist"),
            str(app),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = zipfile.ZipFile(next((tmp_path / "dist").glob("*.whl")))
    names = set(wheel.namelist())
    assert {name for name, files in package_data_files(names).items() if not files} == set()
    faces = {
        f"tile_images/{size}/{face}.png"
        for size in (*(s.name for s in SIZES), "emoji")
        for face in face_names()
    }
    assert faces <= names, sorted(faces - names)[:5]
    [info] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    scripts = configparser.ConfigParser()
    scripts.read_string(wheel.read(info).decode())
    assert dict(scripts["console_scripts"]) == PYPROJECT["project"]["scripts"]
    [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
    assert f"Requires-Python: {PYPROJECT['project']['requires-python']}" in wheel.read(metadata).decode()


def docker_daemon() -> str:
    """The docker command when a daemon answers it; otherwise the test says why in its skip reason."""
    docker = shutil.which("docker")
    if docker is None:
        unavailable("no docker command here: the image itself was not built", required_under_ci=False)
    info = subprocess.run([docker, "info", "--format", "{{.ServerVersion}}"], capture_output=True, text=True)
    if info.returncode != 0:
        reason = " ".join((info.stderr or info.stdout).split())[:200]
        unavailable(
            f"no docker daemon answers here ({reason}): the image itself was not built",
            required_under_ci=False,
        )
    return docker


def test_the_image_builds_and_runs_the_installed_bot() -> None:
    docker = docker_daemon()
    tag = "mahjong-bot:deploy-test"
    built = subprocess.run(
        [docker, "build", "-t", tag, str(ROOT)], capture_output=True, text=True, timeout=1800
    )
    assert built.returncode == 0, built.stderr[-3000:]
    probe = (
        "import sys, bot.render.geometry as g, bot.cli; "
        "print(sys.version_info[:2], g.TILE_IMAGES_DIR, len(list(g.TILE_IMAGES_DIR.glob('*/*.png'))))"
    )
    inside = subprocess.run(
        [docker, "run", "--rm", "--entrypoint", "python", tag, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert inside.returncode == 0, inside.stderr[-2000:]
    version, folder, count = inside.stdout.rsplit(None, 2)
    assert version.replace(" ", "") == f"({python_of_image().replace('.', ',')})"
    assert "site-packages/tile_images" in folder and int(count) == 3 * len(face_names())
    no_token = subprocess.run([docker, "run", "--rm", tag], capture_output=True, text=True, timeout=120)
    assert (
        no_token.returncode == 2 and "DISCORD_TOKEN" in no_token.stderr and "Traceback" not in no_token.stderr
    )


@pytest.mark.parametrize(("ci", "warned"), [("", False), ("TRUE", True), ("true", True), ("false", False)])
def test_without_a_daemon_the_image_test_skips_saying_why_and_warns_under_ci(
    monkeypatch: pytest.MonkeyPatch, ci: str, warned: bool
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setenv("CI", ci)
    with (
        warnings.catch_warnings(record=True) as caught,
        pytest.raises(pytest.skip.Exception, match="no docker"),
    ):
        warnings.simplefilter("always")
        docker_daemon()
    assert [str(w.message) for w in caught if issubclass(w.category, NotTestedUnderCI)] == (
        ["not tested under CI: no docker command here: the image itself was not built"] if warned else []
    )
