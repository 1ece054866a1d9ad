"""Compile the translation catalogs: every ``assets/locale/*/LC_MESSAGES/*.po`` to its ``.mo``.

A small pure-Python ``msgfmt`` (Python's own ``gettext`` reads the result), so the project needs
no GNU gettext tools. Entries marked ``#, fuzzy`` and entries without a translation are left out,
as ``msgfmt`` does; the header entry is always kept.

    python tools/compile_catalogs.py           # write the .mo files
    python tools/compile_catalogs.py --check   # exit 1 if a .mo is missing or out of date
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "assets" / "locale"
MO_MAGIC = 0x950412DE
CONTEXT_SEPARATOR = "\x04"


class PoError(ValueError):
    """A .po file that cannot be read; the message names the file and line."""


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    line: int = 0

    @property
    def key(self) -> str:
        """The id as stored in a .mo: context, plural and singular joined."""
        key = self.msgid if self.msgid_plural is None else f"{self.msgid}\0{self.msgid_plural}"
        return key if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_SEPARATOR}{key}"

    @property
    def translation(self) -> str:
        return "\0".join(self.msgstr[i] for i in sorted(self.msgstr))

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(f"{where}: expected a quoted string, found {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as error:
        raise PoError(f"{where}: bad string {text!r} ({error})") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file, in file order (the header, msgid "", included)."""
    entries: list[Entry] = []
    entry = Entry()
    fuzzy_next = False
    field_name: str | None = None  # the field a continuation line "..." adds to
    started = False

    def finish() -> None:
        nonlocal entry, started, field_name
        if started:
            if not entry.msgstr:
                raise PoError(f"{name}:{entry.line}: msgid {entry.msgid!r} has no msgstr")
            entries.append(entry)
        entry, started, field_name = Entry(), False, None

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if started and entry.msgstr:
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy_next = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field_name is None:
                raise PoError(f"{where}: a string outside any msgid or msgstr")
            value = _unquote(line, where)
            if field_name.startswith("msgstr"):
                index = int(field_name[7:-1]) if "[" in field_name else 0
                entry.msgstr[index] += value
            else:
                setattr(entry, field_name, getattr(entry, field_name) + value)
            continue
        if keyword in ("msgctxt", "msgid") and started and entry.msgstr:
            finish()
        if keyword == "msgctxt" or (keyword == "msgid" and not started):
            started = True
            entry.line = number
            entry.fuzzy, fuzzy_next = fuzzy_next, False
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            if keyword == "msgid" and entry.msgstr:
                raise PoError(f"{where}: msgid after msgstr in one entry")
            setattr(entry, keyword, _unquote(rest, where))
            field_name = keyword
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            if not started:
                raise PoError(f"{where}: msgstr without a msgid")
            index = 0
            if keyword != "msgstr":
                try:
                    index = int(keyword[7:-1])
                except ValueError:
                    raise PoError(f"{where}: bad plural index in {keyword!r}") from None
            entry.msgstr[index] = _unquote(rest, where)
            field_name = keyword if keyword != "msgstr" else "msgstr"
        else:
            raise PoError(f"{where}: unknown keyword {keyword!r}")
    finish()
    keys = [e.key for e in entries]
    duplicates = {k for k in keys if keys.count(k) > 1}
    if duplicates:
        raise PoError(f"{name}: duplicate msgid {sorted(duplicates)[0]!r}")
    return entries


def mo_bytes(entries: list[Entry]) -> bytes:
    """The .mo file of these entries (translated, not fuzzy; the header always)."""
    kept = {
        e.key.encode("utf-8"): e.translation.encode("utf-8")
        for e in entries
        if e.key == "" or (e.translated and not e.fuzzy)
    }
    keys = sorted(kept)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    tables: list[int] = []
    data = bytearray()
    for strings in (keys, [kept[k] for k in keys]):
        for string in strings:
            tables += [len(string), data_at + len(data)]
            data += string + b"\0"
    header = struct.pack("<7I", MO_MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return header + struct.pack(f"<{len(tables)}I", *tables) + bytes(data)


def compile_file(po_path: Path) -> bytes:
    return mo_bytes(parse_po(po_path.read_text(encoding="utf-8"), str(po_path)))


def catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Every .po file under the locale folder."""
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile assets/locale/*/LC_MESSAGES/*.po to .mo.")
    parser.add_argument("--check", action="store_true", help="only check the .mo files are current")
    args = parser.parse_args(argv)
    stale = []
    for po_path in catalogs():
        try:
            compiled = compile_file(po_path)
        except PoError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        mo_path = po_path.with_suffix(".mo")
        if mo_path.is_file() and mo_path.read_bytes() == compiled:
            continue
        if args.check:
            stale.append(mo_path)
        else:
            mo_path.write_bytes(compiled)
            print(f"wrote {mo_path}")
    for mo_path in stale:
        print(f"out of date: {mo_path} (run python tools/compile_catalogs.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
