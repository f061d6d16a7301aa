"""``python -m reverie``: the same as the ``reverie`` command."""

from reverie.cli import main

if __name__ == "__main__":
    main()
