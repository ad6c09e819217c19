package io.github.providergateway.agent.hook;

import io.github.providergateway.agent.internal.SocketHttp;
import io.github.providergateway.agent.internal.SocketHttp.Refused;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * One request on the {@link HookSocket}, read with blocking I/O: the least of HTTP/1.1 that {@code
 * curl --unix-socket … --data-binary @-} sends. A request line {@code POST /hooks/<agent>
 * HTTP/1.1}, headers ending in an empty line within the header limit, a {@code Content-Length} (no
 * chunked body: curl sends the length of what it read), {@value HookSocket#FORMAT_HEADER}{@code :
 * }{@value HookSocket#FORMAT_VERSION} (the answer's format the script reads), and exactly that many
 * bytes. What is not that is {@link Refused} with the status to answer.
 *
 * @param agent whose hook the path names
 * @param body the agent's hook input
 */
record HookSocketRequest(AgentKind agent, byte[] body, java.util.OptionalLong client) {

  /**
   * Reads one request from {@code channel}.
   *
   * @param maxHeaderBytes the request line and headers, at most
   * @param maxBodyBytes the body, at most
   * @param charge asked for the body's length before it is read; false refuses it (503)
   * @throws Refused for a request that is not one this socket takes
   * @throws IOException when the connection fails or ends early (closed at its deadline, say)
   */
  static HookSocketRequest read(
      SocketChannel channel, int maxHeaderBytes, long maxBodyBytes, LongPredicate charge)
      throws Refused, IOException {
    SocketHttp.Head head = SocketHttp.readHead(channel, maxHeaderBytes);
    Map<String, String> headers = head.headers();
    AgentKind agent = agentOf(head.target());
    if (!head.method().equals("POST")) {
      throw new Refused(405, "Method Not Allowed: POST the agent's hook input");
    }
    long length = head.contentLength("Length Required: send the hook input with a Content-Length");
    if (length > maxBodyBytes) {
      throw new Refused(
          413, "Payload Too Large: a hook input is at most " + maxBodyBytes + " bytes");
    }
    if (!HookSocket.FORMAT_VERSION.equals(headers.get(HookSocket.FORMAT_HEADER))) {
      // A hook script of another version would misread this gateway's answer, or this gateway its
      // request: it is told why, in the one line every version of the script shows when it denies.
      throw new Refused(
          406,
          "Not Acceptable: this gateway answers the command hook in format "
              + HookSocket.FORMAT_VERSION
              + " and the hook script asked for "
              + (headers.containsKey(HookSocket.FORMAT_HEADER) ? "another" : "the format before it")
              + " (hook script: provider-gateway "
              + headers.getOrDefault(HookSocket.VERSION_HEADER, "before 0.1.0")
              + "; gateway: provider-gateway "
              + HookSocket.buildVersion()
              + "): run the hook script of the gateway's own build (its ./gateway hook), or restart"
              + " the gateway from the build the agent's hook runs");
    }
    if (!charge.test(length)) {
      throw new Refused(503, "Service Unavailable: the gateway holds its most hook inputs now");
    }
    return new HookSocketRequest(
        agent, SocketHttp.readBody(channel, head, length), client(headers.get(CLIENT_HEADER)));
  }

  /**
   * The header the command hook's script names the process that ran it in ({@code $PPID}): the
   * socket cannot tell, and the gateway looks there where an agent met for the first time came from
   * (issue 75). A claim worth what the script is: the guard keeps the agent's tools from the
   * socket.
   */
  static final String CLIENT_HEADER = "gateway-hook-client";

  private static java.util.OptionalLong client(String named) {
    return named != null && named.matches("[0-9]{1,10}")
        ? java.util.OptionalLong.of(Long.parseLong(named))
        : java.util.OptionalLong.empty();
  }

  private static AgentKind agentOf(String target) throws Refused {
    for (AgentKind agent : AgentKind.values()) {
      if (target.equals(HookRoute.PATH + "/" + agent.word())) {
        return agent;
      }
    }
    throw new Refused(404, "Not Found: the hooks are " + hookPaths());
  }

  /** Every agent's hook path, for a person who asked for another ({@code /hooks/claude, …}). */
  static String hookPaths() {
    return java.util.Arrays.stream(AgentKind.values())
        .map(agent -> HookRoute.PATH + "/" + agent.word())
        .collect(java.util.stream.Collectors.joining(", "));
  }
}
