"""The runtime (web/platform/runtime.py): tasks and timers on the tests' own clock, and one render
per event however many features ask for one."""

from __future__ import annotations

import asyncio
from collections.abc import Generator

import pytest
from fake_page import computer_plays, manual, new_app, started_app

from web.platform.runtime import Frames, ManualRuntime
from web.state.table_state import ComputerStarted


# ------------------------------------------------------------ ManualRuntime
def test_a_task_runs_at_once_until_it_waits_then_when_the_clock_says() -> None:
    runtime = ManualRuntime()
    seen: list[str] = []

    async def task(name: str, seconds: float) -> None:
        seen.append(f"{name} starts")
        await asyncio.sleep(0)  # the AI runner's yield: no wait at all
        await runtime.sleep(seconds)
        seen.append(f"{name} at {runtime.now()}")

    runtime.spawn(task("late", 2.0))
    runtime.spawn(task("soon", 0.5))
    assert seen == ["late starts", "soon starts"] and runtime.pending == 2
    runtime.advance(1.0)
    assert seen[-1] == "soon at 0.5" and runtime.now() == 1.0 and runtime.pending == 1
    runtime.advance(0.5)
    assert seen[-1] == "soon at 0.5"  # not yet
    runtime.run_until_idle()
    assert seen[-1] == "late at 2.0" and runtime.pending == 0


def test_a_task_that_never_ends_is_an_error_not_a_hang() -> None:
    runtime = ManualRuntime()

    async def forever() -> None:
        while True:
            await runtime.sleep(5.0)

    runtime.spawn(forever())
    with pytest.raises(RuntimeError, match="still waiting"):
        runtime.run_until_idle(limit=50)
    assert runtime.now() == 250.0


def test_a_task_waiting_on_something_else_is_refused() -> None:
    runtime = ManualRuntime()

    class Elsewhere:
        """What an asyncio future yields: something only the page's loop would run."""

        def __await__(self) -> Generator[str, None, None]:
            yield "a future"

    async def odd() -> None:
        await Elsewhere()

    with pytest.raises(TypeError, match=r"not on runtime\.sleep"):
        runtime.spawn(odd())


# ------------------------------------------------------------ Frames
def test_renders_asked_for_during_an_event_become_one() -> None:
    painted: list[int] = []
    frames = Frames(lambda: painted.append(1))
    frames.request()  # outside an event: at once
    assert len(painted) == 1
    with frames.event():
        frames.request()
        with frames.event():  # an event inside another (a task started by a click)
            frames.request()
        frames.request()
        assert len(painted) == 1
    assert len(painted) == 2 and frames.painted == 2
    with frames.event():
        pass  # nothing asked: nothing done
    assert frames.painted == 2


# ------------------------------------------------------------ the table
def clicks(app: object, *taps: tuple[str | None, str | None]) -> list[int]:
    """The renders each tap (action, command) made, through the page's entry point."""
    counts = []
    for action, command in taps:
        before = app.frames.painted  # type: ignore[attr-defined]
        app.commands.on_click(action, command, None)  # type: ignore[attr-defined]
        counts.append(app.frames.painted - before)  # type: ignore[attr-defined]
    return counts


def test_each_screen_command_renders_once() -> None:
    app, dom = started_app()
    taps = [
        (None, "play"),
        (None, "menu"),
        (None, "settings"),
        (None, "close"),
        (None, "log"),
        (None, "log"),
        (None, "menu"),
        (None, "rules"),
        (None, "close"),
        (None, "new-game"),
        (None, "close"),
    ]
    assert clicks(app, *taps) == [1] * len(taps)
    assert app.model.overlay is None and "data-card" in dom.regions["bz-me"]


def test_a_card_played_renders_once_then_once_per_step_of_the_computer() -> None:
    app, dom = new_app(seed=5, dealer="you")
    runtime = manual(app)
    computer_plays(app, start=True)
    for _ in range(6):
        assert app.game.current_player == app.model.table.human
        action = app.game.legal_actions()[0].text()
        assert clicks(app, (action, None)) == [1]
        while app.model.table.busy:
            before = app.frames.painted
            assert runtime.step()
            assert app.frames.painted - before <= 1
    assert "data-card" in dom.regions["bz-me"]


def test_a_refused_card_renders_once_with_its_reason() -> None:
    app, _ = new_app(seed=5, dealer="you")
    computer_plays(app, start=True)
    app.dispatch(ComputerStarted())  # the computer's turn under way: not yours
    assert clicks(app, ("play QS", None)) == [1]
    assert app.model.notice is not None and app.model.notice[0] == "error.rule.not_your_turn"


def test_the_hint_is_asked_and_shown_in_one_event_in_the_tests_runtime() -> None:
    app, dom = new_app(seed=5, dealer="you")
    computer_plays(app, start=True)
    assert clicks(app, (None, "hint")) == [1]
    assert "data-hint" in dom.regions["bz-notice"] and app.model.hint and app.model.hint[0]


def test_the_focus_moves_into_what_the_events_render_drew() -> None:
    """A screen's focus lands in the screen: after the page shows it, not before."""
    app, dom = started_app()
    order: list[str] = []
    patch, focus = dom.patch_all, dom.focus_first

    def patching(regions: dict[str, str], table_players: int, **cover: bool) -> None:
        order.append("patch")
        patch(regions, table_players, **cover)

    def focusing(selector: str) -> None:
        order.append(f"focus {selector}" if "menu-list" in dom.regions["bz-overlay"] else "lost")
        focus(selector)

    dom.patch_all = patching  # type: ignore[method-assign]
    dom.focus_first = focusing  # type: ignore[method-assign]
    app.commands.on_click(None, "play", None)
    order.clear()
    app.commands.on_click(None, "menu", None)
    assert order == ["patch", "focus #bz-overlay .menu-list .btn"]
