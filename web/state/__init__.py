"""The table's state: the model and ``update``, the table's facts, the player's settings,
seats and names.
"""
