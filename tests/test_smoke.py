"""A few real processes: the checkout shim, python -m, and an installed console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv

import pytest
from conftest import ROOT

SB = os.path.join(ROOT, "scripts", "sb.py")


def _run(cmd, cwd, **kw):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, **kw)


@pytest.mark.slow
def test_checkout_shim_runs_a_pipeline(tmp_path):
    assert _run([sys.executable, SB, "--version"], tmp_path).stdout == "sourcebook 0.1.0\n"
    assert _run([sys.executable, SB, "init"], tmp_path).returncode == 0
    (tmp_path / "a.md").write_text("# A\n\nSome words to find.\n")
    r = _run([sys.executable, SB, "add", "a.md", "--tier", "B", "--reason", "test"], tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("added    src_")
    r = _run([sys.executable, SB, "extract"], tmp_path)
    assert r.returncode == 0 and "via sb.text" in r.stdout
    r = _run([sys.executable, SB, "status", "--bogus"], tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr and "E-USAGE" in r.stderr


@pytest.mark.slow
def test_python_dash_m(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "scripts"))
    r = subprocess.run([sys.executable, "-m", "sourcebook", "--version"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.stdout == "sourcebook 0.1.0\n"


@pytest.mark.slow
def test_pip_install_gives_a_working_sb(tmp_path):
    env_dir = tmp_path / "venv"
    # a venv without its own pip (ensurepip alone costs seconds): this pip installs into it
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    # build from a copy: setuptools writes build/ and *.egg-info beside the sources
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "NOTICE"):
        shutil.copy(os.path.join(ROOT, name), src / name)
    for name in ("scripts", "schemas", "templates", "skills", "commands"):
        shutil.copytree(os.path.join(ROOT, name), src / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "node_modules"))
    r = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", str(src)], tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    sb = env_dir / "bin" / "sb"
    work = tmp_path / "work"
    work.mkdir()
    assert _run([str(sb), "init"], work).returncode == 0
    # the schemas ship with the package: an invalid value is rejected by the schema
    r = _run([str(sb), "config", "set", "capabilities.web_fetch=bogus"], work)
    assert r.returncode == 1 and "E-SCHEMA" in r.stderr
