"""A test mjai bot that writes one endless line, without a newline, to the stream named by its first
argument: ``stdout`` (instead of any answer) or ``stderr`` (while it discards what it draws)."""

import runpy
import sys
import threading
from pathlib import Path
from typing import TextIO

chunk = "x" * 65536


def write_forever(stream: TextIO) -> None:
    while True:
        stream.write(chunk)


if sys.argv[1] == "stdout":
    write_forever(sys.stdout)
else:
    threading.Thread(target=write_forever, args=(sys.stderr,), daemon=True).start()
    runpy.run_path(str(Path(__file__).with_name("tsumogiri.py")), run_name="__main__")
