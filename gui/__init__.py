"""Veil's desktop app: tray icon and window over an in-process proxy.

Depends on `proxy` and `local_models` (never the reverse); Qt is imported only
here, so the proxy and its CLI run on machines without a display.
"""
