"""Which session the Python examples bind to and where they find the gateway
(examples/python/gateway_home.py): the same rules as session.mjs and the Java client. Run by
SessionChoiceTest with the standard library's unittest beside a copy of the examples. The user's
home is /home/me."""
import os
import tempfile
import unittest

from gateway_home import another_user_listens, choose_session, connect_directly, gateway_home, gateway_url, home_port, project_holds, read_token

CONSOLE = {"id": "s-1", "label": "console", "cwd": "/home/me"}
CLAUDE = {"id": "s-2", "label": "claude-code", "cwd": "/home/me/app"}
COPILOT = {"id": "s-3", "label": "copilot", "cwd": "/home/me/app2"}
ALL = [CONSOLE, CLAUDE, COPILOT]


def choose(active, cwd, wanted=""):
    return choose_session(active, wanted=wanted, cwd=cwd, user_home="/home/me")


class SessionChoice(unittest.TestCase):
    def test_tap_session_picks_by_id_then_by_label(self):
        self.assertEqual(choose(ALL, "/", "s-3"), ("s-3", "TAP_SESSION names it"))
        self.assertEqual(choose(ALL, "/", "claude-code")[0], "s-2")

    def test_the_deepest_project_holding_this_directory_wins(self):
        self.assertEqual(choose(ALL, "/home/me/app/src"), ("s-2", "its cwd /home/me/app holds this directory"))
        nested = {"id": "s-5", "label": "submodule agent", "cwd": "/home/me/app/lib"}
        self.assertEqual(choose([CLAUDE, nested], "/home/me/app/lib/x")[0], "s-5")
        self.assertEqual(choose([nested, CLAUDE], "/home/me/app/src")[0], "s-2")
        self.assertEqual(choose([CLAUDE, COPILOT], "/home/me/app2/src")[0], "s-3")

    def test_a_session_at_the_home_or_at_the_root_holds_only_itself(self):
        with self.assertRaisesRegex(ValueError, "3 sessions are active and none works in /home/me/docs"):
            choose(ALL, "/home/me/docs")
        self.assertEqual(choose(ALL, "/home/me")[0], "s-1")
        self.assertFalse(project_holds("/", "/tmp", "/home/me"))
        self.assertFalse(project_holds("/home", "/home/other", "/home/me"))

    def test_two_sessions_in_one_directory_are_not_guessed_between(self):
        with self.assertRaisesRegex(ValueError, "2 sessions work in /home/me/app; set TAP_SESSION"):
            choose([CLAUDE, dict(CLAUDE, id="s-4")], "/home/me/app")

    def test_the_only_session_is_taken_and_none_means_wait(self):
        self.assertEqual(choose([COPILOT], "/tmp"), ("s-3", "it is the only active session"))
        self.assertIsNone(choose([], "/tmp")[0])


class ClientSessions(unittest.TestCase):
    """Issue 47, row 3: a front-door client named like the agent, in its project, is no agent."""

    DECOY = {"id": "s-9", "label": "claude-code", "cwd": "/home/me/app", "openedBy": "client"}
    AGENT = {"id": "s-2", "label": "claude-code", "cwd": "/home/me/app", "openedBy": "agent"}

    def test_a_clients_session_is_never_taken_for_the_agents_whichever_started_first(self):
        self.assertEqual(choose([self.DECOY, self.AGENT], "/home/me/app/src"),
                         ("s-2", "its cwd /home/me/app holds this directory"))
        self.assertEqual(choose([self.AGENT, self.DECOY], "/home/me/app/src")[0], "s-2")
        self.assertEqual(choose([self.DECOY, self.AGENT], "/", "claude-code")[0], "s-2")
        self.assertEqual(choose([CONSOLE, self.DECOY], "/tmp")[0], "s-1")

    def test_with_only_a_clients_session_it_waits_unless_named_by_id(self):
        session, why = choose([self.DECOY], "/home/me/app")
        self.assertIsNone(session)
        self.assertIn("only front-door clients' sessions are active", why)
        self.assertIsNone(choose([dict(self.DECOY, openedBy="someday")], "/home/me/app")[0])
        self.assertIsNone(choose([self.DECOY], "/", "claude-code")[0])
        self.assertEqual(choose([self.DECOY], "/", "s-9")[0], "s-9")


