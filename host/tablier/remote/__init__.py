"""Board-to-board play's wire: what two Tablier hosts say to each other through an MQTT broker.

One module per idea, none of them knowing the game being played: :mod:`.gamecode` (the code two
players share, and the game's topic and key derived from it), :mod:`.signing` (every message
authenticated with that key), :mod:`.messages` (the messages and their validation), :mod:`.fairdice`
(dice neither side can bias: each side's share committed before it is revealed), :mod:`.peer` (the
sequence numbers, acknowledgements, duplicates and resends that make a dropped link lose and double
nothing), :mod:`.broker` (where the broker is and how to log in) and :mod:`.transport` (the MQTT client).
The seat that plays the adversary's moves on the local board is :mod:`tablier.play.remote_seat`.
"""
