"""Numbered schema migrations (NNNN_name.sql), applied in order, one transaction each."""