class FindingTheGateway(unittest.TestCase):
    def test_the_home_is_tap_home_else_copilot_homes(self):
        self.assertEqual(gateway_home({"TAP_HOME": "/h/tap", "COPILOT_HOME": "/c"}), "/h/tap")
        self.assertEqual(gateway_home({"TAP_HOME": " ", "COPILOT_HOME": "/c"}), "/c/extensions/tap")

    def test_the_port_is_the_gateways_else_the_settings_else_9400(self):
        home = tempfile.mkdtemp()
        env = {"TAP_HOME": home}
        self.assertEqual(gateway_url(env), "ws://127.0.0.1:9400")
        with open(os.path.join(home, "settings.json"), "w") as f:
            f.write('{"port": 9422}')
        self.assertEqual(gateway_url(env), "ws://127.0.0.1:9422")
        with open(os.path.join(home, ".provider-token"), "w") as f:
            f.write("ptk-1\n")
        with open(os.path.join(home, "gateway.port"), "w") as f:
            f.write("9433\n")
        self.assertEqual(gateway_url(env), "ws://127.0.0.1:9433")
        self.assertEqual(read_token(env), "ptk-1")
        self.assertEqual(gateway_url(dict(env, TAP_GATEWAY_URL="ws://127.0.0.1:1234")), "ws://127.0.0.1:1234")
        # A token newer than gateway.port: a gateway started since that port was written.
        os.utime(os.path.join(home, "gateway.port"), (0, 0))
        self.assertTrue(home_port(env)[2])
        self.assertFalse(home_port(dict(env, TAP_PROVIDER_TOKEN="given"))[2])

    def test_another_user_listening_where_a_connection_to_127_0_0_1_may_arrive_is_not_the_gateway(self):
        # The kernel's socket tables (/proc/net/tcp, tcp6) as written here: port 9400 is 24B8.
        def tables(v4="", v6=""):
            folder = tempfile.mkdtemp()
            header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid\n"
            for name, rows in (("tcp", v4), ("tcp6", v6)):
                if rows:
                    with open(os.path.join(folder, name), "w") as f:
                        f.write(header + rows)
            return folder

        def row(local, state, uid):
            return f"   0: {local} 00000000:0000 {state} 00000000:00000000 00:00000000 00000000  {uid}        0 4711 1\n"

        mapped = "0000000000000000FFFF00000100007F"
        self.assertFalse(another_user_listens(9400, tables(row("0100007F:24B8", "0A", 1000)), 1000))
        self.assertFalse(another_user_listens(9400, tables(v6=row(mapped + ":24B8", "0A", 1000)), 1000))
        self.assertTrue(another_user_listens(9400, tables(row("0100007F:24B8", "0A", 33)), 1000))
        self.assertTrue(another_user_listens(9400, tables(v6=row(mapped + ":24B8", "0A", 33)), 1000))
        self.assertTrue(another_user_listens(9400, tables(row("00000000:24B8", "0A", 33)), 1000))
        self.assertFalse(another_user_listens(
            9400, tables(row("0100007F:24B8", "01", 33) + row("0100007F:24B9", "0A", 33)), 1000))
        self.assertFalse(another_user_listens(9400, "/no/such/tables", 1000))



class NoProxy(unittest.TestCase):
    """websockets 15 and later follow http_proxy/all_proxy by default, for 127.0.0.1 too: the
    token and the tool calls would go through whoever runs the proxy."""

    @staticmethod
    def websockets_of(version):
        class Package:
            __version__ = version

            @staticmethod
            def connect(url, **options):
                return url, options
        return Package

    def test_a_version_that_follows_proxies_is_told_not_to(self):
        self.assertEqual(connect_directly("ws://127.0.0.1:9400", self.websockets_of("15.0.1")),
                         ("ws://127.0.0.1:9400", {"proxy": None}))

    def test_an_older_version_which_knows_no_proxy_is_called_as_it_was(self):
        self.assertEqual(connect_directly("ws://127.0.0.1:9400", self.websockets_of("10.4")),
                         ("ws://127.0.0.1:9400", {}))

if __name__ == "__main__":
    unittest.main()
