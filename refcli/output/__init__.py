"""Putting a report in front of someone: text on a terminal or a pipe, JSON, TOML, CSV, the pager, safe files."""
