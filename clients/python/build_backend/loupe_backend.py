"""The package's build backend (PEP 517, PEP 660): standard library only, so ``pip install`` works with no
index to download a backend from — with or without build isolation, on any Python the package supports.

setuptools cannot do that everywhere: before version 70.1 it builds wheels only with the separate
``wheel`` package installed. The package is pure Python with no dependencies, so its wheel is a zip of
``src/loupe`` plus the metadata below. ``tests/test_build_backend.py`` checks that this metadata says what
``[project]`` in pyproject.toml says, and installs a built wheel.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "loupe"

NAME = "loupe"
SUMMARY = "Loupe Cloud from Python: cloud.fetch() of any URL as raw, markdown or schema-shaped JSON."
REQUIRES_PYTHON = ">=3.9"
LICENSE = "MIT"
CLASSIFIERS = (
    "License :: OSI Approved :: MIT License",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Typing :: Typed",
)
# What the source distribution holds besides the package; tests come along so it can be checked.
SDIST_EXTRA = ("pyproject.toml", "README.md", "build_backend/loupe_backend.py", "tests")


def version() -> str:
    """The version, from the package itself (``loupe._version``), so there is one place to change it."""
    text = (PACKAGE / "_version.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if not found:
        raise RuntimeError("src/loupe/_version.py has no __version__ line")
    return found.group(1)


def metadata() -> str:
    """The core metadata (METADATA in the wheel, PKG-INFO in the sdist)."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {version()}",
        f"Summary: {SUMMARY}",
        f"License: {LICENSE}",
        f"Requires-Python: {REQUIRES_PYTHON}",
        *(f"Classifier: {classifier}" for classifier in CLASSIFIERS),
        "Description-Content-Type: text/markdown",
    ]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + readme


def _dist_info() -> str:
    return f"{NAME}-{version()}.dist-info"


def _package_files() -> List[Tuple[str, bytes]]:
    files = sorted(
        path
        for path in PACKAGE.rglob("*")
        if path.is_file() and (path.suffix == ".py" or path.name == "py.typed")
    )
    return [(path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes()) for path in files]


def _write_wheel(directory: str, files: Iterable[Tuple[str, bytes]]) -> str:
    dist_info = _dist_info()
    entries = list(files) + [
        (f"{dist_info}/METADATA", metadata().encode("utf-8")),
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: loupe_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        ),
    ]
    record = io.StringIO()
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        record.write(f"{name},sha256={digest},{len(data)}\n")
    record.write(f"{dist_info}/RECORD,,\n")
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode("utf-8")))

    filename = f"{NAME}-{version()}-py3-none-any.whl"
    with zipfile.ZipFile(Path(directory) / filename, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            # A fixed date and mode: the same sources give the same wheel.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return filename


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, object]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, object]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, object]] = None) -> List[str]:
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, object]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    return _write_wheel(wheel_directory, _package_files())


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, object]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    # A .pth file puts src/ on the path: edits to the sources take effect without reinstalling.
    pth = (str(PACKAGE.parent) + "\n").encode("utf-8")
    return _write_wheel(wheel_directory, [(f"__editable__.{NAME}.pth", pth)])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, object]] = None) -> str:
    base = f"{NAME}-{version()}"
    paths: List[Path] = [PACKAGE]
    paths += [ROOT / extra for extra in SDIST_EXTRA]
    filename = f"{base}.tar.gz"

    def clean(info: tarfile.TarInfo) -> Optional[tarfile.TarInfo]:
        if "__pycache__" in info.name or info.name.endswith(".pyc"):
            return None
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 0
        return info

    with tarfile.open(Path(sdist_directory) / filename, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for path in paths:
            sdist.add(str(path), arcname=f"{base}/{path.relative_to(ROOT).as_posix()}", filter=clean)
        pkg_info = metadata().encode("utf-8")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(pkg_info)
        sdist.addfile(info, io.BytesIO(pkg_info))
    return filename
