"""Golden playthroughs: every seat's and the spectator's view at every step of one fixed-seed round per
game x preset x player count (OpenSpiel's playthroughs).  The browser client and the RL encoders depend
on these views; `tests/test_playthroughs.py` fails when a view changes and the files were not
regenerated with ``python -m tests.playthroughs.regenerate``.  The file format is in `golden.py`."""
