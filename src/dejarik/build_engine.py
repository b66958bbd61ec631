"""Compile the engine's hot modules in place with mypyc: `python -m dejarik.build_engine`.

`--clean` removes a build. The Python source stays the reference (DEJARIK_PURE=1 runs it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from dejarik._engine import MODULES, PACKAGE, STAMP, sources_digest


def clean() -> None:
    """Remove a build: extension modules of the compiled modules and the shared runtime."""
    for m in MODULES:
        for so in (PACKAGE / m).parent.glob(Path(m).stem + ".*.so"):
            so.unlink()
    for so in PACKAGE.parent.glob("*__mypyc.*.so"):
        so.unlink()
    STAMP.unlink(missing_ok=True)


def build() -> None:
    """Compile MODULES in place with mypyc (needs mypy and a C compiler)."""
    clean()
    src = PACKAGE.parent
    paths = [f"{PACKAGE.name}/{m}" for m in MODULES]
    result = subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=src,
                            capture_output=True, text=True, check=False)
    for scratch in ("build", ".mypy_cache"):
        shutil.rmtree(src / scratch, ignore_errors=True)
    if result.returncode != 0:
        clean()
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"mypyc failed (exit {result.returncode}); the pure-Python engine stays")
    STAMP.write_text(json.dumps({"sources": sources_digest(), "modules": list(MODULES)}) + "\n",
                     encoding="utf-8")


def main(argv: list[str]) -> None:
    if argv == ["--clean"]:
        clean()
    else:
        build()
        print(f"compiled {len(MODULES)} modules with mypyc: {', '.join(MODULES)}")


if __name__ == "__main__":
    main(sys.argv[1:])
