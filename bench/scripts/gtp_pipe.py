"""A GTP engine on a pipe and one command to it, for the scripts that drive engines themselves."""
import shlex
import subprocess
import sys


def spawn(cmd):
    """Start the engine `cmd` (a command line, or its words as a list) with text-mode pipes."""
    words = shlex.split(cmd) if isinstance(cmd, str) else cmd
    return subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def gtp(p, cmd):
    """Send `cmd` to the engine process `p` (text-mode pipes) and return its reply after `=`;
    exit with a message when the engine fails the command or closes its output."""
    p.stdin.write(cmd + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if line == "":
            sys.exit(f"engine closed its output after {cmd!r}")
        if line.strip() == "" and lines:
            break
        if line.strip():
            lines.append(line.strip())
    reply = "\n".join(lines)
    if not reply.startswith("="):
        sys.exit(f"{cmd!r} failed: {reply}")
    return reply[1:].strip()
