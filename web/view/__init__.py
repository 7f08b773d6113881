"""What the table looks like: the view built from the state, and the HTML of the table's
regions and screens.
"""
