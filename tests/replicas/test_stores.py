"""The shared stores under replicas' concurrency, straight against the tier's PostgreSQL (fast)."""
from __future__ import annotations

import threading

import pytest

pytestmark = pytest.mark.replicas


def test_the_same_lead_from_four_processes_at_once_is_stored_once(stack):
    """Each LeadStore stands for one replica (its own engine and process lock): only the database
    can keep two of them from both finding 'no such lead yet' and both inserting it."""
    from assistant.settings import Settings
    from assistant.storage.leads import LeadIn, LeadStore

    settings = Settings()
    settings.leads.database_url = stack.pg.url
    stores = [LeadStore(settings) for _ in range(4)]
    try:
        for trial in range(10):
            lead = LeadIn(name=f"Race {trial}", phone="+7 900 000-00-00", message="one row, please")
            barrier, out = threading.Barrier(len(stores)), []

            def submit(store: LeadStore) -> None:
                barrier.wait(10)
                out.append(store.add_once(lead))

            threads = [threading.Thread(target=submit, args=(s,)) for s in stores]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert len(out) == len(stores), "a submission hung"
            assert sum(new for _, new in out) == 1 and len({lead_id for lead_id, _ in out}) == 1, out
            assert sum(r["name"] == lead.name for r in stores[0].all()) == 1
    finally:
        for s in stores:
            s.close()
