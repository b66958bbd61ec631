"""Build hook: the engine's hot modules (listed in src/dejarik/_engine.py) are compiled with
mypyc when mypyc and a C compiler are present, so `pip install .` and a wheel carry the fast
engine. Without them, or if compiling fails, the package is the pure-Python source and one
warning says why. Everything else about the package is in pyproject.toml. `make compiled`
builds the same modules in place through this file (`python setup.py build_ext --inplace`).
"""

from __future__ import annotations

import json
import os
import runpy
import shlex
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = runpy.run_path(str(HERE / "src" / "dejarik" / "_engine.py"))
MODULES: tuple[str, ...] = ENGINE["MODULES"]


def warn(why: str) -> None:
    sys.stderr.write(f"WARNING: dejarik: {why}; installing the pure-Python engine, about 2.5 "
                     "times slower (`dejarik bench deckbuilding` names the engine it runs)\n")


def c_compiler() -> str | None:
    """The C compiler Python's build would call (CC, or the one Python was built with)."""
    words = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "")
    return shutil.which(words[0]) if words else None


BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build code; metadata and sdists need no compiling (and no warning)."""


def extensions() -> list[Any]:
    """The compiled modules, or none (with a warning saying why)."""
    if not BUILDS & set(sys.argv[1:]):
        return []
    if os.environ.get("DEJARIK_PURE_BUILD", "") not in ("", "0"):
        warn("DEJARIK_PURE_BUILD is set")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        warn("mypyc (part of mypy) is not installed")
        return []
    if c_compiler() is None:
        warn("no C compiler was found")
        return []
    try:
        # an isolated build has no runtime dependencies: what they type is left unchecked here
        flags = ["--ignore-missing-imports", "--follow-imports=silent"]
        # a C file per module, compiled side by side (BuildExt): a third of one file's time
        return list(mypycify([*flags, *(f"src/dejarik/{m}" for m in MODULES)], opt_level="3",
                             multi_file=True))
    except (Exception, SystemExit) as err:   # mypyc reports type errors by exiting
        warn(f"mypyc could not translate the engine ({err})")
        return []


class BuildExt(build_ext):
    """Compiles the engine, and on success writes the stamp (`_compiled.json`) the package
    checks its build against; a compiler that fails leaves the pure source, with a warning."""

    def build_extensions(self) -> None:
        """An extension's C files compiled in parallel, one compiler process per core."""
        one_by_one = self.compiler.compile

        def side_by_side(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: one_by_one([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = side_by_side
        super().build_extensions()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as err:   # the compiler's and the linker's errors vary by platform
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            warn(f"the C compiler failed ({err})")
            return
        package = HERE / "src" / "dejarik" if self.inplace else Path(self.build_lib) / "dejarik"
        stamp = {"sources": ENGINE["sources_digest"](), "packages": ENGINE["package_digests"](),
                 "modules": list(MODULES)}
        (package / "_compiled.json").write_text(json.dumps(stamp) + "\n", encoding="utf-8")


# the build folders mypyc writes its C into are removed by `make clean`
setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
