"""Entry script of the frozen app: exactly the `veil` CLI (serve, tray, eval, ...)."""

import multiprocessing
import sys

from proxy.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
