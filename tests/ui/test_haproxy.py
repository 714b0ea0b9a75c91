"""deploy/haproxy.cfg, run by the real HAProxy on loopback (no model, no replica process): its own
503 speaks like a replica's (JSON, Retry-After), and a replica slow to answer /healthz while busy is
not taken for dead (the check timeout: under load both replicas were marked down and HAProxy
answered 503 itself)."""
import shutil
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from bench.services import Proc, haproxy_config

EXE = shutil.which("haproxy") or "/usr/sbin/haproxy"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Slow(BaseHTTPRequestHandler):
    """A busy replica: /healthz takes 1.5 s (three times the check interval), everything else is quick."""

    def do_GET(self):  # noqa: N802 (http.server's name)
        if self.path == "/healthz":
            time.sleep(1.5)
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def _lb(tmp_path: Path, backends: list[int]) -> tuple[Proc, str]:
    if not Path(EXE).exists():
        pytest.fail("HAProxy is not installed; `make system-deps` installs it (as root)")
    port = _port()
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, backends))
    lb = Proc("haproxy", [EXE, "-f", str(cfg), "-db"], tmp_path).launch()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/healthz", timeout=5)  # any answer: HAProxy listens
            return lb, url
        except httpx.HTTPError:
            time.sleep(0.1)
    lb.stop()
    pytest.fail("HAProxy did not start:\n" + lb.tail())


def test_haproxys_own_503_is_json_with_retry_after(tmp_path):
    lb, url = _lb(tmp_path, [_port(), _port()])  # nothing listens there: no replica is up
    try:
        time.sleep(1.5)  # the checks mark both down
        r = httpx.post(url + "/api/ask", json={"message": "хватит ли 3090 для llama 3 8b"}, timeout=10)
    finally:
        lb.stop()
    assert r.status_code == 503
    assert r.headers["retry-after"] == "5" and r.headers["content-type"].startswith("application/json")
    msg = r.json()["error"]
    assert "try again" in msg and "повторите" in msg


def test_a_replica_slow_to_answer_its_health_check_is_not_taken_for_dead(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    lb, url = _lb(tmp_path, [server.server_address[1]])
    try:
        time.sleep(4)  # several check intervals, each answered after 1.5 s
        codes = [httpx.get(url + "/api/models", timeout=10).status_code for _ in range(5)]
    finally:
        lb.stop()
        server.shutdown()
    assert codes == [200] * 5
