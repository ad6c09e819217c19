package io.github.providergateway.host.client;

import io.github.providergateway.host.protocol.HostChallenge;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a host connects: the URL's host resolved once, and the URL rewritten to that address, so
 * the socket goes exactly where the {@code host.challenge} proof is checked for ({@code localhost}
 * could otherwise be 127.0.0.1 for one and ::1 for the other).
 *
 * @param url the URL to open, its host an IP literal
 * @param address the address and port it names
 */
record Dialled(URI url, InetSocketAddress address) {

  /** An endpoint as {@link HostChallenge#endpoint} writes a loopback one. */
  private static final Pattern LOOPBACK_ENDPOINT =
      Pattern.compile("(?:(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})|\\[::1\\]):(\\d{1,5})");

  /**
   * Resolves {@code url}'s host (an IP literal is read, not looked up).
   *
   * @throws IOException when the host has no address
   */
  static Dialled of(URI url) throws IOException {
    if (url.getHost() == null) {
      throw new IOException("no host in " + url);
    }
    int port =
        url.getPort() != -1 ? url.getPort() : "wss".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(url.getHost()), port);
    String endpoint = HostChallenge.endpoint(address);
    try {
      URI literal =
          new URI(
              url.getScheme(),
              url.getUserInfo(),
              endpoint.substring(0, endpoint.lastIndexOf(':')),
              port,
              url.getPath(),
              url.getQuery(),
              url.getFragment());
      return new Dialled(literal, address);
    } catch (URISyntaxException e) {
      throw new IOException("cannot address " + url + " as " + endpoint, e);
    }
  }

  /** {@return the address and port as the proof covers them ({@link HostChallenge#endpoint})} */
  String endpoint() {
    return HostChallenge.endpoint(address);
  }

  /**
   * The loopback address and port {@code text} names ({@code 127.0.0.1:9400}, {@code [::1]:9400}),
   * read without any lookup; empty for anything else. What a gateway's answer claims to be a proof
   * for: only used to tell a person what happened.
   */
  static Optional<InetSocketAddress> loopbackEndpoint(String text) {
    Matcher m = text == null ? null : LOOPBACK_ENDPOINT.matcher(text);
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    int port = Integer.parseInt(m.group(5));
    byte[] ip;
    if (m.group(1) == null) {
      ip = new byte[16];
      ip[15] = 1;
    } else {
      ip = new byte[4];
      for (int i = 0; i < 4; i++) {
        int part = Integer.parseInt(m.group(i + 1));
        if (part > 255) {
          return Optional.empty();
        }
        ip[i] = (byte) part;
      }
    }
    try {
      InetAddress address = InetAddress.getByAddress(ip);
      return address.isLoopbackAddress() && port <= 65535
          ? Optional.of(new InetSocketAddress(address, port))
          : Optional.empty();
    } catch (java.net.UnknownHostException e) {
      return Optional.empty(); // not reached: the length is right
    }
  }
}
