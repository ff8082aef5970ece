#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""ask_server.py: the remote side of tests/ask.sh, an OpenAI-compatible
chat-completions server on 127.0.0.1 that plays a model and a bad network.

It knows every request gen can send from a requests file (gen requests' output:
a request is recognised by its messages), and answers each from gen gold's file:
right for about two thirds of the ids, "zzz" (which no task's parser reads as
right) for the others, decided by a hash of the id, so the accuracy gen score
must give is known in advance (written to --plan).  On the first attempts of a
few ids it injects faults: a 429 with Retry-After, 500s, a 200 whose body is
not JSON, a 200 that is not a chat completion, a response slower than the
client's time-out.  It checks the key (a wrong one gets a 401 that echoes it, as
some APIs do), knows one model (others get a 404), redirects /redirect/...,
sends a body over gen's bound to the model "huge" and a 400 to the model "bad".
GET /stats reports what it saw: attempts per id, completions per id, the most
requests in flight at once, the times of each attempt.

Standard library only (Debian's /usr/bin/python3).  It listens on 127.0.0.1
alone, writes its port to --port-file, and stops by itself after --lifetime
seconds or at SIGTERM.
"""
import argparse
import hashlib
import os
import json
import select
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FAULTS = ["429", "500", "500x2", "notjson", "nochoices", "slow", "echo"]


def messages_key(messages):
    return hashlib.sha256(json.dumps(messages, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def right_for(cid):
    return int(hashlib.sha256(cid.encode()).hexdigest()[:8], 16) % 3 != 0


class State:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.inflight = 0
        self.most = 0
        self.attempts = {}
        self.ok = {}
        self.times = {}
        self.faults_done = {}
        self.posts = 0
        self.by_messages = {}
        self.gold = {}
        self.faults = {}
        if args.requests:
            with open(args.requests) as f:
                for line in f:
                    req = json.loads(line)
                    self.by_messages[messages_key(req["body"]["messages"])] = req["custom_id"]
        if args.gold:
            with open(args.gold) as f:
                for rec in json.load(f):
                    self.gold[rec["id"]] = rec["gpt_response"]
        ids = sorted(self.by_messages.values())
        if args.faults:
            # fault k goes to task k mod T (tasks by name), to its (k div T + 2)-th id
            tasks = sorted({cid.split("/")[0] for cid in ids})
            of = {t: [cid for cid in ids if cid.split("/")[0] == t] for t in tasks}
            for k, kind in enumerate(FAULTS):
                mine = of[tasks[k % len(tasks)]]
                j = k // len(tasks) + 1
                if j < len(mine):
                    self.faults[mine[j]] = kind
        if args.plan:
            with open(args.plan, "w") as f:
                json.dump({"right": {cid: right_for(cid) for cid in ids}, "faults": self.faults}, f, indent=1)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def reply(self, status, payload, headers=None, ctype="application/json"):
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass

    def do_GET(self):
        st = self.server.state
        if self.path == "/stats":
            with st.lock:
                out = {"most_in_flight": st.most, "attempts": st.attempts, "ok": st.ok, "times": st.times,
                       "faults_done": st.faults_done, "posts": st.posts}
            self.reply(200, out)
        else:
            self.reply(404, {"error": {"message": "no such page"}})

    def client_gone(self):
        """True when the client has closed the connection."""
        try:
            r, _, _ = select.select([self.connection], [], [], 0)
            return bool(r) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def do_POST(self):
        st = self.server.state
        n = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(n)
        with st.lock:
            st.inflight += 1
            st.most = max(st.most, st.inflight)
            st.posts += 1
        try:
            self.answer(st, raw)
        finally:
            with st.lock:
                st.inflight -= 1

    def answer(self, st, raw):
        a = st.args
        if self.path.startswith("/redirect/"):
            self.reply(307, {"error": {"message": "moved"}},
                       {"Location": "http://127.0.0.2:9/v1/chat/completions"})
            return
        if self.path != "/v1/chat/completions":
            self.reply(404, {"error": {"message": "no route %s" % self.path}})
            return
        auth = self.headers.get("Authorization", "")
        if a.key and auth != "Bearer " + a.key:
            given = auth[len("Bearer "):] if auth.startswith("Bearer ") else auth
            self.reply(401, {"error": {"message": "Incorrect API key provided: %s. You can find your API key "
                                       "in your account." % given, "type": "invalid_request_error"}})
            return
        body = json.loads(raw)
        model = body.get("model")
        if model == "huge":
            filler = "x" * (17 << 20)
            self.reply(200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": filler}}]})
            return
        if model == "bad":
            self.reply(400, {"error": {"message": "this model takes no images"}})
            return
        if model != a.model:
            self.reply(404, {"error": {"message": "The model `%s` does not exist." % model}})
            return
        cid = st.by_messages.get(messages_key(body.get("messages")))
        if cid is None:
            self.reply(400, {"error": {"message": "a request the test server does not know"}})
            return
        with st.lock:
            k = st.attempts.get(cid, 0) + 1
            st.attempts[cid] = k
            st.times.setdefault(cid, []).append(time.monotonic())
        fault = st.faults.get(cid)
        first = k == 1 or (fault == "500x2" and k == 2)
        if fault and first and fault != "echo":
            with st.lock:
                st.faults_done.setdefault(cid, []).append(fault)
            if fault == "429":
                self.reply(429, {"error": {"message": "rate limited"}}, {"Retry-After": "1"})
            elif fault in ("500", "500x2"):
                self.reply(500, {"error": {"message": "internal error"}})
            elif fault == "notjson":
                self.reply(200, b"<html><body>busy</body></html>", ctype="text/html")
            elif fault == "nochoices":
                self.reply(200, {"object": "error", "message": "overloaded"})
            elif fault == "slow":
                end = time.monotonic() + a.slow
                while time.monotonic() < end and not self.client_gone():
                    time.sleep(0.02)
                if not self.client_gone():
                    self.reply(200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": "late"}}]})
            return
        if a.delay:
            time.sleep(a.delay)
        text = st.gold[cid] if right_for(cid) else "zzz"
        out = {"id": "chatcmpl-%d" % k, "object": "chat.completion", "model": model,
               "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                            "finish_reason": "stop"}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 7, "total_tokens": 107}}
        if fault == "echo":
            out["echo"] = auth  # a server that leaks the key back: gen must not write it
            with st.lock:
                st.faults_done.setdefault(cid, []).append(fault)
        with st.lock:
            st.ok[cid] = st.ok.get(cid, 0) + 1
        self.reply(200, out)


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that closed its connection (gen ask after a time-out): nothing to report


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port-file", required=True)
    p.add_argument("--requests")
    p.add_argument("--gold")
    p.add_argument("--plan")
    p.add_argument("--key", default="")
    p.add_argument("--model", default="test-model")
    p.add_argument("--faults", action="store_true")
    p.add_argument("--delay", type=float, default=0.0)
    p.add_argument("--slow", type=float, default=5.0)
    p.add_argument("--lifetime", type=float, default=600.0)
    p.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve https with this certificate")
    a = p.parse_args()
    srv = Server(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    srv.state = State(a)
    if a.tls:
        import ssl
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(a.tls[0], a.tls[1])
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    with open(a.port_file + ".tmp", "w") as f:
        f.write(str(srv.server_address[1]))
    os.rename(a.port_file + ".tmp", a.port_file)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=srv.shutdown).start())
    timer = threading.Timer(a.lifetime, srv.shutdown)
    timer.daemon = True
    timer.start()
    srv.serve_forever(poll_interval=0.1)
    srv.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
