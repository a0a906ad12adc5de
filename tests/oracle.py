"""Where the oracle data lives (../shared/oracle), and the CI rule for a missing folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
ORACLE_DIR = PROJECT_ROOT.parent / "shared" / "oracle"


def oracle_path(*parts: str) -> Path:
    """Path inside ../shared/oracle.  Absent: skip with the reason outside CI, fail under CI=true."""
    path = ORACLE_DIR.joinpath(*parts)
    if not path.exists():
        message = f"oracle data missing: {path}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (required under CI=true)")
        pytest.skip(message)
    return path
