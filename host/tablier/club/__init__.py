"""A club's boards on one page and in one archive (``docs/club.md``).

Each board that plays publishes to the club's topics on its MQTT broker (:mod:`.feed`): what its
screen shows (the scene), whether it is online, and its match's record as it grows. ``tablier club
serve`` (:mod:`.hall`) follows every board of the club, draws the grid of boards on one live page,
keeps each match's live transcript (GNU Backgammon's ``.mat``) and stores each finished match in the
club's archive (SQLite or PostgreSQL). Every message is signed with the club's key and checked on
receipt (:mod:`.messages`).
"""
