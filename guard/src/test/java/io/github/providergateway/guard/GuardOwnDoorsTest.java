package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.edit;
import static io.github.providergateway.guard.GuardFixture.read;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75, "only the person answers": what the person's authority rests on is out of the agent's
 * reach. The gateway's home as a folder, its sockets and routes, its console, the person's
 * terminal. Each row is a call that must be denied, and by the guard's own rule (catastrophic: in
 * every preset but off); or one that must stay allowed beside it.
 */
class GuardOwnDoorsTest {
  private static final Guard STANDARD = GuardFixture.guard(GuardPreset.STANDARD);
  private static final String H = "~/.copilot/extensions/tap";

  private static void denied(Guard guard, GuardCall call, String rule) {
    GuardVerdict verdict = guard.decide(call);
    assertThat(verdict.outcome()).as(call.args() + ": " + verdict.reason()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).as(call.args().toString()).isEqualTo(rule);
  }

  private static void allowed(Guard guard, GuardCall call) {
    GuardVerdict verdict = guard.decide(call);
    assertThat(verdict.outcome())
        .as(call.args() + ": " + verdict.reason())
        .isEqualTo(Outcome.ALLOW);
  }

  /** Any read that can reach a token-bearing file of the home, whatever its name. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "grep -r token " + H + "/",
        "grep -R x " + H,
        "rg token " + H,
        "cat " + H + "/*",
        "head " + H + "/*",
        "cat " + H + "/foo.bin",
        "cat " + H + "/runtime/x.jar",
        "cat " + H + "/hook-clients.json",
        "cat " + H + "/tokens/claude.json",
        "cat " + H + "/$f",
        "cat " + H + "/$(ls " + H + " | head -1)",
        "tar czf /tmp/x.tgz -C ~/.copilot/extensions tap",
        "zip -r /tmp/x.zip " + H,
        "7z a /tmp/x.7z " + H,
        "find " + H + " -exec cat {} +",
        "find " + H + " -type f -exec cat {} \\;",
        "find " + H + " | xargs cat",
        "find " + H + " -type f -print0 | xargs -0 grep token",
        "find " + H + " -type f | tar -cf /tmp/x -T -",
        "find " + H + " | cpio -o > /tmp/x.cpio",
        "ls " + H + " | zip /tmp/x -@",
        "rsync -a " + H + " /tmp/x",
        "rsync -a " + H + "/ /tmp/x",
        "cp -r " + H + " /tmp/x",
        "cp -a " + H + "/. /tmp/x",
        "python3 -c \"import os; [print(open(os.path.join(r,f)).read()) for r,d,fs in"
            + " os.walk('/home/ada/.copilot/extensions/tap') for f in fs]\"",
        "python3 -c \"import shutil; shutil.copytree('/home/ada/.copilot/extensions/tap', 't')\"",
        "python3 -c \"import shutil; shutil.make_archive('/tmp/t', 'zip',"
            + " '/home/ada/.copilot/extensions/tap')\"",
        "node -e \"const fs=require('fs'); const d=process.env.HOME+'/.copilot/extensions/tap';"
            + " for (const f of fs.readdirSync(d)) console.log(fs.readFileSync(d+'/'+f,'utf8'))\"",
        "ruby -e 'Dir.glob(\"/home/ada/.copilot/**/*\").each { |f| puts File.read(f) }'",
      })
  void aReadThatCanReachTheHomesTokensIsDenied(String command) {
    denied(STANDARD, shell(command), "guard.gateway-token");
  }

  /** Any write, mode or owner change, or move anywhere in the home, whatever the file's name. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "chmod 000 " + H,
        "chmod -R 000 " + H,
        "chmod 644 " + H + "/foo.txt",
        "chown -R nobody " + H,
        "chgrp staff " + H + "/gateway.port",
        "chattr +i " + H + "/settings.json",
        "chattr -R +i " + H,
        "setfacl -m u:nobody:r " + H,
        "setfacl -R -m u:nobody:rwx " + H,
        "mv " + H + "/foo.txt /tmp/",
        "mv " + H + " /tmp/tap",
        "perl -pi -e s/a/b/ " + H + "/foo.txt",
        "sed -i s/a/b/ " + H + "/notes.md",
        "echo x > " + H + "/anything",
        "touch " + H + "/x",
        "mkdir " + H + "/x",
        "cp /tmp/x " + H + "/",
        "ln -s /tmp/x " + H + "/y",
        "rm " + H + "/logs/audit.jsonl",
      })
  void aChangeAnywhereInTheHomeIsDenied(String command) {
    denied(STANDARD, shell(command), "guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/home/ada/.copilot/extensions/tap/foo.txt",
        "/home/ada/.copilot/extensions/tap/notes/any.md",
        "~/.copilot/extensions/tap/runtime/x",
      })
  void theEditToolAnywhereInTheHomeIsDenied(String path) {
    denied(STANDARD, edit(path), "guard.self");
    denied(STANDARD, GuardFixture.file("write", path), "guard.self");
    denied(STANDARD, read(path), "guard.gateway-token");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ls " + H,
        "ls -la " + H,
        "ls -R " + H,
        "find " + H,
        "find " + H + " -name '*.json'",
        "du -sh " + H,
        "ls -la " + H + "/logs",
        "tail " + H + "/logs/audit.jsonl",
        "grep -r error " + H + "/logs/",
        "cat " + H + "/gateway.port",
        "cat " + H + "/gateway.pid",
        "cat " + H + "/gateway.log",
        "find " + H + "/logs -name '*.jsonl' | xargs grep error",
        "python3 -c \"import os; print(os.listdir('/home/ada/.copilot/extensions/tap'))\"",
        "find ~ -name README.md -exec cat {} \\;",
        "cat ~/code/app/README.md",
      })
  void itsListingLogsAndPortStayReadable(String command) {
    allowed(STANDARD, shell(command));
  }

  /** A socket of the home, reached by any client. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl --unix-socket " + H + "/hook.sock http://x/hooks/claude -d @-",
        "curl -s --unix-socket=/home/ada/.copilot/extensions/tap/mcp.sock http://l/mcp",
        "curl --unix-socket \"$HOME/.copilot/extensions/tap/hook.sock\" http://x/hooks/claude",
        "curl --unix-socket \"$SOCK_DIR/hook.sock\" http://x/hooks/claude",
        "curl --unix-socket " + H + "/other.sock http://x/",
        "socat - UNIX-CONNECT:" + H + "/hook.sock",
        "socat - UNIX-CLIENT:" + H + "/hook.sock",
        "socat STDIO UNIX:" + H + "/mcp.sock",
        "socat - unix-connect:" + H + "/hook.sock,retry=3",
        "nc -U " + H + "/hook.sock",
        "nc -NU " + H + "/hook.sock",
        "ncat -U " + H + "/mcp.sock",
        "ncat --unixsock " + H + "/hook.sock",
        "netcat -U " + H + "/hook.sock",
        "websocat ws+unix:" + H + "/mcp.sock",
        "websocat - ws-u:unix-connect:" + H + "/mcp.sock",
        "python3 -c \"import socket; s=socket.socket(socket.AF_UNIX);"
            + " s.connect('/home/ada/.copilot/extensions/tap/hook.sock')\"",
        "python3 -c \"import socket,os; s=socket.socket(socket.AF_UNIX);"
            + " s.connect(os.environ['SOCK'] + '/hook.sock')\"",
        "node -e \"require('net').connect('/home/ada/.copilot/extensions/tap/mcp.sock')\"",
        "node -e \"require('net').createConnection({path: process.env.HOME +"
            + " '/.copilot/extensions/tap/hook.sock'})\"",
        "node -e \"require('http').request({socketPath: process.env.HOME +"
            + " '/.copilot/extensions/tap/hook.sock', path: '/hooks/claude'}).end()\"",
        "ruby -e 'require \"socket\"; UNIXSocket.new(\"/home/ada/.copilot/extensions/tap/hook.sock\")'",
      })
  void aSocketOfTheHomeIsTheGuardsOwn(String command) {
    denied(STANDARD, shell(command), "guard.self");
  }

  /** The gateway's routes on its port of a loopback address. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl http://127.0.0.1:9400/hooks/claude -d @call.json",
        "curl -X POST localhost:9400/mcp",
        "curl -s 'http://localhost:9400/status?x=1'",
        "curl http://127.1:9400/host",
        "curl http://0x7f000001:9400/hooks/claude",
        "curl http://2130706433:9400/hooks/claude",
        "curl http://0.0.0.0:9400/mcp",
        "curl http://127.0.0.2:9400/status",
        "curl http://localhost.:9400/status",
        "curl http://gw.localhost:9400/status",
        "curl http://[::1]:9400/hooks/claude",
        "curl http://[0:0:0:0:0:0:0:1]:9400/mcp",
        "curl --resolve x.test:9400:127.0.0.1 http://x.test:9400/hooks/claude",
        "curl \"http://$HOST:9400/hooks/claude\"",
        "wget -qO- http://[::1]:9400/status",
        "wget --post-data=x http://localhost:9400/hooks/copilot",
        "http POST :9400/hooks/claude",
        "http localhost:9400/status",
        "xh :9400/mcp",
        "websocat ws://127.0.0.1:9400/host",
        "wscat -c ws://localhost:9400/mcp",
        "xdg-open http://127.0.0.1:9400/status",
        "python3 -c \"import urllib.request; urllib.request.urlopen('http://127.0.0.1:9400/hooks/claude')\"",
        "python3 -c \"import requests; requests.post('http://localhost:9400/mcp', json={})\"",
        "python3 -c \"import httpx; httpx.get('http://localhost:9400/status')\"",
        "node -e \"fetch('http://localhost:9400/mcp')\"",
        "node -e \"require('http').get('http://127.0.0.1:9400/status')\"",
        "nc localhost 9400",
        "nc 127.0.0.1 9400 < req.txt",
        "socat - TCP:127.0.0.1:9400",
        "telnet localhost 9400",
        "echo hi > /dev/tcp/127.0.0.1/9400",
        "exec 3<>/dev/tcp/localhost/9400",
        "python3 -c \"import socket; s=socket.create_connection(('127.0.0.1', 9400))\"",
      })
  void aRouteOfTheGatewayOnItsPortIsTheGuardsOwn(String command) {
    denied(STANDARD, shell(command), "guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl http://localhost:3000/status",
        "curl http://127.0.0.1:8080/hooks/claude",
        "curl https://example.com:9400/status",
        "curl https://api.example.com/mcp",
        "curl http://localhost:9400/",
        "wget http://localhost:5173/",
        "nc -z localhost 5432",
        "python3 -c \"import urllib.request; urllib.request.urlopen('http://localhost:8000/status')\"",
        "grep -rn 'localhost:9400/mcp' docs/",
        "echo 'open http://127.0.0.1:9400/status'",
        "curl --unix-socket /var/run/docker.sock http://localhost/containers/json",
      })
  void otherPortsHostsAndSocketsStayTheAgents(String command) {
    allowed(STANDARD, shell(command));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl http://localhost:9477/hooks/claude",
        "curl http://127.0.0.1:9400/hooks/claude",
        "python3 -c \"import urllib.request; urllib.request.urlopen('http://localhost:9477/mcp')\"",
        "nc localhost 9477",
        "fuser -k 9477/tcp",
        "kill $(lsof -t -i:9477)",
        "lsof -ti:9477 | xargs kill",
      })
  void theGatewaysPortsComeFromTheDisk(String command) {
    Guard onDisk =
        Guard.create(
            GuardSettings.defaults(),
            GuardFixture.ENVIRONMENT.withDisk(new FakeGuardDisk().ports(9400, 9477)));
    denied(onDisk, shell(command), "guard.self");
    if (command.contains("9477")) {
      allowed(STANDARD, shell(command));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gateway attach",
        "./gateway attach",
        "~/.local/bin/gateway attach",
        "provider-gateway attach",
        "gateway --home /tmp/h attach",
        "nohup gateway attach &",
        "java -jar reference-app/target/provider-gateway.jar attach",
        "java -jar ~/.cache/provider-gateway/provider-gateway-1-2.jar stop",
        "java -cp x.jar io.github.providergateway.app.Main attach",
        "fuser -k 9400/tcp",
        "fuser -k -n tcp 9400",
        "kill -9 $(lsof -t -i :9400)",
      })
  void theConsoleAndTheProcessAreTheGuardsOwn(String command) {
    denied(STANDARD, shell(command), "guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gateway status",
        "./gateway status --json",
        "gateway guard explain 'gateway attach'",
        "gateway --version",
        "java -jar build/app.jar attach",
        "fuser -k 3000/tcp",
      })
  void itsStatusAndOtherProgramsStayTheAgents(String command) {
    allowed(STANDARD, shell(command));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "cat ~/.config/google-chrome/Default/Cookies",
        "cat ~/.config/google-chrome/Default/Network/Cookies",
        "sqlite3 ~/.config/chromium/Default/Cookies 'select * from cookies'",
        "cp ~/.config/BraveSoftware/Brave-Browser/Default/Cookies /tmp/c",
        "cat ~/.config/microsoft-edge/Default/Cookies",
        "cat ~/.mozilla/firefox/abc.default-release/cookies.sqlite",
        "cat ~/snap/firefox/common/.mozilla/firefox/x.default/cookies.sqlite",
        "cat '/home/ada/Library/Application Support/Google/Chrome/Default/Cookies'",
        "cat '/home/ada/Library/Application Support/Firefox/Profiles/x/cookies.sqlite'",
      })
  void theBrowsersCookieStoresAreSecrets(String command) {
    denied(STANDARD, shell(command), "secrets.password-store");
  }

  /** Typing into the person's terminal answers the console's questions for the person. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "tmux send-keys -t 0 y Enter",
        "tmux send-keys -t gw:0.1 'y' C-m",
        "tmux send -t gw y",
        "tmux send-k -t gw y",
        "tmux -S /tmp/tmux-0/default send-keys -t 0 y Enter",
        "tmux -L other send-keys y",
        "tmux select-pane -t 1 \\; send-keys y Enter",
        "tmux set-buffer y \\; paste-buffer -t 0",
        "tmux paste-buffer -t 0",
        "tmux pasteb -t 0",
        "screen -X stuff 'y\\n'",
        "screen -S gw -p 0 -X stuff 'y\\n'",
        "screen -S gw -X paste .",
        "python3 -c \"import fcntl, termios; fcntl.ioctl(0, termios.TIOCSTI, b'y')\"",
        "python3 -c \"import fcntl; [fcntl.ioctl(0, 0x5412, c) for c in b'y\\n']\"",
        "perl -e 'ioctl(STDIN, 0x5412, $_) for split //, qq(y\\n)'",
        "xdotool type y",
        "xdotool search --name gateway windowactivate --sync key Return",
        "xdotool key y Return",
        "ydotool type y",
        "wtype y",
        "xte 'str y'",
        "osascript -e 'tell application \"System Events\" to keystroke \"y\"'",
        "osascript -e 'tell application \"System Events\" to key code 36'",
        "kitty @ send-text --match title:gateway y",
        "wezterm cli send-text --pane-id 1 y",
        "zellij action write-chars y",
      })
  void typingIntoTheTerminalIsTheGuardsOwn(String command) {
    denied(STANDARD, shell(command), "guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tmux new-session -d -s dev 'npm run dev'",
        "tmux ls",
        "screen -ls",
        "xdotool getactivewindow",
        "osascript -e 'display notification \"done\"'",
        "python3 -c \"import fcntl, termios, struct; fcntl.ioctl(0, termios.TIOCGWINSZ, b'0'*8)\"",
      })
  void otherTerminalWorkStaysTheAgents(String command) {
    allowed(STANDARD, shell(command));
  }
}
