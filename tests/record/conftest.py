"""Make the records tests' helpers (record factory, GNU Backgammon reader) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
