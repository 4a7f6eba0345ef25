"""The money of a Hoogjassen match (rule 6.5): the points at ``cents_per_ten``, and the pot: every
player's stake at the start, what each round's declarer puts in or takes out, and the share of what is
left when the match ends."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.game import Money, Result


def match_money(
    results: Sequence[Result],
    first_dealer: int,
    over: bool,
    players: int,
    cents_per_ten: int,
    stake: int,
) -> Money:
    """Each player's money in cents after the rounds ``results`` (the unfinished ones count nothing).
    ``stake``: the pot's stake in cents, 0 without a pot.  A round's ``details.pot`` is the stakes its
    declarer puts in (or, negative, takes out: at most what the pot holds); when the match is ``over``
    the pot is shared equally, the odd cents to the players in seat order from the first dealer's
    left."""
    points = [0] * players
    pot = stake * players
    paid = [-stake] * players
    for result in results:
        if not result.get("over"):
            continue
        points = [p + s for p, s in zip(points, result["scores"], strict=True)]
        change = int(result.get("details", {}).get("pot", 0)) * stake
        if change:
            cents = change if change > 0 else -min(-change, pot)
            pot += cents
            paid[result["details"]["declarer"]] -= cents
    # a round's scores are multiples of ten (bids, roem and rounded points are), so the cents are whole
    money = [p * cents_per_ten // 10 + q for p, q in zip(points, paid, strict=True)]
    shared = pot if over else 0
    if shared:
        each, odd = divmod(shared, players)
        for k in range(players):
            money[(first_dealer + 1 + k) % players] += each + (k < odd)
        pot = 0
    return Money(tuple(money), pot, shared)
