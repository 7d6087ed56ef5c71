"""Thin typer commands: parse arguments, call an engine, render, exit.

Heavy imports (rich, the engines, the catalogue) happen inside the command
functions so ``--help``, completion and quick queries stay fast.
"""
