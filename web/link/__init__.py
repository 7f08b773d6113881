"""Two devices, one table: the protocol between a host's engine and its guests' devices.

Pure Python, no page: ``wire`` (the versioned JSON messages and their checks),
``fair_deck`` (commit-then-reveal of each deal's shuffle), ``link_host`` (the host's
session, the only authority) and ``link_guest`` (a guest's session). The transport (WebRTC
data channels) lives in the shell's JavaScript; these modules only read and write text.
"""
