"""``python -m refcli`` runs the same program as the ``refcli`` script."""

from refcli.cli.start import program

if __name__ == "__main__":
    program()
