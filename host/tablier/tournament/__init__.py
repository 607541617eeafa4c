"""A club evening run by its boards (``docs/club-evening.md``): the pure parts.

- :mod:`.clock`: the match clock as the rules say (the USBGF's and the UK's delay and reserve, the
  printed Checker Laws' time per move), started when a turn begins and stopped when the board sees
  the play complete; its state is plain data a log record carries (:mod:`.clock_log`).
- :mod:`.ratings`: FIBS's formula for the tables games and an Elo list for draughts, per game family
  and per variant, recomputed from the archive's stored matches alone.
- :mod:`.pairings`: Swiss rounds by the Dutch system (through the ``pairing-core`` library) and
  round-robin rounds from the Berger tables.
- :mod:`.event`: the tournament itself: players, rounds, boards, results, and its state as JSON so
  an evening resumes after a crash; :mod:`.standings`: the standings with their tie-breaks and the
  exports (CSV).

Nothing here plays, draws, listens or opens a port: the play wings, ``tablier club`` and the club's
page call these modules and do the I/O.
"""
