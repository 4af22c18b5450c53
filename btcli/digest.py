"""SHA-256 without ``hashlib``'s import for a command (issue #17).

``import hashlib`` loads OpenSSL's libcrypto, about 2 ms of every command, run hundreds of times a
game. CPython also builds SHA-256 in as ``_sha256`` (the same digest, from its own C code; 3.12 names
it ``_sha2``), which imports at no cost but hashes about five times slower than OpenSSL on blobs of a
few kilobytes. So ``sha256`` starts with the built-in one and moves to hashlib's once this process
has hashed a megabyte (a command hashes far less; a verify or a long ``btcli play`` hashes much more,
and then the import pays for itself).
"""

from __future__ import annotations

try:
    from _sha256 import sha256 as _builtin
except ImportError:  # pragma: no cover - Python 3.12 and later; other builds have only hashlib's
    try:
        from _sha2 import sha256 as _builtin
    except ImportError:
        _builtin = None

SWITCH_AFTER = 1 << 20  # bytes hashed with the built-in SHA-256 before moving to OpenSSL's
_hashed = 0
_openssl = None


def sha256(data: bytes = b""):
    """Returns a SHA-256 hash object of ``data`` (``.digest()``, ``.hexdigest()``), as hashlib.sha256."""
    global _hashed, _openssl
    if _openssl is None:
        _hashed += len(data)
        if _hashed <= SWITCH_AFTER and _builtin is not None:
            return _builtin(data)
        import hashlib

        _openssl = hashlib.sha256
    return _openssl(data)
