"""The draughts wing of play: what a game of the draughts family needs on the board besides the
generic session, seats, hands, scene and lights (``docs/code-overview.md``)."""
