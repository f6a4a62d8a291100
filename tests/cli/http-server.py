# SPDX-License-Identifier: ISC
"""A scripted HTTP server for retry's --http tests (standard library only).

http-server.py PORTFILE LOGFILE RESPONSE...

Listens on 127.0.0.1, on a port the kernel picks, and writes that port and
a newline to PORTFILE (all at once, by a rename) once it accepts
connections.  Request N gets RESPONSE number N; the last one repeats.  Each
request, before its answer is sent, appends one line to LOGFILE:
"<monotonic ms> <path>", flushed, so that a client that has its answer
finds the line there.

RESPONSE is CODE[:NAME=VALUE]...: the status code, then header lines, e.g.
503, 429:Retry-After=1, 301:Location=/next.  NAME body is no header: its
VALUE is a file whose bytes are the body.  Without it the body is the line
"CODE REASON (request N)".  NAME sleep is no header either: the answer
waits VALUE seconds (requests are served side by side, each in a thread
of its own, so a slow answer holds no other back).  A VALUE may hold
colons (an HTTP-date); only a colon before NAME= separates.

Nothing is written to stdout or stderr.  The server exits by itself after
60 s (HTTP_SERVER_LIFETIME seconds if set), so that nothing outlives a
test that forgot it.
"""
import http.server
import os
import re
import socketserver
import sys
import threading
import time


def parse(spec):
    code, _, rest = spec.partition(":")
    headers, body, sleep = [], None, 0.0
    for item in re.split(r":(?=[A-Za-z][A-Za-z0-9-]*=)", rest) if rest else []:
        name, _, value = item.partition("=")
        if name == "body":
            with open(value, "rb") as f:
                body = f.read()
        elif name == "sleep":
            sleep = float(value)
        else:
            headers.append((name, value))
    return int(code), headers, body, sleep


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    responses_ = []
    log_ = None
    count_ = 0
    lock_ = threading.Lock()

    def answer(self, with_body):
        cls = type(self)
        with cls.lock_:
            cls.count_ += 1
            n = cls.count_
            cls.log_.write("%d %s\n" % (time.monotonic_ns() // 1000000,
                                        self.path))
            cls.log_.flush()
        code, headers, body, sleep = \
            cls.responses_[min(n, len(cls.responses_)) - 1]
        if sleep:
            time.sleep(sleep)
        if body is None:
            reason = self.responses.get(code, ("Status",))[0]
            body = ("%d %s (request %d)\n" % (code, reason, n)).encode()
        self.send_response(code)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def do_GET(self):
        self.answer(True)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.answer(True)

    def do_HEAD(self):
        self.answer(False)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that went away is no news


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: http-server.py PORTFILE LOGFILE RESPONSE...")
    portfile, logfile = argv[0], argv[1]
    Handler.responses_ = [parse(s) for s in argv[2:]]
    Handler.log_ = open(logfile, "a")
    end = time.monotonic() + float(os.environ.get("HTTP_SERVER_LIFETIME", 60))
    server = Server(("127.0.0.1", 0), Handler)
    server.timeout = 0.2
    tmp = portfile + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % server.server_address[1])
    os.rename(tmp, portfile)
    while time.monotonic() < end:
        server.handle_request()
    server.server_close()


if __name__ == "__main__":
    main(sys.argv[1:])
