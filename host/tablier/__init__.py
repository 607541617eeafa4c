"""Tablier: the host software of the instrumented tables and draughts board.

The package is built like python-chess: small pure cores (``tablier.tables`` for the games of the
tables board, ``tablier.draughts`` for the draughts side) that know positions, moves and legal
move generation, and I/O at the edges (``tablier.link`` for the board's serial link,
``tablier.record`` for game records, ``tablier.cli`` for the command line).
"""

__version__ = "0.1.0"
