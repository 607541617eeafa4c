"""What the board shows, and what it means: the pure middle of play on the board.

No I/O here (the link, the terminal and the logs are in :mod:`tablier.play`):

- :mod:`.observation`: closed switches -> men per place, buttons, the face up, through the layout;
- :mod:`.orientation`: where each side's points lie on the wooden board (home table right or left);
- :mod:`.tables_inference`: a tables turn matched against what legal play can reach;
- :mod:`.draughts_inference`: a draughts move matched against the legal moves' results;
- :mod:`.guidance`: from a wrong board back to a legal one, one man at a time;
- :mod:`.setup`: checking the men against a game's start, either way round;
- :mod:`.sensor_health`: dead, stuck and chattering switches, suspected from the readings and masked;
- :mod:`.leds`: the LED plan (per LED colour and mode) and its vocabulary (``docs/leds.md``).
"""
