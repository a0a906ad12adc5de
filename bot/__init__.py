"""A mahjong referee that lives in Discord."""

__version__ = "0.1.0"
