"""Where a provider finds the gateway, its token and its session: examples/node/session.mjs
written again in Python, for provider.py and core_profile_example.py (docs/providers.md,
"Finding the gateway" and "Which session"). Standard library only.

The gateway is found by its home, looked up again at every connect, so that a provider follows a
gateway that restarted on another port:

    TAP_GATEWAY_URL, when set (pinned: the gateway sets it for the providers it starts);
    else ws://127.0.0.1:<port>, the port from <home>/gateway.port (every running gateway writes
    it), else <home>/settings.json's "port", else 9400. The home is TAP_HOME, else
    $COPILOT_HOME/extensions/tap, else ~/.copilot/extensions/tap; the token is TAP_PROVIDER_TOKEN,
    else <home>/.provider-token, read anew at every connect.
"""
import json
import os

DEFAULT_PORT = 9400


def gateway_home(env=None):
    """The gateway's home: TAP_HOME, else $COPILOT_HOME/extensions/tap, else
    ~/.copilot/extensions/tap."""
    env = os.environ if env is None else env
    if (env.get("TAP_HOME") or "").strip():
        return os.path.abspath(env["TAP_HOME"])
    base = env.get("COPILOT_HOME") if (env.get("COPILOT_HOME") or "").strip() else os.path.join(
        os.path.expanduser("~"), ".copilot")
    return os.path.abspath(os.path.join(base, "extensions", "tap"))


def token_file(env=None):
    """Where the home's gateway writes its token: <home>/.provider-token."""
    return os.path.join(gateway_home(env), ".provider-token")


def read_token(env=None):
    """TAP_PROVIDER_TOKEN, else the home's token file, read anew each time; None if neither."""
    env = os.environ if env is None else env
    if env.get("TAP_PROVIDER_TOKEN"):
        return env["TAP_PROVIDER_TOKEN"]
    try:
        with open(token_file(env)) as f:
            return f.read().strip() or None
    except OSError:
        return None


def _port(value):
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535:
        return value
    return None


