"""Sounds: small WAVs from the synthesiser, heard by SDL's disk driver, silent without audio.

Each audio check runs in its own Python process so SDL reads the driver variables afresh.
"""

from __future__ import annotations

import array
import os
import subprocess
import sys
import textwrap
import wave
from pathlib import Path

import pytest

from scenes.core import sound
from scenes.core.assets import asset_path

PROJECT = Path(__file__).resolve().parent.parent


def _samples(path: Path) -> array.array[int]:
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        data = array.array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


@pytest.mark.parametrize("name", sound.SOUND_NAMES)
def test_each_sound_is_a_small_audible_mono_wav(name: str) -> None:
    path = asset_path("sounds", f"{name}.wav")
    assert path.stat().st_size < 60_000
    samples = _samples(path)
    assert max(abs(s) for s in samples) > 10_000
    assert abs(samples[-1]) < 500  # faded out: no click at the end


def test_the_synthesiser_makes_the_committed_files(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(PROJECT / "tools" / "make_sounds.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for name in sound.SOUND_NAMES:
        made, committed = tmp_path / f"{name}.wav", asset_path("sounds", f"{name}.wav")
        assert made.read_bytes() == committed.read_bytes(), f"{name}: run tools/make_sounds.py"


def _run(script: str, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(PROJECT), **environment}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=PROJECT,
    )


def test_playing_writes_sound_to_the_disk_driver(tmp_path: Path) -> None:
    out = tmp_path / "audio.raw"
    result = _run(
        """
        import time, pygame
        from scenes.core.sound import Sound, QUEEN
        pygame.mixer.pre_init(22050, -16, 1, 512)
        sounds = Sound()
        assert sounds.init(), "the disk driver should open"
        sounds.play(QUEEN)
        time.sleep(1.2)
        pygame.mixer.quit()
        """,
        SDL_AUDIODRIVER="disk",
        SDL_DISKAUDIOFILE=str(out),
        SDL_DISKAUDIODELAY="1",
    )
    assert result.returncode == 0, result.stderr
    raw = array.array("h", out.read_bytes()[: len(out.read_bytes()) // 2 * 2])
    assert max(abs(s) for s in raw) > 5_000


def test_muted_writes_silence_to_the_disk_driver(tmp_path: Path) -> None:
    out = tmp_path / "audio.raw"
    result = _run(
        """
        import time, pygame
        from scenes.core.sound import Sound, QUEEN
        pygame.mixer.pre_init(22050, -16, 1, 512)
        sounds = Sound(muted=True)
        assert sounds.init() and sounds.muted
        sounds.play(QUEEN)
        time.sleep(0.5)
        pygame.mixer.quit()
        """,
        SDL_AUDIODRIVER="disk",
        SDL_DISKAUDIOFILE=str(out),
        SDL_DISKAUDIODELAY="1",
    )
    assert result.returncode == 0, result.stderr
    assert set(out.read_bytes()) <= {0}


def test_without_an_audio_device_play_is_silent_and_quiet() -> None:
    result = _run(
        """
        import logging, pygame
        logging.basicConfig(level=logging.INFO)
        from scenes.core.sound import Sound, SOUND_NAMES
        pygame.init()
        sounds = Sound()
        print("available", sounds.init(), sounds.available)
        for name in SOUND_NAMES:
            sounds.play(name)
        sounds.muted = True
        sounds.play(SOUND_NAMES[0])
        print("done")
        """,
        SDL_AUDIODRIVER="no_such_driver",
    )
    assert result.returncode == 0, result.stderr
    assert "available False False" in result.stdout and "done" in result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr.count("sound is off") == 1


def test_unknown_sound_name_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown sound 'clap'"):
        sound.Sound().play("clap")
