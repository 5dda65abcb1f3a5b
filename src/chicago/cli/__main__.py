"""`python -m chicago.cli`: the `chicago` command."""

import sys

from chicago.cli import main

sys.exit(main())
