"""Where the oracle data lives (../shared/oracle), and the CI rule for a missing folder."""

from __future__ import annotations

from pathlib import Path

from tests.ci import unavailable

PROJECT_ROOT = Path(__file__).resolve().parents[1]
ORACLE_DIR = PROJECT_ROOT.parent / "shared" / "oracle"


def oracle_path(*parts: str) -> Path:
    """Path inside ../shared/oracle.  Absent: skip with the reason outside CI, fail under CI=true."""
    path = ORACLE_DIR.joinpath(*parts)
    if not path.exists():
        unavailable(f"oracle data missing: {path}")
    return path
