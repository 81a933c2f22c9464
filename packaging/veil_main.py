"""Entry script of the frozen app: exactly the `veil` CLI (serve, tray, eval, ...).

The bundle ships GLiNER's ONNX export in `gliner-onnx/` (packaging/veil.spec), which the
detector finds through VEIL_GLINER_PREBUILT (local_models/gliner_runtime.py); a value set outside wins.
"""

import multiprocessing
import os
import sys

if getattr(sys, "frozen", False) and getattr(sys, "_MEIPASS", None):
    os.environ.setdefault("VEIL_GLINER_PREBUILT", os.path.join(sys._MEIPASS, "gliner-onnx"))

from proxy.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
