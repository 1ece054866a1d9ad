"""The game's sound effects, which fall silent (never crash) on a machine without audio.

    sounds = Sound()
    sounds.init()         # False, and one log line, when there is no audio device
    sounds.play(CARD)     # does nothing when muted or without audio
    sounds.muted = True   # the settings switch

The .wav files are made by ``tools/make_sounds.py`` and live in ``assets/sounds``.
"""

from __future__ import annotations

import logging
from typing import Final

import pygame

from scenes.core import assets

CARD: Final = "card"
"""A card is played."""
TRICK: Final = "trick"
"""A trick is gathered by its winner."""
HEARTS_BROKEN: Final = "hearts_broken"
"""The first heart falls on a trick."""
QUEEN: Final = "queen"
"""Someone takes the queen of spades."""
MOON: Final = "moon"
"""Someone shoots the moon."""
SOUND_NAMES: Final = (CARD, TRICK, HEARTS_BROKEN, QUEEN, MOON)

log = logging.getLogger(__name__)


class Sound:
    """Plays the named effects. Call :meth:`init` once (after ``pygame.init()`` is fine).

    Without an audio device, or with a sound file missing, it logs one line and stays silent.
    """

    def __init__(self, muted: bool = False) -> None:
        self._muted = muted
        self._available = False
        self._broken: set[str] = set()

    def init(self) -> bool:
        """Open the audio device; True when sound can be heard, False (silently) otherwise."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self._available = bool(pygame.mixer.get_init())
        except Exception as error:  # pygame.error, or anything an odd audio driver throws
            log.info("sound is off: no audio device (%s)", error)
            self._available = False
        return self._available

    @property
    def available(self) -> bool:
        """True when an audio device is open."""
        return self._available

    @property
    def muted(self) -> bool:
        """True when the player turned sound off (settings); playing then does nothing."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self._available:
            pygame.mixer.stop()

    def play(self, name: str) -> None:
        """Play one of :data:`SOUND_NAMES`; nothing happens when muted or without audio."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}: use one of {', '.join(SOUND_NAMES)}")
        if self._muted or not self._available or name in self._broken:
            return
        try:
            assets.sound(name).play()
        except (assets.AssetMissing, pygame.error) as error:
            self._broken.add(name)  # say it once, then stay quiet for this sound
            log.warning("cannot play sound %r: %s", name, error)
