"""``python -m refcli`` runs the same program as the ``refcli`` script."""

from refcli.cli.app import main

if __name__ == "__main__":
    main()
