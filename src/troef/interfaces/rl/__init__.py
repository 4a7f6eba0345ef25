"""Adapters for reinforcement-learning toolkits (an interface, like ``cli`` and ``web``): observation
encoders and action indices (`troef.interfaces.rl.encode`, `troef.interfaces.rl.actions`), PettingZoo
environments (`troef.interfaces.rl.pettingzoo`) and OpenSpiel games (`troef.interfaces.rl.openspiel`).  Only
this package imports numpy, PettingZoo, gymnasium and OpenSpiel: ``pip install 'troef[rl]'`` (and
``open_spiel`` for OpenSpiel). ``docs/rl.md`` documents every feature."""
