"""A test mjai bot that floods its standard output with lines nobody asked for, without reading."""

import sys

lines = '{"type":"none"}\n' * 4096
while True:
    sys.stdout.write(lines)
