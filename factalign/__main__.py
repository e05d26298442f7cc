import sys

from factalign.cli import main

sys.exit(main())
