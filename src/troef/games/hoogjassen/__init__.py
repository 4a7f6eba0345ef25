"""Hoogjassen: the Brabant Jass game, one declarer against the rest (``spec/hoogjassen.md``)."""

from .rules import Hoogjassen
from .state import HoogjassenState

__all__ = ["Hoogjassen", "HoogjassenState"]
