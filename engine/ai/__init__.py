"""The AI: three levels for every variant, from the observation alone.

- ``world``: rebuilds, from one seat's observation (its log), full ``Deal``
  states consistent with everything that seat has seen (determinization).
- ``policy``: a fast rule-based policy on a full deal, for rollouts.
- ``solver``: exact alpha-beta of the end phase (perfect information).
- ``search``: Perfect-Information Monte Carlo over sampled worlds, truncated
  rollouts with a held-cards leaf value, the solver once the stock is empty.
- ``levels``: ``easy``, ``normal`` (rules + card counting), ``strong``
  (search), ``hint(obs)``; ``vido``: bezik vido from the chance to win.
- ``bench``: speed figures for ``python -m engine bench``.

The levels are registered in ``engine.players.PLAYERS``.
"""
