"""Landgrab: Oregon, Colorado County and Oasis at one screen."""

from pathlib import Path

__version__ = "0.1.0"

# Data folders (maps/, sprites/, sounds/) sit beside the package in the project tree;
# they are found from here, never from the working directory.
PROJECT_ROOT = Path(__file__).resolve().parent.parent
