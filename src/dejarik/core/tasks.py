"""The task stack the cooperative game and the card game run their rules on.

A state keeps `tasks` (plain tuples, top = last). An automatic task is popped and run by its
handler in `auto`; an "fx" task is an effect list, run by the game's `fx`; a decision task (its
op starts with "?") waits for an action. `decide` maps each decision to (who decides, its
options, how an answer applies[, what happens when it has no option]); a decision with no
option is popped and its fourth entry, if any, runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Task = tuple[Any, ...]
Decide = tuple[Any, ...]


def run_tasks(s: Any, auto: Mapping[str, Callable[[Any, Task], None]], decide: Mapping[str, Decide],
              fx: Callable[[Any, Task], None]) -> None:
    """Run automatic tasks until a decision with options waits (kept in `s._legal`), or the
    game ends."""
    while s.tasks and not s.done:
        task = s.tasks[-1]
        op = task[0]
        if op[0] == "?":
            entry = decide[op]
            opts = entry[1](s, task)
            if opts:
                s._legal = opts
                return
            s.tasks.pop()
            if len(entry) > 3:
                entry[3](s, task)
            continue
        s.tasks.pop()
        if op == "fx":
            fx(s, task)
        else:
            auto[op](s, task)
    s._legal = None


def task_decider(decide: Mapping[str, Decide], s: Any, task: Task) -> int:
    return int(decide[task[0]][0](s, task))


def task_options(decide: Mapping[str, Decide], s: Any, task: Task) -> list[Any]:
    opts: list[Any] = decide[task[0]][1](s, task)
    return opts


def unknown_task(tasks: Any, auto: Mapping[str, Any], decide: Mapping[str, Any]) -> str | None:
    """What is wrong with a task stack read from a file (a task that is not a tuple naming a
    handler of `auto`, `decide` or "fx"), or None: a saved position is checked with it before
    any task runs."""
    if not isinstance(tasks, list | tuple):
        return f"the task stack is not a list ({type(tasks).__name__})"
    for i, task in enumerate(tasks):
        if not isinstance(task, tuple) or not task or not isinstance(task[0], str) \
                or not (task[0] == "fx" or task[0] in auto or task[0] in decide):
            return f"task {i} is {str(task)[:60]}, which no rule handles"
    return None
