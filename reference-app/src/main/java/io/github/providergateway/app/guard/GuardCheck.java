package io.github.providergateway.app.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookSocket;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code gateway guard test} checks (issue 44): the shipped corpus through the guard the home
 * configures, then a canary through the running gateway's hook paths, each of which must come back
 * as expected: {@code rm -rf /} blocked, {@code ls} allowed. The canary's calls name a folder no
 * session holds, so they are decided as a call with no session is (the guard first), and no
 * session's gates, no question to a person, are involved.
 */
final class GuardCheck {

  /** The canary's folder: no agent's session holds it. */
  static final String CANARY_CWD = "/nonexistent/gateway-guard-test";

  /** The hook token's client name for the HTTP canary, revoked after it. */
  static final String CANARY_CLIENT = "gateway-guard-test";

  /** How long one canary call may take: the gateway answers at once. */
  private static final Duration CANARY_TIMEOUT = Duration.ofSeconds(10);

  /** One canary call and what it must come back as. */
  record Canary(String command, boolean mustBlock) {}

  /** The calls each hook path gets. */
  static final List<Canary> CANARIES =
      List.of(new Canary("rm -rf /", true), new Canary("ls", false));

  private GuardCheck() {}

  /**
   * Runs the checks for the gateway of {@code home}, printing on {@code out}.
   *
   * @return {@link GuardCommand#EXIT_MISSED} when anything missed, else 0
   */
  static int run(Path home, int port, Map<String, String> env, PrintStream out, PrintStream err) {
    List<String> missed = new ArrayList<>();
    List<String> notCovered = new ArrayList<>();
    GuardCorpusRun.run(home, env, out, err, missed);
    if (Files.notExists(
        home.resolve(io.github.providergateway.host.client.GatewayHome.TOKEN_FILE),
        LinkOption.NOFOLLOW_LINKS)) {
      notCovered.add("no gateway running for " + home + ": hook paths not checked");
    } else {
      out.println();
      out.println("hook paths of the running gateway (" + home + "):");
      socket(home, out, missed, notCovered);
      http(home, port, out, missed, notCovered);
    }
    out.println();
    if (!notCovered.isEmpty()) {
      out.println("not covered:");
      notCovered.forEach(line -> out.println("  " + line));
    }
    if (missed.isEmpty()) {
      out.println("result: every check came out as expected");
      return 0;
    }
    out.println("result: " + missed.size() + " missed:");
    missed.forEach(line -> out.println("  " + line));
    return GuardCommand.EXIT_MISSED;
  }

