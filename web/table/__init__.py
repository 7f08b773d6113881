"""The table's course: the game dealt and played, the computer's turns, the start, the
commands and the effects carried out.
"""
