"""The window's machinery: the loop, the command line, the services, the scene stack, i18n,
assets, sound, the worker, preferences and the save notice.

May import ``game``; of ``scenes`` only ``scenes.core`` (the app's start-up excepted, which
builds every screen).
"""
