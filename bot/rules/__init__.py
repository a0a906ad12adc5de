"""Rule sets: tile sets, flow hooks, scoring and payments, one package per rule set."""
