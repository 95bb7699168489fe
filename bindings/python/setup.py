"""Builds the navrouter package with libnavrouter.so.1 (and the Jansson it links) inside it, so that a wheel runs on
a machine without Swift or Jansson, and its C speedups module (navrouter/_speedups.c, Python's stable ABI, CPython
3.10+) when a C compiler and Python's headers are there; without them the package resolves through ctypes only.

Where the library comes from, in order: NAVROUTER_LIBRARY (a built libnavrouter.so.1), the checkout's
build/lib/libnavrouter.so.1, or, when a Swift toolchain is on PATH, the checkout's scripts/build-library.sh.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
CHECKOUT = Path(os.environ.get("NAVROUTER_SOURCE_ROOT", HERE.parent.parent))
SONAME = "libnavrouter.so.1"


def find_library() -> Path:
    """The libnavrouter.so.1 to bundle (building it when it is missing and Swift is there)."""
    given = os.environ.get("NAVROUTER_LIBRARY")
    if given:
        return Path(given)
    built = CHECKOUT / "build" / "lib" / SONAME
    script = CHECKOUT / "scripts" / "build-library.sh"
    if not built.exists() and shutil.which("swift") and script.exists():
        subprocess.run([str(script)], check=True, cwd=CHECKOUT)
    if built.exists():
        return built
    raise SystemExit(
        f"navrouter: no {SONAME} to bundle: install a Swift 6 toolchain (the build runs {script}), "
        "or set NAVROUTER_LIBRARY to a built libnavrouter.so.1"
    )


def linked_jansson(library: Path) -> Path | None:
    """The libjansson.so.4 the loader gives the library (from ldd), or None."""
    try:
        output = subprocess.run(["ldd", str(library)], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    found = re.search(r"libjansson\.so\.4 => (\S+)", output)
    return Path(found.group(1)) if found else None


class BuildWithLibrary(build_py):
    """build_py, then the shared libraries copied into the package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "navrouter"
        target.mkdir(parents=True, exist_ok=True)
        library = find_library()
        shutil.copyfile(library, target / SONAME)
        if shutil.which("strip"):  # the symbols are for debugging the library, not for using it: half its size
            subprocess.run(["strip", "--strip-unneeded", str(target / SONAME)], check=False)
        jansson = linked_jansson(library)
        if jansson is not None:
            shutil.copyfile(jansson, target / "libjansson.so.4")


#: The C speedups module: one file against the stable ABI of CPython 3.10 (_speedups.c defines Py_LIMITED_API),
#: using navrouter.h's types; it links nothing (the binding hands it the loaded library's function).
SPEEDUPS = [
    Extension(
        "navrouter._speedups",
        ["navrouter/_speedups.c"],
        include_dirs=[str(CHECKOUT / "include")],
        depends=[str(CHECKOUT / "include" / "navrouter.h")],
        py_limited_api=True,
    )
]


class OptionalSpeedups(build_ext):
    """build_ext that, when the speedups module cannot be compiled, says why and builds the package without it."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure: the ctypes path still works
            self.warn(f"navrouter: the C speedups module was not built ({error}); Registry.resolve uses ctypes")

    def built(self) -> bool:
        return any(Path(output).exists() for output in self.get_outputs())


class PlatformWheel(bdist_wheel):
    """A wheel for this platform (it carries a shared library): for CPython 3.10+ (cp310-abi3) when it holds the
    speedups module, else for any Python 3 (py3-none; everything through ctypes)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self) -> tuple[str, str, str]:
        _, _, platform = super().get_tag()
        speedups = self.get_finalized_command("build_ext")
        if isinstance(speedups, OptionalSpeedups) and speedups.built():
            return "cp310", "abi3", platform
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return True


setup(
    distclass=BinaryDistribution,
    ext_modules=SPEEDUPS if sys.version_info >= (3, 10) else [],
    cmdclass={"build_py": BuildWithLibrary, "build_ext": OptionalSpeedups, "bdist_wheel": PlatformWheel},
)
