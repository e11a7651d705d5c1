"""``python -m game.server``: the same as ``landgrab-server``."""

import sys

from game.server.cli import main

sys.exit(main())
