"""One GTP command to an engine on a pipe, for the scripts that drive engines themselves."""
import sys


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
