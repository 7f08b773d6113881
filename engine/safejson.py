"""JSON from outside (records, saves, options) parsed without crashing the interpreter.

Why: ``json.loads`` recurses once per nesting level, so a few thousand ``[`` end in a
RecursionError under CPython and kill Pyodide outright ("Maximum call stack size
exceeded"); integers of more than 4,300 digits raise a bare ValueError; NaN and
Infinity are not JSON. Here the nesting depth is measured first, without recursion,
and every failure is a RecordError with a short reason.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import RecordError

MAX_DEPTH = 64  # records and saves nest about 6 deep
MAX_INT_DIGITS = 40  # no number in a record or save comes near this
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of JSON text (brackets inside strings not counted)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"a number of {len(text)} digits")
    return int(text)


def _constant(name: str) -> Any:
    raise RecordError(f"{name} is not JSON")


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; RecordError if it is not JSON, nests too deep or holds huge numbers."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"not UTF-8 text: {err.reason} at byte {err.start}") from None
    if nesting_depth(text) > max_depth:
        raise RecordError(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError
        raise RecordError(f"not JSON: {err}") from None
