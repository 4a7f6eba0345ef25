"""Piken: a climbing game for 3 players with poker combinations (``spec/piken.md``)."""

from .rules import Piken
from .state import PikenState

__all__ = ["Piken", "PikenState"]
