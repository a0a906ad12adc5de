"""Game records: Tenhou mjlog XML and tenhou.net/6 JSON, read into the engine's decisions."""
