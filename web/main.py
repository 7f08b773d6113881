"""PyScript entry point: start the table (the real work is in web.app)."""

import asyncio

from web.launch import main

BOOT = asyncio.ensure_future(main())  # noqa: RUF006 - kept by this module global
