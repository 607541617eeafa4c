"""``python -m tablier`` runs the command line."""

import sys

from tablier.cli import main

sys.exit(main())
