"""Learn to play: guided first games.  ``lesson`` holds the model (no pygame): a lesson is a
fixed deal and a list of steps, each one idea the coach explains and, for most, the move it
waits for.  Each game's own lesson lives in ``game/scenes/<game>/lesson.py``."""
