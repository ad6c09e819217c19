package io.github.providergateway.federation;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to reach one MCP server the gateway federates: a command it starts and speaks MCP to over
 * stdin/stdout ({@link #stdio}), or a Streamable HTTP endpoint ({@link #http}) on this machine's
 * loopback or behind {@code https}.
 *
 * @param name the provider name its tools are registered under (the spec's name grammar)
 * @param command for stdio: the program and its arguments; empty for http
 * @param cwd for stdio: the working directory, or null for the gateway's
 * @param env for stdio: variables added to the gateway's environment
 * @param url for http: the endpoint, e.g. {@code http://127.0.0.1:3001/mcp}; null for stdio
 * @param toolPrefix put before each of the server's tool names (e.g. {@code fs_}), so two servers
 *     with the same tool names can share a session; empty for none
 * @param log for stdio: the file the server's stderr is appended to, and where the bridge notes
 *     what happened (started, exited, restarted); may be null
 * @param maxConcurrentCalls how many of its calls may be in flight at once, the others queued by
 *     the gateway (its concurrency limit, as a provider's {@code hello.concurrency}); 0 for no
 *     limit
 */
public record McpServerConfig(
    String name,
    List<String> command,
    Path cwd,
    Map<String, String> env,
    URI url,
    String toolPrefix,
    Path log,
    int maxConcurrentCalls) {

  /**
   * Checks the configuration.
   *
   * @param name the provider name its tools are registered under
   * @param command for stdio: the program and its arguments; empty or null for http
   * @param cwd for stdio: the working directory, or null
   * @param env for stdio: variables added to the environment; may be null
   * @param url for http: the endpoint; null for stdio
   * @param toolPrefix put before each tool name; may be null
   * @param log the server's log file; may be null
   * @param maxConcurrentCalls its concurrency limit; 0 for none
   * @throws IllegalArgumentException for neither or both of {@code command} and {@code url}, or a
   *     {@code url} that is neither {@code https} nor {@code http} on a loopback address
   */
  public McpServerConfig {
    requireNonNull(name, "name");
    command = command == null ? List.of() : List.copyOf(command);
    env = env == null ? Map.of() : Map.copyOf(env);
    toolPrefix = toolPrefix == null ? "" : toolPrefix;
    if (command.isEmpty() == (url == null)) {
      throw new IllegalArgumentException(
          "MCP server '"
              + name
              + "' needs either a command (stdio) or a url (http), not "
              + (url == null ? "neither" : "both"));
    }
    if (url != null) {
      checkUrl(name, url);
    }
    if (maxConcurrentCalls < 0) {
      throw new IllegalArgumentException(
          "MCP server '" + name + "': maxConcurrentCalls must not be negative");
    }
  }

  /**
   * An MCP server the gateway starts and speaks to over its stdin and stdout.
   *
   * @param name the provider name its tools are registered under
   * @param command the program and its arguments
   * @return the configuration; set {@code cwd}, {@code env}, a prefix and a log with the {@code
   *     with} methods
   */
  public static McpServerConfig stdio(String name, List<String> command) {
    if (command == null || command.isEmpty()) {
      throw new IllegalArgumentException("MCP server '" + name + "': command must not be empty");
    }
    return new McpServerConfig(name, command, null, Map.of(), null, "", null, 0);
  }

  /**
   * An MCP server already listening for Streamable HTTP.
   *
   * @param name the provider name its tools are registered under
   * @param url {@code https://...}, or {@code http://} on a loopback address
   * @return the configuration
   */
  public static McpServerConfig http(String name, URI url) {
    return new McpServerConfig(
        name, List.of(), null, Map.of(), requireNonNull(url, "url"), "", null, 0);
  }

  /**
   * This configuration run in {@code dir}.
   *
   * @param dir the working directory of the server's process
   * @return a new configuration
   */
  public McpServerConfig withCwd(Path dir) {
    return new McpServerConfig(name, command, dir, env, url, toolPrefix, log, maxConcurrentCalls);
  }

  /**
   * This configuration with {@code variables} added to the process's environment.
   *
   * @param variables names and values
   * @return a new configuration
   */
  public McpServerConfig withEnv(Map<String, String> variables) {
    return new McpServerConfig(
        name, command, cwd, variables, url, toolPrefix, log, maxConcurrentCalls);
  }

  /**
   * This configuration with {@code prefix} before each tool name.
   *
   * @param prefix e.g. {@code fs_}
   * @return a new configuration
   */
  public McpServerConfig withToolPrefix(String prefix) {
    return new McpServerConfig(name, command, cwd, env, url, prefix, log, maxConcurrentCalls);
  }

  /**
   * This configuration logging to {@code file}.
   *
   * @param file where the server's stderr and the bridge's notes go
   * @return a new configuration
   */
  public McpServerConfig withLog(Path file) {
    return new McpServerConfig(name, command, cwd, env, url, toolPrefix, file, maxConcurrentCalls);
  }

  /**
   * This configuration with at most {@code calls} of its calls in flight at once; the gateway
   * queues the others (and refuses past its queue limit with {@code RATE_LIMITED}).
   *
   * @param calls the limit; 0 for none
   * @return a new configuration
   */
  public McpServerConfig withMaxConcurrentCalls(int calls) {
    return new McpServerConfig(name, command, cwd, env, url, toolPrefix, log, calls);
  }

  /**
   * {@return whether the server's {@code sampling/createMessage} goes to the agent's client} False
   * until the config's {@code allowSampling} key is read (another change of issue 81 makes this the
   * record's component): sampling is then refused by name.
   */
  public boolean allowSampling() {
    return false;
  }

  /** {@return whether the gateway starts this server (stdio) rather than reaching it (http)} */
  public boolean isStdio() {
    return url == null;
  }

  /**
   * Refuses a plain-HTTP URL that leaves this machine: the server's tools would be called, and
   * their arguments sent, in the clear over a network.
   */
  private static void checkUrl(String name, URI url) {
    String scheme =
        url.getScheme() == null ? "" : url.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (scheme.equals("https")) {
      return;
    }
    if (!scheme.equals("http")) {
      throw new IllegalArgumentException(
          "MCP server '" + name + "': url must be http or https, not " + url);
    }
    String host = url.getHost();
    boolean loopback;
    try {
      loopback =
          host != null
              && (host.equals("localhost") || InetAddress.getByName(host).isLoopbackAddress())
              && !host.isEmpty()
              && isLiteralOrLocalhost(host);
    } catch (UnknownHostException e) {
      loopback = false;
    }
    if (!loopback) {
      throw new IllegalArgumentException(
          "MCP server '"
              + name
              + "': plain http only on a loopback address (127.0.0.1, [::1], localhost); use https for "
              + url);
    }
  }

  /**
   * Only literal addresses and {@code localhost}: a name that resolves to loopback today may not
   * tomorrow.
   */
  private static boolean isLiteralOrLocalhost(String host) {
    return host.equals("localhost")
        || host.startsWith("[")
        || host.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == ':');
  }
}
