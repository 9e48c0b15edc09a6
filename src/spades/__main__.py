"""``python -m spades``: the command line, as the ``spades`` console script."""

import sys

from spades._cli import main

if __name__ == "__main__":
    sys.exit(main())
