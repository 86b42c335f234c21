"""Shared test set-up: GUI tests run without a display; Hypothesis runs without deadlines."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's own variant folder ($XDG_CONFIG_HOME/fairychess/variants) is on the search path:
# point it at an empty folder so no test reads the files of whoever runs the suite.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="fairychess-test-config-")

from hypothesis import settings  # noqa: E402

# No Hypothesis verdict may depend on the machine's speed (its default deadline fails an
# example that takes over 200 ms, as a loaded machine makes any), and runs are repeatable.
settings.register_profile("fairychess", deadline=None, derandomize=True)
settings.load_profile("fairychess")
