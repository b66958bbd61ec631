"""The README's examples are true: every command it shows is run, in order, in a fresh
directory for each section, and its output is compared with what the README quotes.

A quoted line `...` stands for any number of lines. Timings and speeds change from run to
run and machine to machine, so they are compared as shapes (`in 9.1 s` matches `in 7.4 s`).
A Python block followed by a plain block is run, and the plain block is its output.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SKIPPED = {
    "taskset -c 1 dejarik bench deckbuilding":
        "its figures are this machine's speed; `dejarik bench` is tested in tests/test_cli.py",
}
"""Commands the README shows but this test does not run, with the reason."""
STAND_INS = {
    "dejarik play deckbuilding --mode full --override mine.yaml":
        # no terminal here, so `play` prints a game between AI players, by default ISMCTS at
        # 1,000 iterations in both seats (45 s); the same command with the fast AI checks the
        # override the same way
        "dejarik play deckbuilding --mode full --override mine.yaml --vs greedy",
}
"""Commands the README shows that this test runs in a cheaper form, with the reason."""
EXIT_STATUS = {
    "dejarik cards check pandemic_published": 1,   # an incomplete pack: `check` says so and fails
}
"""Commands the README shows failing on purpose, with their exit status (all others: 0)."""
VOLATILE = [
    (re.compile(r"\b\d+(\.\d+)? (s|ms|µs)\b"), "<time>"),
    (re.compile(r"\b\d+(\.\d+)? games/s\b"), "<rate> games/s"),
    (re.compile(r"\(\d+(\.\d+)? ms a move\)"), "(<time> a move)"),
]
PROGRESS = re.compile(r"^\d+/\d+ (games|pairings)\b.* left$")
"""A progress line of a long run (printed every few seconds away from a terminal): how many
appear depends on the machine's speed, so none is compared."""
TIMEOUT = 240


def fenced(text: str) -> list[tuple[str, list[str]]]:
    """Every fenced block: its language tag and its lines."""
    out: list[tuple[str, list[str]]] = []
    lang, lines, inside = "", [], False
    for line in text.splitlines():
        if line.startswith("```"):
            if inside:
                out.append((lang, lines))
            else:
                lang, lines = line[3:].strip(), []
            inside = not inside
        elif inside:
            lines.append(line)
    return out


def examples(text: str) -> list[tuple[str, list[str] | None]]:
    """(shell command or Python source, the output quoted for it or None), in README order."""
    out: list[tuple[str, list[str] | None]] = []
    blocks = fenced(text)
    for i, (lang, lines) in enumerate(blocks):
        if lang == "python":
            follows = blocks[i + 1] if i + 1 < len(blocks) and blocks[i + 1][0] == "" else None
            out.append(("python:" + "\n".join(lines), follows[1] if follows else None))
            continue
        current: list[str] | None = None
        for line in lines:
            if line.startswith("$ "):
                current = []
                out.append((line[2:], current))
            elif current is not None:
                current.append(line)
    return [(cmd, expected if expected else None) for cmd, expected in out]


def normal(line: str) -> str:
    """A line as compared: timings as shapes, and runs of spaces as one (a column of timings
    is aligned to its widest entry, which changes with them)."""
    for pattern, shape in VOLATILE:
        line = pattern.sub(shape, line)
    return " ".join(line.split())


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, where an expected `...` line stands for any number of lines."""
    want = [normal(x) for x in expected]
    have = [normal(x) for x in actual if not PROGRESS.match(x.strip())]
    memo: dict[tuple[int, int], bool] = {}

    def at(i: int, j: int) -> bool:
        if (i, j) not in memo:
            if i == len(want):
                memo[(i, j)] = j == len(have)
            elif want[i].strip() == "...":
                memo[(i, j)] = at(i + 1, j) or (j < len(have) and at(i, j + 1))
            else:
                memo[(i, j)] = j < len(have) and want[i] == have[j] and at(i + 1, j + 1)
        return memo[(i, j)]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * (len(want) + len(have)) + 100))
    return at(0, 0)


def run(command: str, cwd: Path) -> list[str]:
    """Run one example; its output, stdout and stderr as the terminal would show them."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    if command.startswith("python:"):
        args: list[str] | str = [sys.executable, "-c", command[len("python:"):]]
        shell = False
    else:
        args, shell = command, True
    done = subprocess.run(args, shell=shell, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                          timeout=TIMEOUT, check=False)
    status = EXIT_STATUS.get(command, 0)
    assert done.returncode == status, f"{command!r} exited {done.returncode}:\n{done.stdout}"
    return done.stdout.splitlines()


def sections(text: str) -> dict[str, list[tuple[str, list[str] | None]]]:
    """The examples of each section (a `##` or `###` heading), which run apart: a section's
    commands depend only on each other, and the sections spread over the test workers."""
    out: dict[str, list[tuple[str, list[str] | None]]] = {}
    for chunk in re.split(r"(?m)^#{2,3} ", text)[1:]:
        title, _, body = chunk.partition("\n")
        if found := examples(body):
            out[title.strip()] = found
    return out


SECTIONS = sections(README.read_text(encoding="utf-8"))


def test_the_readme_examples_are_found() -> None:
    assert sum(map(len, SECTIONS.values())) >= 15
    assert sum(map(len, SECTIONS.values())) == len(examples(README.read_text(encoding="utf-8")))


@pytest.mark.parametrize("section", list(SECTIONS))
def test_every_readme_example_runs_and_prints_what_the_readme_quotes(tmp_path: Path,
                                                                      section: str) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")   # the README's paths are the repo's
    wrong = []
    for command, expected in SECTIONS[section]:
        if command in SKIPPED:
            continue
        actual = run(STAND_INS.get(command, command), tmp_path)
        if expected is not None and not matches(expected, actual):
            wrong.append(f"$ {command}\n--- the README quotes:\n" + "\n".join(expected)
                         + "\n--- it prints:\n" + "\n".join(actual))
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.parametrize(("expected", "actual", "ok"), [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "d"], ["a", "b", "d"], False),
    (["played 5 games in 1.2 s (4.1 games/s)"], ["played 5 games in 0.9 s (5.5 games/s)"], True),
    (["won 5"], ["won 6"], False),
])
def test_the_comparison(expected: list[str], actual: list[str], ok: bool) -> None:
    assert matches(expected, actual) is ok
