"""What the table's code imports before the first card: none of the AI's search.

Why: a first visit boots Python without its snapshot, and every module imported before the
table is read and run while the player waits; the AI's modules come after the table shows
(web.launch.prewarm). A module-level import of the AI anywhere on the app's import path (the
daily deal's once put it there) would undo that without any other test noticing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_imports_no_ai_module_until_the_table_shows() -> None:
    probe = ("import json, sys, web.app\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine.ai'))))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out) == []
    from web.launch import AI_MODULES

    assert "engine.ai.strong_level" in AI_MODULES  # prewarm imports them after the table