  /** A Claude Code hook input for {@code command}, in the canary's folder. */
  static byte[] input(String command) {
    ObjectNode input = JsonNodeFactory.instance.objectNode();
    input.put("session_id", "gateway-guard-test");
    input.put("cwd", CANARY_CWD);
    input.put("hook_event_name", "PreToolUse");
    input.put("tool_name", "Bash");
    input.putObject("tool_input").put("command", command);
    return input.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Whether Claude Code's answer {@code body} blocks the call: a deny or an ask. */
  static boolean blocks(String body) {
    JsonNode answer = ProtocolCodec.create().parseJson(body);
    String decision = answer.path("hookSpecificOutput").path("permissionDecision").asText("");
    return decision.equals("deny") || decision.equals("ask");
  }

  private static void socket(
      Path home, PrintStream out, List<String> missed, List<String> notCovered) {
    Path socket = home.resolve(HookSocket.FILE_NAME);
    if (Files.notExists(socket, LinkOption.NOFOLLOW_LINKS)) {
      notCovered.add("the command hook's socket " + socket + ": the gateway serves none");
      return;
    }
    for (Canary canary : CANARIES) {
      String answer;
      try {
        answer = overSocket(socket, input(canary.command()));
      } catch (IOException | RuntimeException e) {
        missed.add(
            "socket: '" + canary.command() + "' could not be asked (" + e.getMessage() + ")");
        continue;
      }
      report("socket", canary, answer, out, missed);
    }
  }

  private static void http(
      Path home, int port, PrintStream out, List<String> missed, List<String> notCovered) {
    ClientTokens tokens = ClientTokens.hooks(home);
    String token;
    try {
      token = tokens.issue(CANARY_CLIENT);
    } catch (RuntimeException e) {
      notCovered.add(
          "Claude Code's HTTP hook: no hook token could be issued (" + e.getMessage() + ")");
      return;
    }
    try {
      HttpClient client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(CANARY_TIMEOUT)
              .build();
      URI url = URI.create("http://127.0.0.1:" + port + "/hooks/claude");
      for (Canary canary : CANARIES) {
        try {
          HttpResponse<String> response =
              client.send(
                  HttpRequest.newBuilder(url)
                      .timeout(CANARY_TIMEOUT)
                      .header("Authorization", "Bearer " + token)
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofByteArray(input(canary.command())))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          if (response.statusCode() != 200) {
            missed.add("http: '" + canary.command() + "' got status " + response.statusCode());
            continue;
          }
          report("http", canary, response.body(), out, missed);
        } catch (IOException | RuntimeException e) {
          missed.add("http: '" + canary.command() + "' could not be asked (" + e + ")");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          missed.add("http: interrupted");
          return;
        }
      }
    } finally {
      tokens.revoke(CANARY_CLIENT);
    }
  }

  private static void report(
      String path, Canary canary, String body, PrintStream out, List<String> missed) {
    String line = body.lines().findFirst().orElse("");
    boolean blocked;
    try {
      blocked = blocks(line);
    } catch (IllegalArgumentException e) {
      missed.add(path + ": '" + canary.command() + "' got an answer that is not JSON: " + line);
      return;
    }
    boolean ok = blocked == canary.mustBlock();
    out.println(
        "  "
            + path
            + ": '"
            + canary.command()
            + "' "
            + (blocked ? "blocked" : "allowed")
            + (ok
                ? " (as expected)"
                : " (EXPECTED " + (canary.mustBlock() ? "blocked" : "allowed") + ")"));
    if (!ok) {
      missed.add(path + ": '" + canary.command() + "' came back " + line);
    }
  }

  /**
   * POSTs {@code body} to the command hook's socket as its script does; returns the agent's line.
   */
  static String overSocket(Path socket, byte[] body) throws IOException {
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      channel.connect(UnixDomainSocketAddress.of(socket));
      String head =
          "POST /hooks/claude HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
              + HookSocket.FORMAT_HEADER
              + ": "
              + HookSocket.FORMAT_VERSION
              + "\r\nContent-Length: "
              + body.length
              + "\r\n\r\n";
      ByteBuffer request = ByteBuffer.allocate(head.length() + body.length);
      request.put(head.getBytes(StandardCharsets.US_ASCII)).put(body).flip();
      while (request.hasRemaining()) {
        channel.write(request);
      }
      channel.shutdownOutput();
      java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
      ByteBuffer buffer = ByteBuffer.allocate(8192);
      while (channel.read(buffer) >= 0) {
        buffer.flip();
        answer.write(buffer.array(), 0, buffer.limit());
        buffer.clear();
      }
      String text = answer.toString(StandardCharsets.UTF_8);
      int blank = text.indexOf("\r\n\r\n");
      if (!text.startsWith("HTTP/1.1 200") || blank < 0) {
        throw new IOException("the socket answered: " + text.lines().findFirst().orElse("nothing"));
      }
      // gateway-hook/2 <exit> <stderr>, then the agent's line (HookSocket)
      String[] lines = text.substring(blank + 4).split("\n", -1);
      if (lines.length < 2 || !lines[0].startsWith("gateway-hook/" + HookSocket.FORMAT_VERSION)) {
        throw new IOException("the socket answered in another format: " + lines[0]);
      }
      return lines[1];
    }
  }
}
