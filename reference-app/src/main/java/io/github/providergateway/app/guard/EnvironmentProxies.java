package io.github.providergateway.app.guard;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The proxies of the standard variables, as curl and most tools read them: {@code https_proxy} (or
 * {@code HTTPS_PROXY}) for {@code https:} addresses, {@code http_proxy} (or {@code HTTP_PROXY}) for
 * {@code http:} ones, none for a host {@code no_proxy} (or {@code NO_PROXY}) names: a comma list of
 * host names, each also covering its subdomains ({@code example.com} and {@code .example.com} both
 * cover {@code policy.example.com}), or {@code *} for every host. A proxy is {@code
 * http://host:port} (port 80 when not given); proxies that need a password are not supported. The
 * JDK's own proxy properties are not read: a gateway started by an agent's hook has the user's
 * environment, not their JVM options.
 */
final class EnvironmentProxies extends ProxySelector {

  private final Map<String, String> env;

  EnvironmentProxies(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public List<Proxy> select(URI uri) {
    String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
    String host = uri.getHost();
    if (host == null || bypassed(host)) {
      return List.of(Proxy.NO_PROXY);
    }
    String proxy = variable(scheme + "_proxy");
    if (proxy == null) {
      return List.of(Proxy.NO_PROXY);
    }
    URI address = URI.create(proxy.contains("://") ? proxy : "http://" + proxy);
    if (address.getHost() == null) {
      return List.of(Proxy.NO_PROXY);
    }
    int port = address.getPort() == -1 ? 80 : address.getPort();
    return List.of(
        new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(address.getHost(), port)));
  }

  /** Whether {@code no_proxy} names {@code host} (or a domain it is in). */
  boolean bypassed(String host) {
    String list = variable("no_proxy");
    if (list == null) {
      return false;
    }
    String name = host.toLowerCase(Locale.ROOT);
    for (String entry : list.split(",")) {
      String e = entry.strip().toLowerCase(Locale.ROOT);
      int colon = e.lastIndexOf(':');
      if (colon > 0 && !e.contains("]") && e.indexOf(':') == colon) {
        e = e.substring(0, colon); // a port in the entry: hosts are matched on any port
      }
      if (e.startsWith("*.")) {
        e = e.substring(1);
      }
      if (e.equals("*")) {
        return true;
      }
      if (e.isEmpty()) {
        continue;
      }
      String domain = e.startsWith(".") ? e.substring(1) : e;
      if (name.equals(domain) || name.endsWith("." + domain)) {
        return true;
      }
    }
    return false;
  }

  /** The lower-case variable, else the upper-case one, as curl reads them. */
  private String variable(String lower) {
    String value = env.get(lower);
    if (value == null || value.isBlank()) {
      value = env.get(lower.toUpperCase(Locale.ROOT));
    }
    return value == null || value.isBlank() ? null : value.strip();
  }

  @Override
  public void connectFailed(URI uri, SocketAddress address, IOException failure) {
    // Nothing to learn: the fetch reports its own failure, and the next one asks again.
  }
}
