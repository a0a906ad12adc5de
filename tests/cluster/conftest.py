"""The cluster tests start their own bot processes; the fake Discord is made per run (harness.py)."""
