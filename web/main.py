"""PyScript entry point: start the table (the real work is in web.app)."""

import asyncio

from web.app import main

asyncio.ensure_future(main())
