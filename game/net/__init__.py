"""Online play, both ends: the protocol (``protocol``: messages, versions, what crosses the
wire) and the client's connection (``client``).  No pygame here: the game client polls a
connection from its frame loop, the server (``game.server``) speaks the same protocol.
"""
