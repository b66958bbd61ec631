"""Compile the engine's hot modules in place with mypyc: `python -m dejarik.build_engine`
(`make compiled`), in a source checkout. It runs the checkout's setup.py, which also compiles
them when the package is installed (`pip install .`, a wheel). `--clean` removes a build.
The Python source stays the reference (DEJARIK_PURE=1 runs it).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from dejarik._engine import MODULES, PACKAGE, STAMP, build_state

CHECKOUT = PACKAGE.parents[1]


def clean() -> None:
    """Remove a build: extension modules of the compiled modules and the shared runtime."""
    for m in MODULES:
        for so in (PACKAGE / m).parent.glob(Path(m).stem + ".*.so"):
            so.unlink()
    for so in PACKAGE.parent.glob("*__mypyc.*.so"):
        so.unlink()
    STAMP.unlink(missing_ok=True)


def build() -> None:
    """Compile MODULES in place through the checkout's setup.py (needs mypy and a C compiler)."""
    if not (CHECKOUT / "setup.py").is_file():
        raise SystemExit(f"no setup.py in {CHECKOUT}: an in-place build needs a source checkout "
                         "(an installed package was compiled when it was installed)")
    clean()
    result = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=CHECKOUT,
                            capture_output=True, text=True, check=False)
    shutil.rmtree(CHECKOUT / "build", ignore_errors=True)
    if result.returncode != 0 or build_state() != "current":
        clean()
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"mypyc failed (exit {result.returncode}); the pure-Python engine stays")


def main(argv: list[str]) -> None:
    if argv == ["--clean"]:
        clean()
    else:
        build()
        print(f"compiled {len(MODULES)} modules with mypyc: {', '.join(MODULES)}")


if __name__ == "__main__":
    main(sys.argv[1:])
