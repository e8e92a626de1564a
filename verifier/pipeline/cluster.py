"""More than one machine: the same check and audit on a Dask cluster.

Boundary: the only module that imports Dask's ``distributed`` (the
optional extra ``pip install 'ftn-tools[dask]'``), and only when it is
used (``pipeline.jobs.check.check_bag`` imports ``dask.bag``).
``cluster_runner`` lets the driver (``pipeline.driver``) run the pieces of
``files.pieces`` (whole games, cut at game boundaries) on the workers of a
cluster, the results taken back in input order, so the report is the one a
local run writes (a few pieces a task, and those of plain files read by
the workers themselves from the file where they can: ``pipeline.tasks``).
It judges nothing itself. A Dask bag of JSON Lines (one game a line) is
checked by the check job (``pipeline.jobs.check.check_bag``), its
diagnostics a bag:

    import dask.bag as db
    from verifier.pipeline.jobs.check import check_bag
    found = check_bag(db.read_text("games-*.jsonl"), "games").compute()
"""


from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from verifier.pipeline.tasks import DaskMissing

__all__ = ["cluster_runner"]


#: A task on a cluster costs time of the client's, the scheduler's and the
#: worker's whatever its size: a task holds this many pieces (about a
#: megabyte of text).
BATCH = 4


HINT = ("--dask needs Dask's distributed scheduler: pip install 'ftn-tools[dask]' "
        "(or pip install 'dask[distributed]')")


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise DaskMissing(HINT) from None
    return distributed


#: Seconds to wait for a first worker at a scheduler that has none.
WORKER_WAIT = 10.0


#: Seconds to reach the scheduler (and for it to answer as one).
CONNECT_WAIT = 10.0


def checked_address(address: str) -> None:
    """DaskMissing unless ``address`` is one ftn can use: ``tcp://HOST:PORT``
    or ``HOST:PORT`` (``tls://`` needs certificates, which ftn does not
    take)."""
    scheme, sep, _ = address.partition("://")
    if not sep or scheme == "tcp":
        return
    if scheme in ("tls", "wss"):
        raise DaskMissing(f"--dask {address}: {scheme}:// needs a security configuration "
                          "(certificates and keys), which ftn does not take; give the "
                          "scheduler's tcp://HOST:PORT (on a private network, or through an "
                          "SSH tunnel)")
    raise DaskMissing(f"--dask {address}: ftn reaches a scheduler by tcp:// only; give "
                      "tcp://HOST:PORT or HOST:PORT")


def _client(distributed: Any, address: str) -> Any:
    """A client of the scheduler at ``address``; DaskMissing when nothing
    answers there, or something that is not a Dask scheduler."""
    checked_address(address)
    try:
        return distributed.Client(address, timeout=f"{CONNECT_WAIT:g}s")
    except (OSError, TimeoutError) as e:
        raise DaskMissing(f"--dask {address}: cannot reach the scheduler ({e})") from None
    except ValueError:  # a port that is no number, and the like
        raise DaskMissing(f"--dask {address}: not an address; give tcp://HOST:PORT or "
                          "HOST:PORT") from None
    except Exception:  # what it sent is not Dask's (a length read from it: MemoryError)
        raise DaskMissing(f"--dask {address}: what answers there is not a Dask scheduler "
                          "(it does not speak Dask's protocol)") from None


@contextmanager
def cluster_runner(address: str) -> Iterator[tuple[Callable[[Callable[[Any], Any], Any], Any],
                                                   int, bool, int]]:
    """How the driver (``pipeline.driver.drive``) runs pieces on the Dask cluster
    whose scheduler is at ``address`` (a ``pipeline.driver.Runner``): how
    it submits them, how many worker threads there are, that the workers
    read the pieces of plain files themselves (the file's path, range and
    stamp are sent, not its lines: a worker that cannot read them, on
    another machine, is sent the lines after all), and how many pieces a
    task holds (``BATCH``). DaskMissing when the address cannot be used
    (``_client``) or no worker joins the scheduler within ``WORKER_WAIT``
    seconds. The client is closed on the way out."""
    distributed = _distributed()
    client = _client(distributed, address)
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except (TimeoutError, OSError):
            raise DaskMissing(f"no workers joined the scheduler at {address} in "
                              f"{WORKER_WAIT:g} s; start one (dask worker {address}) and run "
                              "again") from None
        threads = sum(client.nthreads().values()) or 1
        yield ((lambda fn, p: _Remote(client.submit(fn, p, pure=False), address)), threads,
               True, BATCH)
    finally:
        client.close()


class _Remote:
    """A task's future on the cluster: its result, or DaskMissing when the
    cluster could not run it (a scheduler or a worker without ftn, or with
    other versions of it), said in one line."""

    def __init__(self, future: Any, address: str) -> None:
        self.future, self.address = future, address

    def result(self) -> Any:
        try:
            return self.future.result()
        except Exception as e:
            said = (str(e).strip().split("\n", 1)[0] or type(e).__name__)[:200]
            raise DaskMissing(f"--dask {self.address}: the cluster could not run ftn's work "
                              f"({said}): the scheduler and its workers need ftn and its "
                              "dependencies installed, the versions used here") from None
