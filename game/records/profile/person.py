"""What the computer players learned of the person's play (:class:`game.ai.person.PersonModel`),
kept in the ``settings`` table under :data:`PERSON_MODEL` as JSON.

A stored model that cannot be used (damaged, not a model, learned by another AI version) is
never thrown away: its text moves to a key of its own (``person_model.unreadable-<time>``) and
a fresh model starts; :meth:`PersonModelStore.person_model` returns the reason to say.

>>> import tempfile
>>> from game.records.profile import Profile
>>> profile = Profile.open(tempfile.mkdtemp())
>>> profile.save_person_model(PersonModel.new().after_hand((0, 26, 26, 26), 0))
>>> model, reason = profile.person_model()
>>> model.moons, reason
(1, None)
"""

from __future__ import annotations

import json
from typing import Final

from game.ai.person import ModelRefused, PersonModel
from game.records.profile.store import Store, now, to_json

PERSON_MODEL: Final = "person_model"
ASIDE_PREFIX: Final = "person_model.unreadable-"


class PersonModelStore(Store):
    """The model of the person the computer players keep across games."""

    def person_model(self) -> tuple[PersonModel, str | None]:
        """The stored model (a fresh one when none is stored) and, when the stored one could not
        be used, why (it was set aside, under a key of its own)."""
        row = self._db.execute(
            "SELECT value FROM settings WHERE key = ?", (PERSON_MODEL,)
        ).fetchone()
        if row is None:
            return PersonModel.new(), None
        try:
            return PersonModel.from_dict(json.loads(row[0])), None
        except ValueError as problem:  # ModelRefused, or text that is not JSON
            reason = str(problem) if isinstance(problem, ModelRefused) else "it cannot be read"
        with self._transaction() as db:
            aside, number = ASIDE_PREFIX + now(), 1
            while db.execute("SELECT 1 FROM settings WHERE key = ?", (aside,)).fetchone():
                number += 1
                aside = f"{ASIDE_PREFIX}{now()}-{number}"
            db.execute("UPDATE settings SET key = ? WHERE key = ?", (aside, PERSON_MODEL))
        return PersonModel.new(), reason

    def save_person_model(self, model: PersonModel) -> None:
        """Store ``model`` in place of the one stored."""
        self._write(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (PERSON_MODEL, to_json(model.to_dict())),
        )

    def forget_person_model(self) -> None:
        """The opponents forget what they learned (Settings' "Forget what they learned")."""
        self._write("DELETE FROM settings WHERE key = ?", (PERSON_MODEL,))
