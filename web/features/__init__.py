"""Features over the table: the guided deal, the daily deal, the review after a deal, hints
and taking a move back.
"""
