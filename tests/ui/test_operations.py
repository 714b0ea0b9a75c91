"""The vendor's side over HTTP: /metrics, the admin routes (with and without a token), the proposal
PDF, a catalog import reaching a running app's next answer, the conversation store going down."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest
from fastapi.testclient import TestClient
from web_helpers import private_settings

from ui.app import create_app

TOKEN = "s3cret-token-for-tests"


def _app(kb_settings, tmp_path, make_assistant, token=None, answers=None, **conv):
    s = private_settings(kb_settings, tmp_path)
    s.conversations.database_url = conv.get("url") or f"sqlite:///{tmp_path / 'conv.sqlite3'}"
    s.conversations.connect_timeout_s = 1
    s.operator.database_url = f"sqlite:///{tmp_path / 'operator.sqlite3'}"
    s.operator.admin_token = token
    return create_app(s, make_assistant(answers or ["Хватит: памяти с запасом."]), mount_ui=False)


def test_metrics_split_latency_and_count_guard_and_busy(kb_settings, tmp_path, make_assistant):
    with TestClient(_app(kb_settings, tmp_path, make_assistant)) as c:
        assert c.post("/api/ask", json={"message": "Llama-3-8B на RTX 4090 хватит?"}).status_code == 200
        text = c.get("/metrics").text
    assert 'gpu_sizer_turn_seconds_count{part="computed"} 1.0' in text
    assert 'gpu_sizer_turn_seconds_count{part="first_token"} 1.0' in text
    assert 'gpu_sizer_turn_seconds_count{part="total"} 1.0' in text
    assert 'gpu_sizer_model_queue{state="waiting"} 0.0' in text
    assert 'gpu_sizer_model_status{state="ready"} 1.0' in text
    assert "gpu_sizer_guard_interventions_total" in text or "gpu_sizer_guard_interventions" in text
    assert 'gpu_sizer_http_responses_total{status="2xx"}' in text


def test_no_token_no_admin_routes(kb_settings, tmp_path, make_assistant):
    with TestClient(_app(kb_settings, tmp_path, make_assistant)) as c:
        assert c.get("/admin").status_code == 404
        assert c.post("/admin/login", data={"token": "x"}).status_code == 404
        assert c.post("/admin/catalog/reload").status_code == 404


def test_admin_needs_the_token_and_shows_what_failed(kb_settings, tmp_path, make_assistant):
    with TestClient(_app(kb_settings, tmp_path, make_assistant, token=TOKEN)) as c:
        assert c.get("/admin").status_code == 401
        assert c.post("/admin/login", data={"token": "wrong"}).status_code == 401
        c.post("/api/ask", json={"message": "Сколько памяти нужно для RTX 9090 и <b>Llama 9 900B</b> на 7 штук?"})
        r = c.get("/admin", headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 200 and "default-src 'none'" in r.headers["content-security-policy"]
        assert "&lt;b&gt;Llama 9 900B&lt;/b&gt;" in r.text and "<b>Llama" not in r.text  # escaped
        assert "Not understood" in r.text and "p50" in r.text
        login = c.post("/admin/login", data={"token": TOKEN}, follow_redirects=False)
        assert login.status_code == 303 and "httponly" in login.headers["set-cookie"].lower()
        assert c.get("/admin").status_code == 200  # the cookie now


def test_question_logging_can_be_turned_off(kb_settings, tmp_path, make_assistant):
    app = _app(kb_settings, tmp_path, make_assistant, token=TOKEN)
    app.state.operator.enabled = False
    with TestClient(app) as c:
        c.post("/api/ask", json={"message": "Llama-3-8B?"})
    assert app.state.operator.count() == 0


def test_proposal_pdf_of_a_conversation(kb_settings, tmp_path, make_assistant):
    with TestClient(_app(kb_settings, tmp_path, make_assistant)) as c:
        assert c.get("/proposal/nope.pdf").status_code == 404
        conv = c.post("/api/ask", json={"message": "Какой сервер для Llama-3-70B fp16, контекст 8k?"}).json()
        r = c.get(f"/proposal/{conv['conversation_id']}.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF") and r.headers["content-type"] == "application/pdf"
    if shutil.which("pdftotext"):
        pdf = tmp_path / "p.pdf"
        pdf.write_bytes(r.content)
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        assert "Предложение по GPU-серверу" in text and "Рекомендуемые конфигурации" in text
        assert "версия каталога" in text


def test_store_down_the_turn_still_computes_with_a_notice(kb_settings, tmp_path, make_assistant):
    app = _app(kb_settings, tmp_path, make_assistant, url="postgresql+psycopg://postgres@127.0.0.1:9/x")
    with TestClient(app) as c:
        r = c.post("/api/ask", json={"message": "Llama-3-8B на RTX 4090?", "conversation_id": "abc123"})
    assert r.status_code == 200
    body = r.json()
    assert body["computed"] and any("хранилище разговоров" in n for n in body["notices"])


def test_catalog_import_reaches_a_running_server_without_restart(kb_settings, tmp_path):
    """The real thing: `gpu-sizer serve` on a copy of the catalog, `gpu-sizer catalog import` beside it,
    and the next answer quotes the new price."""
    import sys
    from pathlib import Path

    import httpx

    from bench.services import free_port, replica
    from tools.paths import CATALOG_DIR

    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    port = free_port()
    env = {"GPU_SIZER_CATALOG_DIR": str(catalog), "GPU_SIZER_LLM__MODE": "none",
           "GPU_SIZER_RETRIEVAL__DATA_DIR": str(kb_settings.retrieval.data_dir),
           "GPU_SIZER_CONVERSATIONS__DATABASE_URL": f"sqlite:///{tmp_path / 'conv.sqlite3'}",
           "GPU_SIZER_OPERATOR__CATALOG_WATCH_S": "0.3"}
    ask = {"message": "Сколько стоит RTX 4090?", "no_llm": True}
    with replica("serve", port, tmp_path, env):
        url = f"http://127.0.0.1:{port}/api/ask"
        assert "1 600–2 000 $" in httpx.post(url, json=ask, timeout=60).json()["computed"]
        bad = tmp_path / "bad.csv"
        bad.write_text("id,price_usd_min,price_usd_max\nrtx-4090,1234,oops\n", encoding="utf-8")
        gpu_sizer = [str(Path(sys.executable).parent / "gpu-sizer"), "catalog", "import", "--no-index",
                     "--catalog-dir", str(catalog)]
        done = subprocess.run([*gpu_sizer, str(bad)], capture_output=True, text=True)
        assert done.returncode == 2 and "rejected: bad.csv line 2 (rtx-4090): price_usd_max" in done.stderr
        assert "Traceback" not in done.stderr
        good = tmp_path / "prices.csv"
        good.write_text("id,price_usd_min,price_usd_max\nrtx-4090,1234,1999\n", encoding="utf-8")
        done = subprocess.run([*gpu_sizer, str(good)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "~ gpus rtx-4090: price_usd_min 1600 -> 1234.0" in done.stdout
        deadline = time.monotonic() + 10
        while "1 234–1 999 $" not in httpx.post(url, json=ask, timeout=60).json()["computed"]:
            assert time.monotonic() < deadline, "the running server kept the old price"
            time.sleep(0.3)


def test_catalog_reload_endpoint_needs_the_token(kb_settings, tmp_path, make_assistant):
    with TestClient(_app(kb_settings, tmp_path, make_assistant, token=TOKEN)) as c:
        assert c.post("/admin/catalog/reload").status_code == 401
        r = c.post("/admin/catalog/reload", headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 200 and r.json()["reloaded"] and r.json()["changed"] > 0



def test_proposal_marks_a_count_found_as_the_least_that_fits(kb_settings, tmp_path, make_assistant):
    """"How many A100s": the PDF's scenario line tells the count the calculation found from a default."""
    with TestClient(_app(kb_settings, tmp_path, make_assistant)) as c:
        conv = c.post("/api/ask", json={"message": "how many A100s do I need for llama 3 70b for 50 people"}).json()
        r = c.get(f"/proposal/{conv['conversation_id']}.pdf")
    assert r.status_code == 200
    if shutil.which("pdftotext"):
        pdf = tmp_path / "p.pdf"
        pdf.write_bytes(r.content)
        text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout.split())
        assert "cards 5 (the least that fits)" in text and "context 8,192 (default)" in text
