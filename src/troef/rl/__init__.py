"""Adapters for reinforcement-learning toolkits (an interface, like ``cli`` and ``web``): observation
encoders and action indices (`troef.rl.encode`, `troef.rl.actions`) and PettingZoo environments
(`troef.rl.pettingzoo`).  Only this package imports numpy, PettingZoo and gymnasium: ``pip install
'troef[rl]'``.  ``docs/rl.md`` documents every feature."""
