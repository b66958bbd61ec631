"""An installed Dejarik runs the compiled engine: a wheel built from this checkout, installed
into a fresh virtualenv, names the compiled engine for every game in `dejarik bench`; without
a C compiler the build falls back to the pure source with one warning.

Offline: the wheel is built with this environment's setuptools and mypy (no build
isolation), and the fresh virtualenv reads the dependencies from this environment's
site-packages (a path line in a .pth file, which does not bring this checkout's editable
install of Dejarik along)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILT = ("*.so", "_compiled.json", "__pycache__", "*.egg-info", "build", ".mypy_cache")


def _checkout_copy(dest: Path) -> Path:
    """The files a build reads, without this checkout's in-place build."""
    dest.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns(*BUILT))
    return dest


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DEJARIK_PURE")}
    return {**env, **extra}


def _build_wheel(tmp: Path, **env: str) -> tuple[Path, str]:
    source = _checkout_copy(tmp / "checkout")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-build-isolation",
                           "--no-deps", "--no-index", "-w", str(tmp / "dist"), str(source)],
                          env=_env(**env), capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [wheel] = (tmp / "dist").glob("dejarik-*.whl")
    return wheel, done.stdout + done.stderr


def _install(wheel: Path, tmp: Path) -> Path:
    """A fresh virtualenv with the wheel installed; its python."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "dejarik_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=300, env=_env())
    return python


def _installed(python: Path, cwd: Path) -> str:
    """Where the installed package is, and each game's engine build, as the venv sees them."""
    probe = ("import dejarik; print(dejarik.__file__); "
             "print(*[f'{g}: {dejarik.engine_build(g)}' for g in dejarik.game_names()], sep='\\n')")
    return subprocess.run([str(python), "-c", probe], cwd=cwd, env=_env(), capture_output=True,
                          text=True, check=True, timeout=120).stdout


@pytest.mark.skipif(shutil.which(sysconfig.get_config_var("CC").split()[0]) is None,
                    reason="no C compiler on this machine: the wheel would be pure by design")
def test_a_wheel_installed_in_a_fresh_virtualenv_runs_the_compiled_engine(tmp_path: Path) -> None:
    wheel, log = _build_wheel(tmp_path)
    assert not wheel.name.endswith("-none-any.whl"), wheel.name   # a platform wheel: it holds C
    assert "WARNING: dejarik" not in log
    python = _install(wheel, tmp_path)
    seen = _installed(python, tmp_path)
    assert str(tmp_path / "venv") in seen.splitlines()[0]
    for game in ("deckbuilding", "pandemic", "tcg"):
        assert f"{game}: compiled (mypyc)" in seen
    bench = subprocess.run([str(python.parent / "dejarik"), "bench", "pandemic", "--seconds", "0.1",
                            "--no-openspiel"], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                           timeout=600)
    assert bench.returncode == 0, bench.stderr
    assert bench.stdout.startswith("engine: compiled (mypyc), one process")
    assert "dejarik pandemic greedy team" in bench.stdout   # the benchmarks ship in the package


def test_without_a_c_compiler_the_build_is_pure_and_says_why(tmp_path: Path) -> None:
    wheel, log = _build_wheel(tmp_path, CC=str(tmp_path / "no-such-compiler"))
    assert wheel.name.endswith("-py3-none-any.whl")
    assert log.count("WARNING: dejarik: no C compiler was found; installing the pure-Python engine") == 1
    python = _install(wheel, tmp_path)
    assert "deckbuilding: pure Python" in _installed(python, tmp_path)
