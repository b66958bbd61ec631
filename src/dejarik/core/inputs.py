"""The files a game reads from its users, declared by the game (its `inputs` capability).

Each kind comes with a way to write a valid sample and the `dejarik` commands that read such a
file, so that a tool can try every reader without naming a game: the mutation fuzzer
(`python -m dejarik.fuzz.files`) damages the sample in many ways and runs the commands on it,
and a clean, named error is all it accepts from them.

The files every game has (saved positions, replays, simulation runs) and its notation are the
kernel's, and the fuzzer finds them through the kernel; a game declares only its own kinds.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

FILE = "{file}"   # stands for the sample's path in a command


@dataclass(frozen=True)
class InputFile:
    """A kind of file a game reads: its `kind` (e.g. 'pack'), `sample(path)` that writes a
    valid one at `path`, the commands (`dejarik` arguments, `FILE` where the path goes)
    through which users hand it over, and the name ending the commands expect."""

    kind: str
    sample: Callable[[Path], None]
    commands: tuple[tuple[str, ...], ...]
    suffix: str = ".yaml"


def copy_of(package: str, *parts: str) -> Callable[[Path], None]:
    """A sample that is a copy of a file shipped in `package` (a bundled pack, a deck...)."""
    def write(path: Path) -> None:
        with resources.as_file(resources.files(package).joinpath(*parts)) as source:
            shutil.copyfile(source, path)
    return write


def text_file(text: str) -> Callable[[Path], None]:
    """A sample written from text."""
    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8")
    return write
