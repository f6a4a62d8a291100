#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Tail server for bench/tail/run: a loopback HTTP/1.0 server whose
service time is heavy-tailed, from a fixed seed.

    server.py [--seed N] [--slow FRACTION] [--fast LO,HI] [--slow-range LO,HI]
              [--lifetime S] [--port P]

Every request (any path but /stats) is one arrival: the server draws its
service time from one random.Random(seed), in arrival order: with
probability FRACTION (default 0.025) uniform in [1 s, 3 s] (the slow
tail: a GC pause, a cold cache, a lost packet), otherwise uniform in
[8 ms, 14 ms]. It waits that long, answers "200 OK" with a short body and
closes. Requests are served concurrently (asyncio: any number at once),
so a hedge is never queued behind the slow copy it hedges. A client that
hung up meanwhile (a hedge's loser, stopped by retry) is not an error.

GET /stats answers at once and is not counted: "requests N slow M
inflight K" (arrivals so far, those drawn slow, those not yet answered).
On start it prints "port N" on stdout once listening; it exits by itself
after LIFETIME seconds (default 3600), on SIGTERM/SIGINT, or within a
second of its parent's death.
"""
import argparse
import asyncio
import os
import random
import signal
import sys


class Tail:
    def __init__(self, args):
        self.rng = random.Random(args.seed)
        self.slow_p = args.slow
        self.fast = args.fast
        self.slow_range = args.slow_range
        self.requests = 0
        self.slow = 0
        self.inflight = 0

    def draw(self):
        if self.rng.random() < self.slow_p:
            self.slow += 1
            return self.rng.uniform(*self.slow_range)
        return self.rng.uniform(*self.fast)

    async def handle(self, reader, writer):
        try:
            line = await asyncio.wait_for(reader.readline(), 10)
            # the rest of the header, up to the empty line
            while True:
                h = await asyncio.wait_for(reader.readline(), 10)
                if h in (b"\r\n", b"\n", b""):
                    break
            parts = line.split()
            path = parts[1] if len(parts) > 1 else b"/"
            if path == b"/stats":
                body = (f"requests {self.requests} slow {self.slow} "
                        f"inflight {self.inflight}\n").encode()
            else:
                self.requests += 1
                self.inflight += 1
                try:
                    await asyncio.sleep(self.draw())
                finally:
                    self.inflight -= 1
                body = b"ok\n"
            writer.write(b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n"
                         + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            await writer.drain()
        except (asyncio.TimeoutError, ConnectionError, OSError):
            pass
        finally:
            try:
                writer.close()
            except OSError:
                pass


def pair(s):
    lo, hi = (float(x) for x in s.split(","))
    return lo, hi


async def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--slow", type=float, default=0.025)
    ap.add_argument("--fast", type=pair, default=(0.008, 0.014))
    ap.add_argument("--slow-range", type=pair, default=(1.0, 3.0))
    ap.add_argument("--lifetime", type=float, default=3600)
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    tail = Tail(args)
    srv = await asyncio.start_server(tail.handle, "127.0.0.1", args.port, backlog=1024)
    port = srv.sockets[0].getsockname()[1]
    print(f"port {port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for s in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(s, stop.set)
    # and when the harness that started it is gone (killed): orphaned,
    # the server has another parent
    parent = os.getppid()

    async def orphaned():
        while os.getppid() == parent:
            await asyncio.sleep(1)
        stop.set()

    watch = asyncio.create_task(orphaned())
    try:
        await asyncio.wait_for(stop.wait(), args.lifetime)
    except asyncio.TimeoutError:
        pass
    watch.cancel()
    srv.close()
    print(f"requests {tail.requests} slow {tail.slow}", file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
