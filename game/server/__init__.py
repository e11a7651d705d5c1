"""The online server (``landgrab-server``): authoritative tables over WebSocket, many at
once, kept in a store (``store``), with bots that play on the server.  No pygame here.

``app`` runs the connections, ``handlers`` answers each kind of message, ``tables`` is one
live table (the game, its log, who looks at it), ``bots`` the bots' decisions off the event
loop, ``peer`` one connection, ``cli`` the command line.  The protocol is ``game.net``'s.
"""
