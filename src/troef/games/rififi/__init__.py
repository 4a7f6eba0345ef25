"""Rififi: an Oh-Hell game for 3 to 6 players (``spec/rififi.md``)."""

from .rules import Rififi
from .state import RififiState

__all__ = ["Rififi", "RififiState"]
