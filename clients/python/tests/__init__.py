"""The client's tests. They import the package from ../src, so no install is needed to run them."""

import sys
from pathlib import Path

_SOURCE = str(Path(__file__).resolve().parent.parent / "src")
if _SOURCE not in sys.path:
    sys.path.insert(0, _SOURCE)
