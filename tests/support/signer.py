"""A device's WebCrypto signer for play by link's tests (dom.js's samarkandSign and
samarkandVerify), without a browser."""

from __future__ import annotations


class FakeSigner:
    """dom.js's samarkandSign/samarkandVerify without WebCrypto, signing for real: a
    device's key for a game is a secret made at its first link of that game; its "public
    key" is a digest of the secret, and a signature the HMAC-SHA256 of the signed text
    ("<fragment>.<key>") under the secret. `verify` finds the secret of a key in the
    registry all fake devices share (what the math of a real key pair does): a text
    changed, or signed by another key, does not verify. `lose_keys()`: the device's
    IndexedDB cleared (its next link makes a new key)."""

    registry: dict[str, bytes] = {}

    def __init__(self, device: str) -> None:
        self.device = device
        self.keys: dict[str, tuple[str, bytes]] = {}
        self.lost = 0

    def sign(self, game: str, fragment: str) -> str:
        import base64
        import hashlib
        import hmac

        if game not in self.keys:
            secret = hashlib.sha256(f"{self.device}/{game}/{self.lost}".encode()).digest()
            public = base64.urlsafe_b64encode(hashlib.sha256(b"pub" + secret).digest())
            self.keys[game] = (public.decode().rstrip("="), secret)
            FakeSigner.registry[self.keys[game][0]] = secret
        key, secret = self.keys[game]
        mac = hmac.new(secret, f"{fragment}.{key}".encode(), hashlib.sha256).digest()
        return f"{key}.{base64.urlsafe_b64encode(mac).decode().rstrip('=')}"

    @staticmethod
    def verify(key: str, signed: str, signature: str) -> bool:
        import base64
        import hashlib
        import hmac

        secret = FakeSigner.registry.get(key)
        if secret is None:
            return False
        mac = hmac.new(secret, signed.encode(), hashlib.sha256).digest()
        return hmac.compare_digest(base64.urlsafe_b64encode(mac).decode().rstrip("="),
                                   signature)

    def lose_keys(self) -> None:
        self.keys.clear()
        self.lost += 1
