package io.github.providergateway.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scene of issue 64's network test: two HTTP servers on loopback, on ports of the system's
 * choosing, and a project script ({@code sh scripts/fetch.sh}) that asks each for a page with
 * {@code curl} and prints the status it got. The servers listen on addresses of their own, {@value
 * #LISTED} (the one the test puts on the allow list) and {@value #UNLISTED} (off it): all of
 * 127.0.0.0/8 is loopback on Linux, so nothing leaves the machine and no name needs resolving. (A
 * {@code *.localhost} name does not resolve here, and the sandbox's proxy resolves names itself, so
 * {@code curl --resolve} is not seen by it; and curl goes straight to {@code 127.0.0.1}, which the
 * sandbox lists in {@code NO_PROXY}, where the sandbox's own network has no server.)
 */
final class NetworkScene implements AutoCloseable {

  /** The address on the allow list. */
  static final String LISTED = "127.0.0.2";

  /** The address off it. */
  static final String UNLISTED = "127.0.0.3";

  /** The command the model runs. */
  static final String COMMAND = "sh scripts/fetch.sh";

  /** What the script prints at its end: it ran to it. */
  static final String DONE = "fetched";

  /** A fetch curl gives up on, so that a refused or held request cannot outlast the test. */
  private static final int CURL_SECONDS = 10;

  private final Server listed;
  private final Server unlisted;

  private NetworkScene(Server listed, Server unlisted) {
    this.listed = listed;
    this.unlisted = unlisted;
  }

  /** Starts both servers and writes the script into {@code project}. */
  static NetworkScene set(Path project) throws IOException {
    Server listed = Server.start(LISTED);
    Server unlisted;
    try {
      unlisted = Server.start(UNLISTED);
    } catch (IOException e) {
      listed.close();
      throw e;
    }
    Path scripts = Files.createDirectories(project.resolve("scripts"));
    Files.writeString(
        scripts.resolve("fetch.sh"),
        "#!/bin/sh\n"
            + fetch("listed", listed)
            + fetch("unlisted", unlisted)
            + "echo "
            + DONE
            + "\n");
    return new NetworkScene(listed, unlisted);
  }

  private static String fetch(String name, Server server) {
    return "echo \""
        + name
        + " $(curl -s -o /dev/null -w '%{http_code}' --max-time "
        + CURL_SECONDS
        + " http://"
        + server.address
        + ":"
        + server.port()
        + "/)\"\n";
  }

  /** How many requests the server on the allow list saw. */
  int listedSaw() {
    return listed.requests.get();
  }

  /** How many requests the server off the list saw. */
  int unlistedSaw() {
    return unlisted.requests.get();
  }

  /** The HTTP status the script printed for the listed server, from the tool's output. */
  static Optional<String> listedStatus(String output) {
    return status(output, "listed");
  }

  /** The HTTP status the script printed for the unlisted server ({@code 000}: no answer). */
  static Optional<String> unlistedStatus(String output) {
    return status(output, "unlisted");
  }

  private static Optional<String> status(String output, String name) {
    Matcher matcher = Pattern.compile("(?m)^" + name + " (\\d{3})$").matcher(output);
    return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
  }

  /** Both servers' addresses and what they saw, for an assertion's description. */
  String describe() {
    return "\n--- the servers: "
        + List.of(listed.describe(), unlisted.describe())
        + " (the script: "
        + COMMAND
        + ")";
  }

  @Override
  public void close() {
    listed.close();
    unlisted.close();
  }

  /** A server on {@code address} that answers every request 200 and counts them. */
  private static final class Server implements AutoCloseable {
    private final String address;
    private final HttpServer http;
    private final AtomicInteger requests = new AtomicInteger();

    private Server(String address, HttpServer http) {
      this.address = address;
      this.http = http;
    }

    static Server start(String address) throws IOException {
      HttpServer http =
          HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 8);
      Server server = new Server(address, http);
      http.createContext("/", server::answer);
      http.start();
      return server;
    }

    private void answer(HttpExchange exchange) throws IOException {
      requests.incrementAndGet();
      byte[] body = ("reached " + address + "\n").getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    }

    int port() {
      return http.getAddress().getPort();
    }

    String describe() {
      return address + ":" + port() + " saw " + requests.get();
    }

    @Override
    public void close() {
      http.stop(0);
    }
  }
}
