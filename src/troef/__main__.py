"""``python -m troef``: the ``troef`` command."""

from .cli.main import main

if __name__ == "__main__":
    main()