def _modified(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def home_port(env=None):
    """Where the home's gateway listens, looked up now: (port, from_where, stale). stale is True
    when the token file is newer than gateway.port: a gateway has started since that port was
    written (the last one was killed) and does not listen yet; its new token must not go to the
    dead one's port, which anyone may have taken since."""
    env = os.environ if env is None else env
    home = gateway_home(env)
    port_file = os.path.join(home, "gateway.port")
    try:
        with open(port_file) as f:
            running = _port(f.read())
    except OSError:
        running = None
    if running:
        stale = not env.get("TAP_PROVIDER_TOKEN") and _modified(token_file(env)) > _modified(port_file)
        return running, port_file, stale
    settings_file = os.path.join(home, "settings.json")
    try:
        with open(settings_file) as f:
            own = _port(json.load(f).get("port"))
    except (OSError, ValueError, AttributeError):
        own = None
    if own:
        return own, settings_file, False
    return DEFAULT_PORT, "the default port", False


# Where a connection to 127.0.0.1 may arrive, as the kernel's socket tables write addresses:
# 127.0.0.1, every IPv4 address, their IPv6 forms (a JVM's socket bound to 127.0.0.1 sits at
# ::ffff:127.0.0.1) and every IPv6 address, which takes IPv4 too.
_REACHED = {"0100007F", "00000000", "0000000000000000FFFF00000100007F",
            "0000000000000000FFFF000000000000", "00000000000000000000000000000000"}


def another_user_listens(port, tables="/proc/net", uid=None):
    """Whether another user listens where a connection to 127.0.0.1:port may arrive, by the
    kernel's tables of sockets (Linux; False where there are none): a gateway that crashed left its
    port in the home, and whoever took it since must get neither the token nor our tools to call.
    The same look as the Java client's and the stdio bridge's (docs/security.md)."""
    uid = os.geteuid() if uid is None else uid
    suffix = ":%04X" % port
    for table in ("tcp", "tcp6"):
        try:
            with open(os.path.join(tables, table)) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue  # no IPv6, or no tables at all
        for row in rows:
            # sl local_address rem_address st tx:rx tr:when retrnsmt uid ...
            fields = row.split()
            if (len(fields) >= 8 and fields[3] == "0A" and fields[1].endswith(suffix)
                    and fields[1][:-len(suffix)] in _REACHED and fields[7] != str(uid)):
                return True
    return False


def connect_directly(url, websockets_module=None):
    """websockets.connect(url), never through a proxy: from version 15 the package follows
    http_proxy, https_proxy and all_proxy by default (for 127.0.0.1 too), which would hand the
    provider's token, and the tool calls, to whoever runs the proxy. Older versions use none."""
    if websockets_module is None:
        import websockets as websockets_module
    major = int(websockets_module.__version__.split(".")[0])
    if major >= 15:
        return websockets_module.connect(url, proxy=None)
    return websockets_module.connect(url)


def gateway_url(env=None):
    """The gateway's URL now: TAP_GATEWAY_URL, else ws://127.0.0.1:<the home's port>. Call it at
    every connect: the port is the running gateway's."""
    env = os.environ if env is None else env
    return env.get("TAP_GATEWAY_URL") or f"ws://127.0.0.1:{home_port(env)[0]}"


def project_holds(project, folder, user_home=None):
    """Whether the project at `project` (a session's cwd) holds `folder`: it is the folder or
    below it, but a project at /, at the user's home or above it holds only itself. Paths are made
    absolute and normalized; links are not resolved (the gateway's ProjectScope.holds)."""
    if not project or not folder:
        return False
    root = os.path.abspath(project)
    here = os.path.abspath(folder)
    if here == root:
        return True
    home = os.path.abspath(user_home if user_home is not None else os.path.expanduser("~"))
    within = lambda path, top: path == top or path.startswith(top.rstrip(os.sep) + os.sep)
    if root == os.path.abspath(os.sep) or within(home, root):
        return False  # holds only itself: it would swallow every project
    return within(here, root)


def _depth(path):
    return len([part for part in os.path.abspath(path).split(os.sep) if part])


def may_be_the_agents(session):
    """Whether a session may be taken for the agent's: not one a front-door client opened. The
    gateway says "agent" for an agent's own session, "client" for a client's and nothing for its
    host's own (decision 68); a word this example does not know counts as a client's."""
    return session.get("openedBy") in (None, "agent", "host")


def choose_session(active, wanted=None, cwd=None, user_home=None):
    """Which session to bind to, as examples/node/session.mjs chooses (docs/providers.md, "Which
    session"): TAP_SESSION by id, then by label; else the session whose project holds this
    directory (the deepest); else the only one. A session a front-door client opened is taken by
    its id only: it may look exactly like the agent's. Returns (session_id, why), (None, why) to
    wait for one, or raises ValueError saying why none can be chosen."""
    wanted = os.environ.get("TAP_SESSION") if wanted is None else wanted
    here = os.path.abspath(cwd or os.getcwd())

    def describe(s):
        client = "" if may_be_the_agents(s) else ", a front-door client's"
        return f"{s['id']} ({s.get('label') or 'no label'}{', ' + s['cwd'] if s.get('cwd') else ''}{client})"

    listed = ", ".join(describe(s) for s in active)
    candidates = [s for s in active if may_be_the_agents(s)]
    if wanted:
        for s in active:
            if s["id"] == wanted:
                return s["id"], "TAP_SESSION names it"
        labelled = [s for s in candidates if s.get("label") == wanted]
        if len(labelled) == 1:
            return labelled[0]["id"], f"TAP_SESSION names its label '{wanted}'"
        if labelled:
            raise ValueError(f"TAP_SESSION={wanted} is the label of {len(labelled)} sessions; give an id: "
                             + ", ".join(describe(s) for s in labelled))
        if not candidates:
            clients = " but front-door clients' (taken by id only)" if active else ""
            return None, f"no session is active yet{clients}; waiting for TAP_SESSION={wanted}"
        raise ValueError(f"TAP_SESSION={wanted} is no active session's id or label; active: {listed}")
    holding = [s for s in candidates if project_holds(s.get("cwd"), here, user_home)]
    if holding:
        deepest = max(_depth(s["cwd"]) for s in holding)
        best = [s for s in holding if _depth(s["cwd"]) == deepest]
        if len(best) == 1:
            return best[0]["id"], f"its cwd {best[0]['cwd']} holds this directory"
        raise ValueError(f"{len(best)} sessions work in {best[0]['cwd']}; set TAP_SESSION to one of: "
                         + ", ".join(f"{s['id']} ({s.get('label') or 'no label'})" for s in best))
    if len(candidates) == 1:
        return candidates[0]["id"], "it is the only active session"
    if not active:
        return None, "no session is active yet; waiting for one"
    if not candidates:
        return None, (f"only front-door clients' sessions are active ({listed}), and a client's is never taken"
                      " for the agent's unless TAP_SESSION names its id; waiting for the agent's")
    raise ValueError(f"{len(candidates)} sessions are active and none works in {here}: set TAP_SESSION to the id or label of one of: "
                     + ", ".join(describe(s) for s in candidates))
