"""The browser: the page's door, the DOM, the device, the tabs, sound and the runtime. The
only package that touches the page.
"""
