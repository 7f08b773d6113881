"""The records screens and what they keep: undo, score sheet, statistics, history and
replays.
"""
