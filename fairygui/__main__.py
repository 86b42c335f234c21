"""``python -m fairygui``: the same entry point as the ``fairygui`` command."""

from __future__ import annotations

import sys

from fairygui.app import main

sys.exit(main())
