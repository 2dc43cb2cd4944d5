"""Where the tests find the shared reference material: `../shared`, next to the repository.

Never an absolute machine path: the folder is found from this file. A missing folder stops the
run at collection with a message naming it, instead of a suite that collects nothing and
passes; a count check names the folder it read.
"""

from __future__ import annotations

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
SHARED = REPOSITORY.parent / "shared"


class MissingSharedFolder(FileNotFoundError):
    """A folder of the shared reference material is not where the tests look for it."""


def shared_folder(*parts: str) -> Path:
    """The folder `../shared/<parts>` next to the repository; raises when it is missing."""
    folder = SHARED.joinpath(*parts)
    if not folder.is_dir():
        wanted = "/".join(("shared", *parts))
        raise MissingSharedFolder(
            f"missing folder {folder}: the tests read {wanted} from the folder 'shared' next "
            f"to the repository ({REPOSITORY}); put the shared reference material there"
        )
    return folder


def assert_file_count(folder: Path, pattern: str, expected: int) -> list[Path]:
    """The files of `folder` that match `pattern`, sorted; fails, naming the folder, unless
    there are exactly `expected` of them."""
    found = sorted(folder.glob(pattern))
    assert len(found) == expected, (
        f"{folder}: expected {expected} files matching {pattern}, found {len(found)}"
    )
    return found
