"""A test mjai bot that never reads its standard input and never answers.  Its first argument is how
many seconds it lives (so a test of the old, blocking writer ends some day); with a second, its input
pipe is shrunk to that many bytes (Linux: a page at least), so that it is full after a few messages."""

import fcntl
import sys
import time

if len(sys.argv) > 2:
    fcntl.fcntl(sys.stdin.fileno(), fcntl.F_SETPIPE_SZ, int(sys.argv[2]))
time.sleep(float(sys.argv[1]))
