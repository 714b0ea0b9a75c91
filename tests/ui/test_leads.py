"""Hand-off store: validation, CSV export, durability across a restart and a kill -9 of the real server."""
from __future__ import annotations

import csv
import io
import json
import signal
import sqlite3

import httpx
import pytest
from pydantic import ValidationError
from web_helpers import ServeProcess, copy_index

from assistant.storage.leads import LeadIn, LeadStore
from assistant.settings import RetrievalSettings, Settings


@pytest.fixture
def store(tmp_path):
    s = LeadStore(Settings(retrieval=RetrievalSettings(data_dir=tmp_path)))
    yield s
    s.close()


def _rows(csv_text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(csv_text)))


def test_sqlite_is_in_the_data_dir_in_wal_mode_with_full_sync(store, tmp_path):
    store.add(LeadIn(name="Ivan", email="ivan@example.com"))
    assert store.url == f"sqlite:///{tmp_path / 'leads.sqlite3'}"
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_export_round_trips_every_field(store):
    scenario = {"model": "llama-3-70b", "users": 20}
    configs = [{"gpu": "RTX 6000 Ada", "count": 4, "servers": ["HUANANZHI DeepSeek"]}]
    lead_id = store.add(LeadIn(name="Анна Петрова", phone="+7 999 123-45-67", message="Перезвоните\nпосле 18:00",
                               conversation_id="c1"), language="ru", scenario=scenario, configurations=configs)
    (row,) = _rows(store.export("csv"))
    # a leading "+" would make a spreadsheet read the phone as a formula: it is exported behind an apostrophe
    assert row["id"] == lead_id and row["name"] == "Анна Петрова" and row["phone"] == "'+7 999 123-45-67"
    assert row["message"] == "Перезвоните\nпосле 18:00" and row["language"] == "ru" and row["conversation_id"] == "c1"
    assert json.loads(row["scenario"]) == scenario and json.loads(row["configurations"]) == configs
    assert row["created_at"].endswith("+00:00")


def test_export_defuses_spreadsheet_formulas(store):
    store.add(LeadIn(name="=HYPERLINK(\"http://evil\")", email="a@b.co", message="@SUM(A1)"))
    (row,) = _rows(store.export())
    assert row["name"].startswith("'=") and row["message"].startswith("'@")


def test_export_rejects_unknown_format(store):
    with pytest.raises(ValueError, match="unknown export format 'xlsx'"):
        store.export("xlsx")


def test_contact_is_cleaned_and_validated():
    lead = LeadIn(name="  Ivan\u200b\u202e ", email=" ivan@example.com ", message="  line one\x07\nline two  ")
    assert lead.name == "Ivan" and lead.email == "ivan@example.com" and lead.message == "line one\nline two"
    for bad, expected in [({"name": "Ivan"}, "phone number or an e-mail"),
                          ({"name": "Ivan", "phone": "+7 999 1234567 8901234"}, "7 to 15 digits"),
                          ({"name": "Ivan", "phone": "+7 999 123-45-67; DROP TABLE"}, "7 to 15 digits"),
                          ({"name": "Ivan", "email": "a@b"}, "name@example.com")]:
        with pytest.raises(ValidationError, match=expected):
            LeadIn(**bad)


def test_database_url_setting_is_used(tmp_path):
    settings = Settings(retrieval=RetrievalSettings(data_dir=tmp_path / "data"))
    settings.leads.database_url = f"sqlite:///{tmp_path / 'elsewhere' / 'crm.db'}"
    store = LeadStore(settings)
    store.add(LeadIn(name="Ivan", phone="+79991234567"))
    store.close()
    assert sqlite3.connect(tmp_path / "elsewhere" / "crm.db").execute("select count(*) from leads").fetchone() == (1,)
    assert not (tmp_path / "data" / "leads.sqlite3").exists()


def test_lead_survives_restart_and_kill_9_of_the_real_server(kb_settings, tmp_path):
    """The API says "ok" only after the commit is on disk: a kill -9 right after must not lose it."""
    server = ServeProcess(copy_index(kb_settings, tmp_path / "data"))
    try:
        server.start()
        # a real conversation over HTTP, then a graceful restart
        turn = httpx.post(f"{server.url}/api/ask", json={"message": "Llama-3-8B на одной RTX 4090?"}, timeout=60)
        assert turn.status_code == 200 and "Расчёт памяти" in turn.json()["computed"]
        first = httpx.post(f"{server.url}/api/leads", timeout=30, json={
            "name": "Ivan", "email": "ivan@example.com", "conversation_id": turn.json()["conversation_id"]})
        assert first.status_code == 201
        server.stop(signal.SIGTERM)

        server.start()
        second = httpx.post(f"{server.url}/api/leads", json={"name": "Анна", "phone": "+7 999 123-45-67"},
                            timeout=30)
        assert second.status_code == 201 and second.json()["status"] == "ok"
        server.proc.kill()  # SIGKILL the moment the answer arrived: no shutdown hooks, no flush
        server.proc.wait()
    finally:
        server.stop()

    out = server.cli("leads", "export", "--format", "csv")
    assert out.returncode == 0, out.stderr
    rows = {r["id"]: r for r in _rows(out.stdout)}
    assert rows[first.json()["id"]]["email"] == "ivan@example.com"
    assert json.loads(rows[first.json()["id"]]["scenario"])["model"] == "llama-3-8b"
    assert rows[second.json()["id"]]["name"] == "Анна"

    out_file = tmp_path / "leads.csv"
    assert server.cli("leads", "export", "--out", str(out_file)).returncode == 0
    assert {r["id"] for r in _rows(out_file.read_text(encoding="utf-8"))} == set(rows)


def test_missing_database_driver_is_one_clear_message(tmp_path):
    settings = Settings(retrieval=RetrievalSettings(data_dir=tmp_path))
    settings.leads.database_url = "postgresql+nosuchdriver://crm@localhost/leads"
    with pytest.raises(RuntimeError, match="needs a driver that is not installed"):
        LeadStore(settings)
