"""SHA-256 without ``hashlib``'s import (issue #17).

``import hashlib`` loads OpenSSL's libcrypto, about 2 ms of every command, run hundreds of times a
game; btcli needs only SHA-256, which CPython also builds in as ``_sha256`` (the same digest, from
its own C code). Where that module is missing (3.12 names it ``_sha2``; a Python built
otherwise), hashlib's.
"""

from __future__ import annotations

try:
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12 and later name it _sha2; other builds have hashlib's
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
