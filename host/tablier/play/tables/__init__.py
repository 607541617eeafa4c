"""The tables wing of play: what a game of the tables family needs on the board besides the generic
session, seats, hands, scene and lights (``docs/code-overview.md``)."""
