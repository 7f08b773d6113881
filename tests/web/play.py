"""Kept for tests that import `tests.web.play`: the fake page is tests/support/fake_page.py."""

from fake_page import RecordingPage, new_app, play_through

__all__ = ["RecordingPage", "new_app", "play_through"]
