"""Game records: the raw event log written during play on the board (:mod:`.eventlog`).

Records are I/O at the edge: nothing in the rules cores imports this package.
"""
