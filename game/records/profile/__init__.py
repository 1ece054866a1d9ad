"""The player's profile: one SQLite database holding the settings and the game in progress.

The database lives in the platform's user data folder (``platformdirs``) unless a folder is
given. Its schema is versioned with ``PRAGMA user_version`` and migrates forward one step at a
time (:data:`MIGRATIONS`): v1 settings and the saved game slots, v2 the history of finished
games (``games``, read by the statistics), v3 the daily challenge's results and pars, v4 abandoned
games and each seat's level, v5 the score sheet's players, sheets and hands. Every write is one
transaction.

Only a file that is not a profile (not an SQLite database, or one that fails its integrity
check) is renamed aside, never deleted, and a fresh profile started; the reason is in
:attr:`Profile.notice`. Trouble writing (a full or read-only disk, no permission, no home
folder) or a profile of a newer version leaves every file as it is: the profile is then held
in memory (a copy of the file when it can be read) and :attr:`Profile.unsaved` says why, for
the window to say that this game is played without saving. A write that fails later raises
``sqlite3.Error`` with nothing half-written (:func:`write_problem` says what it means).

Values are stored as JSON text, so settings and saved games are plain data.

The parts: :mod:`.connection` (the file, its pragmas), :mod:`.migrations` (the schema),
:mod:`.problems` (what can go wrong), :mod:`.opening` (:class:`Profile`, which opens it) and one
store per group of tables: :mod:`.settings`, :mod:`.saved_games`, :mod:`.history`,
:mod:`.daily`, :mod:`.sheets`.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> profile = Profile.open(folder)
>>> profile.set_setting("language", "fr")
>>> Profile.open(folder).setting("language")
'fr'
"""

from game.records.profile.daily import DailyResult
from game.records.profile.history import (
    ABANDONED,
    FINISHED,
    ONLINE,
    OUTCOMES,
    FinishedGame,
    HistoryReader,
)
from game.records.profile.migrations import MIGRATIONS, SCHEMA_VERSION
from game.records.profile.opening import APP_NAME, PROFILE_FILE, Profile, default_folder
from game.records.profile.problems import (
    CannotWrite,
    NewerProfile,
    Trouble,
    UnreadableProfile,
    WriteProblem,
    write_problem,
)
from game.records.profile.saved_games import CURRENT_GAME, DAILY_GAME
from game.records.profile.sheets import SheetPlayer, StoredSheet

__all__ = [
    "ABANDONED",
    "APP_NAME",
    "CURRENT_GAME",
    "DAILY_GAME",
    "FINISHED",
    "MIGRATIONS",
    "ONLINE",
    "OUTCOMES",
    "PROFILE_FILE",
    "SCHEMA_VERSION",
    "CannotWrite",
    "DailyResult",
    "FinishedGame",
    "HistoryReader",
    "NewerProfile",
    "Profile",
    "SheetPlayer",
    "StoredSheet",
    "Trouble",
    "UnreadableProfile",
    "WriteProblem",
    "default_folder",
    "write_problem",
]
