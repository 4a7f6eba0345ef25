"""The ``troef`` command: replay records, list games and play in the terminal."""
