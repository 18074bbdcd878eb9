"""The certification package: what a testing laboratory asks for, in one signed folder.

``crupier certify --out DIR`` writes

* ``reports/``: the PAR report of every game (HTML, PDF, JSON, charts);
* ``rng-report.json``: the random-source test battery (NIST SP 800-22 and the draws);
* ``profiles/<game>/<name>.toml``: every built-in rules profile, with its citations;
* ``source.json``: the SHA-256 of every file of the installed ``crupier`` package and of the
  whole tree;
* ``dependencies.json``: the installed distributions and their versions;
* ``manifest.json``: the SHA-256 of every file above, the key id and public key;
* ``manifest.sig``: the Ed25519 signature of ``manifest.json`` by the casino key.

:func:`verify_package` (``crupier verify --package DIR``) recomputes every hash, refuses a
file that is missing, changed or not listed, and checks the signature (against a given
public key if one is given).

>>> import tempfile
>>> from crupier.ledger.keys import SigningKey
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "a.txt").write_text("x")
>>> key = SigningKey.generate()
>>> sign_folder(folder, key)["files"]
{'a.txt': '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'}
>>> verify_package(folder).ok
True
>>> _ = (folder / "a.txt").write_text("y")
>>> verify_package(folder).problems
['a.txt: changed (SHA-256 differs from the manifest)']
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from crupier.i18n import gettext as _
from crupier.i18n.formats import number
from crupier.ledger.keys import (
    SigningKey,
    b64,
    key_id,
    public_bytes,
    public_key_from_b64,
    unb64,
    verify_signature,
)

MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def source_hashes() -> dict[str, Any]:
    """SHA-256 of every file of the installed ``crupier`` package, and of the whole tree
    (the hash of the sorted ``path hash`` lines)."""
    root = Path(str(resources.files("crupier")))
    files = {
        p.relative_to(root).as_posix(): sha256_file(p)
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    lines = "".join(f"{path} {digest}\n" for path, digest in files.items())
    return {"tree_sha256": hashlib.sha256(lines.encode()).hexdigest(), "files": files}


def dependency_versions() -> dict[str, str]:
    """Every installed distribution with its version (the environment the figures ran in)."""
    found: dict[str, str] = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        if name:
            found[name.lower()] = dist.version
    found["python"] = sys.version.split()[0]
    return dict(sorted(found.items()))


def _listed(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): sha256_file(p)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in (MANIFEST, SIGNATURE)
    }


def sign_folder(
    folder: Path, key: SigningKey, about: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Write ``manifest.json`` (every file's SHA-256) and its signature ``manifest.sig``."""
    manifest = {
        "kind": "crupier certification package",
        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        **(about or {}),
        "key_id": key.key_id,
        "public_key": key.public_b64,
        "files": _listed(folder),
    }
    body = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False).encode("utf-8")
    (folder / MANIFEST).write_bytes(body)
    (folder / SIGNATURE).write_text(b64(key.sign(body)) + "\n", "ascii")
    return manifest


@dataclass
class PackageCheck:
    """The result of :func:`verify_package`: ``ok`` and what is wrong, file by file."""

    problems: list[str] = field(default_factory=list)
    files: int = 0
    key_id: str = ""

    @property
    def ok(self) -> bool:
        """True when every file matches the signed manifest."""
        return not self.problems


def verify_package(folder: Path, trusted: Ed25519PublicKey | None = None) -> PackageCheck:
    """Check a certification package: the signature, then every file against the manifest."""
    check = PackageCheck()
    try:
        body = (folder / MANIFEST).read_bytes()
        signature = unb64((folder / SIGNATURE).read_text("ascii").strip())
        manifest = json.loads(body)
        public = public_key_from_b64(str(manifest["public_key"]))
    except (OSError, ValueError, KeyError) as exc:
        check.problems.append(f"{folder}: not a signed package ({exc})")
        return check
    check.key_id = key_id(public)
    if trusted is not None and public_bytes(trusted) != public_bytes(public):
        check.problems.append(
            f"{MANIFEST}: signed by key {check.key_id}, not by the given key {key_id(trusted)}"
        )
    if not verify_signature(public, signature, body):
        check.problems.append(f"{SIGNATURE}: the signature does not match {MANIFEST}")
    listed: dict[str, str] = manifest.get("files", {})
    present = _listed(folder)
    check.files = len(listed)
    for path, digest in sorted(listed.items()):
        if path not in present:
            check.problems.append(f"{path}: missing")
        elif present[path] != digest:
            check.problems.append(f"{path}: changed (SHA-256 differs from the manifest)")
    for path in sorted(set(present) - set(listed)):
        check.problems.append(f"{path}: not in the manifest")
    return check


def write_package(
    folder: Path,
    key: SigningKey,
    games: list[str],
    rng_bits: int,
    progress: Callable[[str], None] = lambda _: None,
    simulate: int | None = None,
) -> dict[str, Any]:
    """Write the whole package into ``folder`` (see the module docstring) and sign it.

    ``simulate``: the reports' simulations, as ``crupier report --simulate`` (``None``: each
    game's default, e.g. 1,000 deals per table size of a poker room's take); their root seed
    is in each report and in the manifest (``report_seed``)."""
    from crupier.analysis import rng_tests
    from crupier.analysis.report import REPORT_SEED, build_report, write_report
    from crupier.core.rng import SystemSource
    from crupier.games.builtin import profiles_dir
    from crupier.games.catalogue import load_profile, profile_names

    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.iterdir()):
        raise FileExistsError(f"{folder}: not empty (a package is written into a new folder)")
    for game in games:
        progress(_("PAR report: {game}").format(game=game))
        report = build_report(game, load_profile(game), simulate=simulate)
        write_report(report, folder / "reports")
        for name in profile_names(game):
            target = folder / "profiles" / game / f"{name}.toml"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes((profiles_dir(game) / f"{name}.toml").read_bytes())
    progress(_("RNG tests: {bits} bits of the system source").format(bits=number(rng_bits)))
    source = SystemSource()
    date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    data = rng_tests.report(rng_tests.run_battery(source, rng_bits), source=source.name,
                            bits=rng_bits, seed=None, date=date)  # fmt: skip
    (folder / "rng-report.json").write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    (folder / "source.json").write_text(json.dumps(source_hashes(), indent=2) + "\n", "utf-8")
    (folder / "dependencies.json").write_text(
        json.dumps(dependency_versions(), indent=2) + "\n", "utf-8"
    )
    version = metadata.version("crupier")
    return sign_folder(folder, key, {"crupier_version": version, "games": games,
                                     "report_seed": REPORT_SEED,
                                     "rng_passed": bool(data["passed"])})  # fmt: skip
