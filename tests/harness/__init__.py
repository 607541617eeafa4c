"""Test support: a fault-injecting relay between the simulated board's firmware and the host.

:mod:`.faults` decides, from a seeded plan, what happens to each frame on the wire (dropped,
corrupted, duplicated, delayed, reordered, a stale one replayed); :mod:`.relay` runs it between the
firmware's pseudo-terminal and a pseudo-terminal of its own that the host opens, and pulls and
replugs that cable; :mod:`.games` plays whole games through it and compares their records with the
same games played without faults; :mod:`.results` writes the figures (``docs/reliability.md``).
"""
