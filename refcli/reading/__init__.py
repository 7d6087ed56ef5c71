"""From bytes to a described document: files and standard input, TOML and JSON, KEY=VALUE items, located errors.

``documents`` reads a file into a ``Document``; ``formats`` describes every input once and checks a document
against its description; the rest locate a key's line, explain tomllib's errors, and read names and tables.
"""
