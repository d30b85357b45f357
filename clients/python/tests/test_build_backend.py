"""The package builds with pip and nothing downloaded, and what it builds is the package."""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_backend"))
import loupe_backend  # noqa: E402


class Metadata(unittest.TestCase):
    @unittest.skipIf(sys.version_info < (3, 11), "reading pyproject.toml needs tomllib (Python 3.11+)")
    def test_says_what_pyproject_says(self) -> None:
        import tomllib  # pyright: ignore[reportMissingTypeStubs] (3.11+, checked above)

        project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        self.assertEqual(
            {
                "name": project["name"],
                "description": project["description"],
                "requires-python": project["requires-python"],
                "license": project["license"]["text"],
                "classifiers": tuple(project["classifiers"]),
                "dynamic": project["dynamic"],
                "dependencies": project["dependencies"],
            },
            {
                "name": loupe_backend.NAME,
                "description": loupe_backend.SUMMARY,
                "requires-python": loupe_backend.REQUIRES_PYTHON,
                "license": loupe_backend.LICENSE,
                "classifiers": loupe_backend.CLASSIFIERS,
                "dynamic": ["version"],
                "dependencies": [],
            },
        )

    def test_the_version_is_the_packages(self) -> None:
        from loupe import __version__

        self.assertEqual(loupe_backend.version(), __version__)


class Wheel(unittest.TestCase):
    def test_holds_the_package_and_imports_once_unpacked(self) -> None:
        with tempfile.TemporaryDirectory() as out:
            wheel_path = Path(out) / loupe_backend.build_wheel(out)
            self.assertRegex(wheel_path.name, r"^loupe-[\d.]+-py3-none-any\.whl$")
            with zipfile.ZipFile(wheel_path) as wheel:
                names = set(wheel.namelist())
                self.assertTrue({"loupe/__init__.py", "loupe/cloud.py", "loupe/py.typed"} <= names, names)
                stray = [name for name in names if "__pycache__" in name or name.startswith("tests/")]
                self.assertEqual(stray, [])
                self._check_record(wheel)
                wheel.extractall(Path(out) / "site")
            # A pure-Python wheel unpacked is an installed package: import it from there alone.
            imported = subprocess.run(
                [
                    sys.executable,
                    "-s",
                    "-c",
                    "import sys; sys.path.insert(0, sys.argv[1]); import loupe; "
                    "print(loupe.__file__, loupe.cloud.fetch.__name__)",
                    str(Path(out) / "site"),
                ],
                capture_output=True,
                text=True,
                cwd=out,
            )
            self.assertEqual(imported.returncode, 0, imported.stderr)
            self.assertIn(str(Path(out) / "site"), imported.stdout)

    @unittest.skipIf(importlib.util.find_spec("pip") is None, "pip is not installed for this Python")
    def test_pip_builds_it_with_no_index_at_all(self) -> None:
        with tempfile.TemporaryDirectory() as out:
            built = subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index", "-q", "-w", out, str(ROOT)],
                capture_output=True,
                text=True,
            )
            self.assertEqual(built.returncode, 0, built.stdout + built.stderr)
            self.assertEqual(len(list(Path(out).glob("loupe-*-py3-none-any.whl"))), 1)

    def _check_record(self, wheel: zipfile.ZipFile) -> None:
        record_name = next(name for name in wheel.namelist() if name.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode("utf-8"))))
        self.assertEqual({row[0] for row in rows}, set(wheel.namelist()))
        for name, digest, size in rows:
            if name == record_name:
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            self.assertEqual((digest, size), (f"sha256={expected}", str(len(data))), name)


class Sdist(unittest.TestCase):
    def test_holds_the_sources_the_backend_and_the_metadata(self) -> None:
        with tempfile.TemporaryDirectory() as out:
            name = loupe_backend.build_sdist(out)
            with tarfile.open(Path(out) / name) as sdist:
                names = set(sdist.getnames())
        base = name[: -len(".tar.gz")]
        for expected in (
            "PKG-INFO",
            "pyproject.toml",
            "README.md",
            "build_backend/loupe_backend.py",
            "src/loupe/py.typed",
            "src/loupe/cloud.py",
            "tests/test_cloud_fetch.py",
        ):
            self.assertIn(f"{base}/{expected}", names)
        self.assertFalse([n for n in names if "__pycache__" in n])


if __name__ == "__main__":
    unittest.main()
