package io.github.providergateway.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A git server over HTTP or HTTPS on a loopback address, for a real {@code git push} in a test:
 * each request goes to {@code git http-backend}, git's own smart-HTTP server, as a web server's CGI
 * would give it (the request's method, path, query and body in; its headers and body out).
 */
final class GitOverHttp implements AutoCloseable {

  private final HttpServer server;
  private final Path repositories;

  private GitOverHttp(HttpServer server, Path repositories) {
    this.server = server;
    this.repositories = repositories;
  }

  /**
   * Serves the bare repositories under {@code repositories} at {@code address} (port 0) over HTTPS,
   * with a certificate for {@code address} made now in {@code folder} ({@code keytool}); git trusts
   * it through {@link #certificate} ({@code http.sslCAInfo}).
   */
  static GitOverHttp serveTls(String address, Path repositories, Path folder) throws Exception {
    Path keystore = folder.resolve("git-server.p12");
    char[] password = "test-only".toCharArray();
    keytool(
        "-genkeypair",
        "-keyalg",
        "EC",
        "-alias",
        "git",
        "-dname",
        "CN=" + address,
        "-ext",
        "SAN=ip:" + address,
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        keystore.toString(),
        "-storepass",
        new String(password));
    keytool(
        "-exportcert",
        "-rfc",
        "-alias",
        "git",
        "-keystore",
        keystore.toString(),
        "-storepass",
        new String(password),
        "-file",
        folder.resolve("git-server.pem").toString());
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = java.nio.file.Files.newInputStream(keystore)) {
      store.load(in, password);
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(store, password);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(keys.getKeyManagers(), null, null);
    HttpsServer server = HttpsServer.create(new InetSocketAddress(address, 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    GitOverHttp git = new GitOverHttp(server, repositories);
    server.createContext("/", git::handle);
    server.start();
    return git;
  }

  private static void keytool(String... args) throws Exception {
    java.util.List<String> line = new java.util.ArrayList<>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    line.addAll(java.util.List.of(args));
    Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("keytool " + String.join(" ", args) + ": " + said);
    }
  }

  /** {@return the server's certificate (PEM), beside its keystore, for git's http.sslCAInfo} */
  static Path certificate(Path folder) {
    return folder.resolve("git-server.pem");
  }

  /** {@return {@code http[s]://ADDRESS:PORT/NAME}} for the repository {@code name} */
  String url(String name) {
    InetSocketAddress at = server.getAddress();
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://" + at.getHostString() + ":" + at.getPort() + "/" + name;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      ProcessBuilder backend = new ProcessBuilder("git", "http-backend");
      Map<String, String> env = backend.environment();
      env.put("GIT_PROJECT_ROOT", repositories.toString());
      env.put("GIT_HTTP_EXPORT_ALL", "1");
      env.put("REMOTE_USER", "test");
      env.put("REMOTE_ADDR", "127.0.0.1");
      env.put("REQUEST_METHOD", exchange.getRequestMethod());
      env.put("PATH_INFO", exchange.getRequestURI().getPath());
      String query = exchange.getRequestURI().getRawQuery();
      env.put("QUERY_STRING", query == null ? "" : query);
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      env.put("CONTENT_TYPE", type == null ? "" : type);
      String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
      if (encoding != null) {
        env.put("HTTP_CONTENT_ENCODING", encoding);
      }
      Process process = backend.redirectError(ProcessBuilder.Redirect.DISCARD).start();
      try (OutputStream in = process.getOutputStream();
          InputStream body = exchange.getRequestBody()) {
        body.transferTo(in);
      }
      byte[] out = process.getInputStream().readAllBytes();
      process.waitFor(30, TimeUnit.SECONDS);
      respond(exchange, out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The CGI's answer: its headers ({@code Status:} among them), a blank line, its body. */
  private static void respond(HttpExchange exchange, byte[] out) throws IOException {
    int status = 200;
    int at = 0;
    while (at < out.length) {
      int end = at;
      while (end < out.length && out[end] != '\n') {
        end++;
      }
      String line = new String(out, at, end - at, StandardCharsets.ISO_8859_1).strip();
      at = end + 1;
      if (line.isEmpty()) {
        break;
      }
      int colon = line.indexOf(':');
      String name = line.substring(0, colon).strip();
      String value = line.substring(colon + 1).strip();
      if (name.equalsIgnoreCase("Status")) {
        status = Integer.parseInt(value.split(" ")[0]);
      } else {
        exchange.getResponseHeaders().add(name, value);
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(out, Math.min(at, out.length), Math.max(0, out.length - at));
    exchange.sendResponseHeaders(status, body.size() == 0 ? -1 : body.size());
    if (body.size() > 0) {
      exchange.getResponseBody().write(body.toByteArray());
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
