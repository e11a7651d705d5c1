"""The Online screens: the menu (host, join, my online games), joining by address and
table code, hosting (seats with remote players, table settings, on this computer or on a
server, then the code to share) and the list of the tables this client sits at."""
