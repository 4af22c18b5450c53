"""btcli.digest.sha256 is hashlib's SHA-256, from the built-in module for a command's few hashes and
from OpenSSL once a process has hashed a megabyte (issue #17)."""

from __future__ import annotations

import hashlib
import random

from btcli import digest


def test_sha256_gives_hashlibs_digests_before_and_after_the_switch(monkeypatch):
    monkeypatch.setattr(digest, "_hashed", 0)
    monkeypatch.setattr(digest, "_openssl", None)
    rng = random.Random(256)
    blobs = [bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000))) for _ in range(200)] + [b""]
    for blob in blobs:  # the built-in one
        assert digest.sha256(blob).hexdigest() == hashlib.sha256(blob).hexdigest()
    assert digest._openssl is None
    big = b"\0" * (digest.SWITCH_AFTER + 1)
    assert digest.sha256(big).digest() == hashlib.sha256(big).digest()
    assert digest._openssl is hashlib.sha256  # moved to OpenSSL's
    for blob in blobs:
        assert digest.sha256(blob).digest() == hashlib.sha256(blob).digest()
