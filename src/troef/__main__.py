"""``python -m troef``: the ``troef`` command."""

from .interfaces.cli.main import main

if __name__ == "__main__":
    main()
