#!/usr/bin/env python3
"""Key-to-screen latency of the SSH door with many playing at once.

Opens N real OpenSSH clients (ssh -tt, each in its own 80x24 pseudo-
terminal) as guests, starts a game against the computer in each (Enter on
the start screen), then, round after round, presses an arrow key in every
session at once and times, for each, how long until the server's redraw
reaches the client's terminal (the first byte after the key). Prints the
samples' median, p99 and worst, in milliseconds.

Usage: ssh_latency.py PORT [SESSIONS] [ROUNDS]
"""

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

PORT = sys.argv[1]
SESSIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 50
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 20
PATIENCE = 60.0


def spawn(n):
    """An ssh client in a pseudo-terminal of its own: its pid and fd."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp("ssh", ["ssh", "-tt", "-F", "/dev/null",
                          "-o", "StrictHostKeyChecking=no",
                          "-o", "UserKnownHostsFile=/dev/null",
                          "-o", "LogLevel=ERROR",
                          "-o", "PubkeyAuthentication=no",
                          "-p", PORT, f"player{n}@127.0.0.1"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_until(fd, text, seen):
    """Reads from fd until `text` has come."""
    deadline = time.monotonic() + PATIENCE
    while text not in seen[fd]:
        left = deadline - time.monotonic()
        if left <= 0:
            sys.exit(f"no {text!r} from a session")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            seen[fd] += os.read(fd, 65536)


def drain(fds, quiet):
    """Reads whatever comes until `quiet` seconds pass without a byte."""
    while True:
        ready, _, _ = select.select(fds, [], [], quiet)
        if not ready:
            return
        for fd in ready:
            os.read(fd, 65536)


def main():
    sessions = [spawn(n) for n in range(SESSIONS)]
    fds = [fd for _, fd in sessions]
    seen = {fd: b"" for fd in fds}
    for fd in fds:
        read_until(fd, b"Lobby", seen)
    for fd in fds:
        os.write(fd, b"\r")
    for fd in fds:
        read_until(fd, b"turn", seen)
    drain(fds, 0.5)
    samples = []
    for round_ in range(ROUNDS):
        key = b"\x1b[C" if round_ % 2 == 0 else b"\x1b[D"
        sent = {}
        for fd in fds:
            sent[fd] = time.monotonic()
            os.write(fd, key)
        waiting = set(fds)
        deadline = time.monotonic() + PATIENCE
        while waiting and time.monotonic() < deadline:
            ready, _, _ = select.select(list(waiting), [], [], 1.0)
            now = time.monotonic()
            for fd in ready:
                os.read(fd, 65536)
                samples.append((now - sent[fd]) * 1000.0)
                waiting.discard(fd)
        if waiting:
            sys.exit(f"{len(waiting)} sessions never redrew")
        drain(fds, 0.2)
    for pid, fd in sessions:
        os.write(fd, b"\x11")
    for pid, fd in sessions:
        try:
            os.kill(pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    samples.sort()
    p = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
    print(f"playing: {SESSIONS} sessions at once, {len(samples)} keys:"
          f" key to screen median {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms,"
          f" worst {samples[-1]:.1f} ms")


main()
