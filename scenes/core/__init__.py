"""The window's machinery: the loop, the command line, the services (small Protocols the screens
depend on), the scene stack, i18n, assets, text, sound, the worker, preferences and the save
notice.

May import ``game`` and ``scenes.core``; the app's start-up (``scenes.core.app``) excepted, which
builds every screen: the other folders know it only through :mod:`scenes.core.services`.
"""
